import type { KeyValueStore } from "../../shared/kv/port";
import { addressSubject } from "./client-address";
import { decide, RateLimitedError, windowsOf } from "./limiter";
import { CREDENTIAL_FAILURES_POLICY } from "./policy";

/**
 * Refused keys and tokens, counted per client address apart from passwords (see
 * `CREDENTIAL_FAILURES_POLICY`). Nothing is checked before a key or token is judged: it is
 * a long random string, so a valid one is admitted whoever else at its address has failed,
 * and a guess never succeeds. Only a refusal counts, and only one that looks guessed (an
 * unknown key, a forged token, a refresh token that is not valid); an expired token or a
 * revoked key held by its rightful owner does not.
 */

/**
 * Counts one refused key or token from `address`. Returns while the address has room (the
 * caller answers its 401); once the address has had its fill, the 429 is thrown instead,
 * without counting, and says when to come back and nothing about what is left.
 */
export async function countRefusedCredential(kv: KeyValueStore, address: string, nowMs: number = Date.now()): Promise<void> {
  const outcome = await kv.hitWindows(windowsOf(CREDENTIAL_FAILURES_POLICY, addressSubject(address)), { nowMs });
  if (outcome.allowed) return;
  const seconds = decide(CREDENTIAL_FAILURES_POLICY, false, outcome.windows, nowMs).retryAfterSeconds ?? 1;
  throw new RateLimitedError(
    `Too many requests with a key or token that is not valid came from this address; try again in ${seconds} seconds`,
    { "Retry-After": String(seconds) },
    seconds,
  );
}
