import type { IncomingMessage } from "node:http";
import { Errors } from "moleculer";
import { isPublic, type Access, type PublicAccess } from "../shared/access";
import { ApiError } from "../shared/errors";
import type { Identity } from "../shared/identity";
import { andThen, type Eventually } from "../shared/kv/eventually";
import type { KeyValueStore } from "../shared/kv/port";
import { toErrorResponse } from "./error-response";
import { CredentialRejected, type ApiKeyResolver, type Authenticator } from "./authenticate";
import { addressSubject, clientAddressOf, type TrustedProxies } from "./rate-limit/client-address";
import { countRefusedCredential } from "./rate-limit/credential-failures";
import { countRequest, enforceRateLimit, RateLimitedError, type RateLimitHeaders } from "./rate-limit/limiter";
import { credentialPolicy, credentialSubject, UNAUTHENTICATED_POLICY } from "./rate-limit/policy";
import { beginSignIn, signInAccountOf, type SignInAttempt } from "./rate-limit/sign-in-attempts";
import type { ApiStyle } from "./styles";

export interface AdmissionDependencies {
  kv: KeyValueStore;
  authenticator: Authenticator;
  trustedProxies: TrustedProxies;
  /** What each routed action's table declares; `undefined` for actions the gateway does not route. */
  accessOf(action: string): Access | undefined;
  /** The time every count is made at: the clock unless a test gives its own. */
  now?: () => number;
}

export interface Admitted {
  /** Absent for public actions. */
  identity?: Identity;
  /** Rate-limit headers for the response, or null when none apply. */
  headers: RateLimitHeaders | null;
}

/** What to do once an admitted request's action has answered (see `afterCall`). */
export interface AfterCall {
  succeeded<T>(result: T): Promise<T>;
  /** Resolves to what to answer with: `error`, or the 429 that takes its place. */
  failed(error: unknown): Promise<unknown>;
}

/** A public operation that is not counted per address: nothing to check, nothing to say. */
const UNCOUNTED: Admitted = Object.freeze({ headers: null });

/** A wrong password: the sign-in's own refusal. */
const isWrongPassword = (error: unknown) => toErrorResponse(error).status === 401;

/** A refused token: a 401, or a 400 that names the `token` field (an invitation that is not valid). */
function isRefusedToken(error: unknown): boolean {
  const shown = toErrorResponse(error);
  if (shown.status === 401) return true;
  const details = shown.details as { field?: unknown } | undefined;
  return shown.status === 400 && details?.field === "token";
}

/**
 * What the gateway does before any action runs: who is calling and whether they may call
 * now. One place, so that every route gets the same rules, the web session's and the OAuth
 * pages' included. How failed authentication is counted is in docs/api.md ("Failed
 * sign-ins and refused credentials"): wrong passwords per account, per account and
 * address, and per address, held back before the password is checked; refused keys and
 * tokens per address apart, never holding back a valid one.
 */
