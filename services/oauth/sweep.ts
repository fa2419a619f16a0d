import { DAY_MS } from "../../shared/sweep";
import { isoSeconds } from "../../shared/time";
import type { Clock } from "./clock";
import { CODE_TTL_MS } from "./pages";
import type { OAuthStores } from "./oauth-stores";

/**
 * Pruning what the protocol leaves behind: used and expired authorization codes, expired
 * device codes, expired refresh tokens (spent or not) and consents nobody has used for
 * longer than a refresh token lives. Every replica of the oauth service sweeps on its own
 * timer: each step is one `deleteMany` by an age, so two replicas sweeping at once delete
 * the same documents once, and nothing is read first that could be stale.
 *
 * Deleting never lets anything work that did not: a code, device code or refresh token
 * that is gone is simply `invalid_grant`. What the ages keep is the protocol's memory:
 * a code used twice still revokes its tokens for a day after it expired, a device that
 * polls late still hears `expired_token` for a day, and a spent refresh token presented
 * again revokes its chain for as long as the token itself would have been valid.
 */

export interface RetentionAges {
  /** Codes (used or not) are kept this long past their expiry, for replay detection. */
  codesAfterExpiryMs: number;
  /** Device codes are kept this long past their expiry, so late polls hear `expired_token`. */
  deviceCodesAfterExpiryMs: number;
  /** Refresh tokens, spent or not, go at their own expiry: a spent one is kept until then for reuse detection. */
  refreshTokensAfterExpiryMs: number;
  /** A consent not used for this long (no code from it, no tokens issued under it) is forgotten. */
  consentsUnusedMs: number;
}

/**
 * The ages: a consent outlives the last refresh token issued under it by a day, so an
 * application that still holds a live grant always shows in the person's list.
 */
export function retentionAges(refreshTokenTtlDays: number): RetentionAges {
  return {
    codesAfterExpiryMs: DAY_MS,
    deviceCodesAfterExpiryMs: DAY_MS,
    refreshTokensAfterExpiryMs: 0,
    consentsUnusedMs: refreshTokenTtlDays * DAY_MS + DAY_MS + CODE_TTL_MS,
  };
}

export interface SweepCounts {
  codes: number;
  deviceCodes: number;
  refreshTokens: number;
  consents: number;
}

/** One sweep: what is past its age goes. Safe to run anywhere, any number of times at once. */
export async function sweepOAuth(
  stores: Pick<OAuthStores, "codes" | "deviceCodes" | "refreshTokens" | "consents">,
  ages: RetentionAges,
  clock: Clock,
): Promise<SweepCounts> {
  const now = clock();
  const [codes, deviceCodes, refreshTokens, consents] = await Promise.all([
    stores.codes.pruneExpiredBefore(now - ages.codesAfterExpiryMs),
    stores.deviceCodes.pruneExpiredBefore(now - ages.deviceCodesAfterExpiryMs),
    stores.refreshTokens.pruneExpiredBefore(now - ages.refreshTokensAfterExpiryMs),
    stores.consents.pruneUnusedSince(isoSeconds(new Date(now - ages.consentsUnusedMs))),
  ]);
  return { codes, deviceCodes, refreshTokens, consents };
}
