import type { Identity, Plan } from "../../shared/identity";
import type { ApiStyle } from "../styles";

/**
 * The rate limits (docs/api.md#rate-limits), as data. A policy is a set of fixed windows that must all
 * have room for a request; its `id` names its own counters, so the same subject is counted
 * apart under each policy (Style A and Style B never share a count).
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export type WindowName = "minute" | "hour" | "day";

export interface RateWindow {
  name: WindowName;
  limit: number;
  windowMs: number;
}

export interface RatePolicy {
  id: string;
  /** No windows: not limited, and no rate-limit headers. */
  windows: readonly RateWindow[];
}

const perMinute = (limit: number): RateWindow => ({ name: "minute", limit, windowMs: MINUTE_MS });
const perHour = (limit: number): RateWindow => ({ name: "hour", limit, windowMs: HOUR_MS });
const perDay = (limit: number): RateWindow => ({ name: "day", limit, windowMs: DAY_MS });

/** Style A, per credential: all three windows enforced. */
export const STYLE_A_POLICY: RatePolicy = { id: "style-a", windows: [perMinute(100), perHour(5_000), perDay(50_000)] };

/** Style B, per credential: requests per hour by the organization's plan; null is unlimited. */
export const STYLE_B_HOURLY_LIMITS: Readonly<Record<Plan, number | null>> = {
  free: 100,
  standard: 1_000,
  pro: 5_000,
  enterprise: null,
};

function makeStyleBPolicy(plan: Plan): RatePolicy {
  const limit = STYLE_B_HOURLY_LIMITS[plan];
  // One id for every plan: a plan that changes within the hour keeps the hour's count.
  return { id: "style-b", windows: limit === null ? [] : [perHour(limit)] };
}

/** One policy object per plan, made once: the rate limiter remembers counter keys per policy. */
const STYLE_B_POLICIES: Readonly<Record<Plan, RatePolicy>> = {
  free: makeStyleBPolicy("free"),
  standard: makeStyleBPolicy("standard"),
  pro: makeStyleBPolicy("pro"),
  enterprise: makeStyleBPolicy("enterprise"),
};

export function styleBPolicy(plan: Plan): RatePolicy {
  return STYLE_B_POLICIES[plan];
}

/** The policy for an authenticated request. */
export function credentialPolicy(style: ApiStyle, plan: Plan): RatePolicy {
  return style === "A" ? STYLE_A_POLICY : styleBPolicy(plan);
}

/**
 * What an authenticated request is counted against: its API key, the user of a token, or
 * for an OAuth application's token the (application, user) grant, so that an application
 * does not use up the user's own allowance, nor one user's grant another's.
 */
export function credentialSubject(identity: Pick<Identity, "apiKeyId" | "userId" | "oauthClientId">): string {
  if (identity.apiKeyId) return `key:${identity.apiKeyId}`;
  return identity.oauthClientId ? `oauth:${identity.oauthClientId}:${identity.userId}` : `user:${identity.userId}`;
}

/**
 * Endpoints served without a credential (sign-up, sign-in, refresh, the OAuth token
 * endpoint, accepting an invitation), per client address, whatever the style. Room for an
 * office behind one address whose people sign in and refresh their tokens (every 15
 * minutes each), while making sign-in (a deliberately slow password hash) costly to flood.
 */
export const UNAUTHENTICATED_PER_MINUTE = 60;
export const UNAUTHENTICATED_PER_HOUR = 1_000;
export const UNAUTHENTICATED_POLICY: RatePolicy = {
  id: "unauthenticated",
  windows: [perMinute(UNAUTHENTICATED_PER_MINUTE), perHour(UNAUTHENTICATED_PER_HOUR)],
};

/**
 * The OAuth token, device authorization, revocation and introspection endpoints, per
 * confidential application once it has proved its secret, on top of the per-address limit
 * (`OAUTH_CLIENT_REQUESTS_PER_MINUTE` and `_PER_HOUR`; 3,000 and 100,000 by default). Counted
 * only after authentication, so nobody can spend an application's allowance by naming its
 * `client_id`. A public application has nothing to prove: anyone may send its `client_id`,
 * so a count per public application would let anyone lock out all of its users. Its
 * requests are counted per address only, which bounds every caller on its own.
 */
export function oauthClientPolicy(perMinuteLimit: number, perHourLimit: number): RatePolicy {
  return { id: "oauth-client", windows: [perMinute(perMinuteLimit), perHour(perHourLimit)] };
}

/**
 * Keys and tokens that were refused and look guessed (see `CredentialRejected`), per client
 * address: API keys, access and refresh tokens, invitation tokens and OAuth client secrets
 * are long random strings, so a guess never succeeds and nothing has to be held back before
 * one is checked. A valid credential is always admitted; past these counts, a refused one is
 * answered 429 instead of 401 until the window ends. Apart from passwords, so that a scanner
 * and an office's mistyped passwords never use up each other's room.
 */
export const CREDENTIAL_FAILURES_PER_MINUTE = 30;
export const CREDENTIAL_FAILURES_PER_HOUR = 300;
export const CREDENTIAL_FAILURES_POLICY: RatePolicy = {
  id: "credential-failures",
  windows: [perMinute(CREDENTIAL_FAILURES_PER_MINUTE), perHour(CREDENTIAL_FAILURES_PER_HOUR)],
};

/**
 * Wrong passwords (and the device page's user codes, which are short enough to guess), in
 * fixed 15-minute windows. Each attempt is counted before the password is checked and taken
 * back when it was right, so an attempt past a full window is refused unheard.
 *
 * - Per account and client address, 10: room for a person's typos; past it, that account is
 *   refused from that address only.
 * - Per account, 30, from any address: three addresses' worth, so one address (one attacker
 *   or one colleague) can never lock the account for its owner elsewhere, while guessing
 *   from many addresses gets at most 30 tries in 15 minutes.
 * - Per client address, 100, whichever accounts: an office behind one address has room for
 *   everybody's typos, and spraying one password over many accounts stops there.
 *
 * The reasons and the numbers are in docs/api.md ("Failed sign-ins and refused
 * credentials").
 */
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
export const SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
export const SIGN_IN_FAILURES_PER_ACCOUNT = 30;
export const SIGN_IN_FAILURES_PER_ADDRESS = 100;
