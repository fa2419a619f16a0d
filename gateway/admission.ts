import type { IncomingMessage } from "node:http";
import { Errors } from "moleculer";
import { ApiError } from "../shared/errors";
import type { Identity } from "../shared/identity";
import type { KeyValueStore } from "../shared/kv/port";
import { toErrorResponse } from "./error-response";
import { CredentialRejected, type ApiKeyResolver, type Authenticator } from "./authenticate";
import { addressSubject, clientAddressOf, type TrustedProxies } from "./rate-limit/client-address";
import { enforceFailedAuthenticationThrottle, failedAuthenticationGate, recordFailedAuthentication } from "./rate-limit/failed-authentication";
import { enforceRateLimit, type RateLimitHeaders } from "./rate-limit/limiter";
import { credentialPolicy, credentialSubject, UNAUTHENTICATED_POLICY } from "./rate-limit/policy";
import type { ApiStyle } from "./styles";

/** Public actions that take a password or a token: limited per address, and throttled after failures. */
export const CREDENTIAL_ACTIONS: ReadonlySet<string> = new Set(["auth.register", "auth.login", "auth.refresh", "auth.logout", "users.acceptInvitation"]);
/** Of those, the ones whose 401 means a wrong secret was tried. */
const GUESSABLE_ACTIONS: ReadonlySet<string> = new Set(["auth.login", "auth.refresh", "users.acceptInvitation"]);

export interface AdmissionDependencies {
  kv: KeyValueStore;
  authenticator: Authenticator;
  trustedProxies: TrustedProxies;
  publicActions: ReadonlySet<string>;
}

export interface Admitted {
  /** Absent for public actions. */
  identity?: Identity;
  /** Rate-limit headers for the response, or null when none apply. */
  headers: RateLimitHeaders | null;
}

/**
 * What the gateway does before any action runs: who is calling (decisions §4) and whether
 * they may call now (§7). One place, so that every route gets the same rules.
 */
export function createAdmission(deps: AdmissionDependencies) {
  const addressOf = (req: IncomingMessage) => clientAddressOf(req, deps.trustedProxies);

  /** Turns a failure of the counters or of the auth service into a 503; 4xx pass through. */
  function unavailable(error: unknown, what: string): never {
    if (error instanceof Errors.MoleculerError) throw error;
    throw new ApiError("service_unavailable", `${what} not available right now; try again shortly`);
  }

  async function admitPublic(address: string, action: string): Promise<Admitted> {
    if (!CREDENTIAL_ACTIONS.has(action)) return { headers: null };
    if (GUESSABLE_ACTIONS.has(action)) await enforceFailedAuthenticationThrottle(deps.kv, address);
    return { headers: await enforceRateLimit(deps.kv, UNAUTHENTICATED_POLICY, addressSubject(address)) };
  }

  return {
    /**
     * Who is calling and whether they may, or a 4xx. When the counters or the auth service
     * cannot answer, a 503 the caller may retry, not a 500.
     */
    async admit(req: IncomingMessage, action: string, style: ApiStyle, resolveApiKey: ApiKeyResolver): Promise<Admitted> {
      // One async function for the authenticated path, which every request takes: each await costs.
      try {
        const address = addressOf(req);
        if (deps.publicActions.has(action)) return await admitPublic(address, action);
        let identity: Identity;
        try {
          // The throttle's counters are read in the same key-value step as the credential's marks.
          identity = await deps.authenticator.authenticate(req, resolveApiKey, failedAuthenticationGate(address));
        } catch (error) {
          if (error instanceof CredentialRejected && error.looksGuessed) await recordFailedAuthentication(deps.kv, address);
          throw error;
        }
        const headers = await enforceRateLimit(deps.kv, credentialPolicy(style, identity.plan), credentialSubject(identity));
        return { identity, headers };
      } catch (error) {
        return unavailable(error, "Authentication or rate limiting is");
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
      if (GUESSABLE_ACTIONS.has(action) && toErrorResponse(error).status === 401) await recordFailedAuthentication(deps.kv, addressOf(req));
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
