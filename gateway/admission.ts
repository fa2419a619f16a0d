import type { IncomingMessage } from "node:http";
import { Errors } from "moleculer";
import { isPublic, type Access } from "../shared/access";
import { ApiError } from "../shared/errors";
import type { Identity } from "../shared/identity";
import { andThen, type Eventually } from "../shared/kv/eventually";
import type { KeyValueStore } from "../shared/kv/port";
import { toErrorResponse } from "./error-response";
import { CredentialRejected, type ApiKeyResolver, type Authenticator } from "./authenticate";
import { addressSubject, clientAddressOf, type TrustedProxies } from "./rate-limit/client-address";
import {
  enforceFailedAuthenticationThrottle,
  failedAuthenticationGate,
  recordFailedAuthentication,
} from "./rate-limit/failed-authentication";
import { countRequest, enforceRateLimit, type RateLimitHeaders } from "./rate-limit/limiter";
import { credentialPolicy, credentialSubject, UNAUTHENTICATED_POLICY } from "./rate-limit/policy";
import type { ApiStyle } from "./styles";

export interface AdmissionDependencies {
  kv: KeyValueStore;
  authenticator: Authenticator;
  trustedProxies: TrustedProxies;
  /** What each routed action's table declares; `undefined` for actions the gateway does not route. */
  accessOf(action: string): Access | undefined;
}

export interface Admitted {
  /** Absent for public actions. */
  identity?: Identity;
  /** Rate-limit headers for the response, or null when none apply. */
  headers: RateLimitHeaders | null;
}

/** A public operation that is not counted per address: nothing to check, nothing to say. */
const UNCOUNTED: Admitted = Object.freeze({ headers: null });

/**
 * What the gateway does before any action runs: who is calling (docs/api.md#authentication) and whether
 * they may call now (docs/api.md#rate-limits). One place, so that every route gets the same rules.
 */
export function createAdmission(deps: AdmissionDependencies) {
  const addressOf = (req: IncomingMessage) => clientAddressOf(req, deps.trustedProxies);

  /** Turns a failure of the counters or of the auth service into a 503; 4xx pass through. */
  function unavailable(error: unknown, what: string): never {
    if (error instanceof Errors.MoleculerError) throw error;
    throw new ApiError("service_unavailable", `${what} not available right now; try again shortly`);
  }

  /** Public operations that take a password or a token are counted per address; a throttled one also after failures. */
  async function admitPublic(address: string, perAddress: "limited" | "throttled"): Promise<Admitted> {
    if (perAddress === "throttled") await enforceFailedAuthenticationThrottle(deps.kv, address);
    return { headers: await enforceRateLimit(deps.kv, UNAUTHENTICATED_POLICY, addressSubject(address)) };
  }

  /**
   * What a refused caller gets: a credential that looks guessed is counted against the
   * address first (the refusal of an address already held back never is, nor a revoked
   * key's); a failure of the counters or of the auth service becomes a 503.
   */
  async function refusal(error: unknown, address: string | undefined): Promise<never> {
    try {
      if (address !== undefined && error instanceof CredentialRejected && error.looksGuessed)
        await recordFailedAuthentication(deps.kv, address);
    } catch (failure) {
      return unavailable(failure, "Authentication or rate limiting is");
    }
    return unavailable(error, "Authentication or rate limiting is");
  }

  /** Whether a 401 from this action means a wrong secret was tried. */
  const isThrottled = (action: string) => {
    const access = deps.accessOf(action);
    return access !== undefined && isPublic(access) && access.perAddress === "throttled";
  };

  return {
    /** The client address a request is counted against (per-address limits, the failed-authentication throttle). */
    addressOf,

    /**
     * Who is calling and whether they may, or a 4xx. When the counters or the auth service
     * cannot answer, a 503 the caller may retry, not a 500. Never throws: a refusal is a
     * rejected promise. On a store in memory, a caller with a credential this gateway knows
     * is admitted at once, without a promise (embedded mode's every request).
     */
    admit(req: IncomingMessage, action: string, style: ApiStyle, resolveApiKey: ApiKeyResolver): Eventually<Admitted> {
      let address: string | undefined;
      try {
        address = addressOf(req);
        const access = deps.accessOf(action);
        if (access && isPublic(access)) {
          if (!access.perAddress) return UNCOUNTED;
          return admitPublic(address, access.perAddress).catch((error: unknown) =>
            unavailable(error, "Authentication or rate limiting is"),
          );
        }
        // The throttle's counters are read in the same key-value step as the credential's marks.
        const identity = deps.authenticator.identify(req, resolveApiKey, failedAuthenticationGate(address));
        const admitted = andThen(identity, (known) =>
          andThen(countRequest(deps.kv, credentialPolicy(style, known.plan), credentialSubject(known)), (headers): Admitted => ({
            identity: known,
            headers,
          })),
        );
        const from = address;
        return admitted instanceof Promise ? admitted.catch((error: unknown) => refusal(error, from)) : admitted;
      } catch (error) {
        return refusal(error, address);
      }
    },

    /**
     * For what the gateway serves itself without a credential (the API reference): counted
     * per client address like sign-in. The rate-limit headers, or a 429.
     */
    async admitAnonymous(req: IncomingMessage): Promise<RateLimitHeaders | null> {
      try {
        return await enforceRateLimit(deps.kv, UNAUTHENTICATED_POLICY, addressSubject(addressOf(req)));
      } catch (error) {
        return unavailable(error, "Rate limiting is");
      }
    },

    /** After an action failed: a wrong password or token sent to a public action counts against the address. */
    async noteFailure(req: IncomingMessage, action: string, error: unknown): Promise<void> {
      if (isThrottled(action) && toErrorResponse(error).status === 401) await recordFailedAuthentication(deps.kv, addressOf(req));
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