export function createAdmission(deps: AdmissionDependencies) {
  const addressOf = (req: IncomingMessage) => clientAddressOf(req, deps.trustedProxies);
  const now = deps.now ?? Date.now;
  /** Sign-ins under way, until their action answers. */
  const signIns = new WeakMap<IncomingMessage, SignInAttempt>();

  /** Turns a failure of the counters or of the auth service into a 503; 4xx pass through. */
  function unavailable(error: unknown, what: string): never {
    if (error instanceof Errors.MoleculerError) throw error;
    throw new ApiError("service_unavailable", `${what} not available right now; try again shortly`);
  }

  /** Public operations that take a password or a token are counted per address; a sign-in is also counted as an attempt. */
  async function admitPublic(req: IncomingMessage, perAddress: NonNullable<PublicAccess["perAddress"]>): Promise<Admitted> {
    const address = addressOf(req);
    const headers = await enforceRateLimit(deps.kv, UNAUTHENTICATED_POLICY, addressSubject(address), now());
    if (perAddress === "password") {
      const account = signInAccountOf((req as IncomingMessage & { body?: { email?: unknown } }).body?.email);
      signIns.set(req, await beginSignIn(deps.kv, { address, account }, now()));
    }
    return { headers };
  }

  /**
   * Counts a refused key or token against the caller's address. What to answer with:
   * `refused` itself while the address has room, the 429 once it has had too many, and
   * `refused` again when the counters cannot answer (the credential's own refusal is true).
   */
  async function countRefused<T>(req: IncomingMessage, refused: T): Promise<T | RateLimitedError> {
    try {
      await countRefusedCredential(deps.kv, addressOf(req), now());
      return refused;
    } catch (error) {
      return error instanceof RateLimitedError ? error : refused;
    }
  }

  /**
   * What a refused caller gets: a credential that looks guessed is counted against the
   * address first (a revoked key's or an expired token's never is), and answered with the
   * 429 once the address has had too many; a failure of the counters or of the auth service
   * becomes a 503.
   */
  async function refusal(error: unknown, req: IncomingMessage): Promise<never> {
    try {
      if (error instanceof CredentialRejected && error.looksGuessed) await countRefusedCredential(deps.kv, addressOf(req), now());
    } catch (failure) {
      return unavailable(failure, "Authentication or rate limiting is");
    }
    return unavailable(error, "Authentication or rate limiting is");
  }

  /** Settles a sign-in's count; a failure of the counters leaves it counted rather than failing an answer already made. */
  async function settleSignIn(req: IncomingMessage, wrongPassword: boolean): Promise<void> {
    const attempt = signIns.get(req);
    if (!attempt) return;
    signIns.delete(req);
    await attempt.settle(wrongPassword).catch(() => undefined);
  }

  return {
    /** The client address a request is counted against. */
    addressOf,

    /** The time counts are made at. */
    now,

    /**
     * Who is calling and whether they may, or a 4xx. When the counters or the auth service
     * cannot answer, a 503 the caller may retry, not a 500. Never throws: a refusal is a
     * rejected promise. On a store in memory, a caller with a credential this gateway knows
     * is admitted at once, without a promise (embedded mode's every request). A valid
     * credential is never held back by anyone else's failures: only refusals are counted.
     */
    admit(req: IncomingMessage, action: string, style: ApiStyle, resolveApiKey: ApiKeyResolver): Eventually<Admitted> {
      try {
        const access = deps.accessOf(action);
        if (access && isPublic(access)) {
          if (!access.perAddress) return UNCOUNTED;
          return admitPublic(req, access.perAddress).catch((error: unknown) => unavailable(error, "Authentication or rate limiting is"));
        }
        const admitted = andThen(deps.authenticator.identify(req, resolveApiKey), (known) =>
          andThen(countRequest(deps.kv, credentialPolicy(style, known.plan), credentialSubject(known), now()), (headers): Admitted => ({
            identity: known,
            headers,
          })),
        );
        return admitted instanceof Promise ? admitted.catch((error: unknown) => refusal(error, req)) : admitted;
      } catch (error) {
        return refusal(error, req);
      }
    },

    /**
     * For what the gateway serves itself without a credential (the API reference): counted
     * per client address like sign-in. The rate-limit headers, or a 429.
     */
    async admitAnonymous(req: IncomingMessage): Promise<RateLimitHeaders | null> {
      try {
        return await enforceRateLimit(deps.kv, UNAUTHENTICATED_POLICY, addressSubject(addressOf(req)), now());
      } catch (error) {
        return unavailable(error, "Rate limiting is");
      }
    },

    /**
     * What to do once the action of an admitted public request that takes a password or a
     * token has answered; null for every other action (nothing to do). A sign-in that was not
     * a wrong password is taken back; a refused token is counted against the address, and
     * answered with the 429 once the address has had too many.
     */
    afterCall(req: IncomingMessage, action: string): AfterCall | null {
      const access = deps.accessOf(action);
      const perAddress = access && isPublic(access) ? access.perAddress : undefined;
      if (perAddress === "password") {
        return {
          succeeded: async (result) => {
            await settleSignIn(req, false);
            return result;
          },
          failed: async (error) => {
            await settleSignIn(req, isWrongPassword(error));
            return error;
          },
        };
      }
      if (perAddress !== "token") return null;
      return {
        succeeded: async (result) => result,
        failed: async (error) => (isRefusedToken(error) ? countRefused(req, error) : error),
      };
    },

    /**
     * For sign-ins the gateway serves itself (the OAuth pages): counts the attempt on
     * `email`'s account, or on the address alone for a guessable code (`email` null), before
     * it is checked; `settle` it with the outcome. Rejects with the 429 when held back.
     */
    beginSignIn(req: IncomingMessage, email: string | null): Promise<SignInAttempt> {
      return beginSignIn(deps.kv, { address: addressOf(req), account: email === null ? null : signInAccountOf(email) }, now());
    },

    /** For keys and tokens the gateway judges itself (the web session, OAuth client secrets): see `afterCall`. */
    countRefused,
  };
}

export type Admission = ReturnType<typeof createAdmission>;
