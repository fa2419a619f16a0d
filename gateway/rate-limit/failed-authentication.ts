import type { FixedWindow, KeyValueStore } from "../../shared/kv/port";
import { readWindows, type WindowRead } from "../../shared/kv/windows";
import { addressSubject } from "./client-address";
import { decide, throwIfRefused, windowsOf, type RateLimitDecision } from "./limiter";
import { FAILED_AUTHENTICATION_POLICY, FAILED_AUTHENTICATIONS_PER_MINUTE } from "./policy";

/**
 * Throttling failed authentication per client address, so that keys and passwords cannot be
 * guessed at speed. Before a credential or a password is checked, `checkFailedAuthentication`:
 * once the address has failed FAILED_AUTHENTICATIONS_PER_MINUTE times in the current minute,
 * it is refused (429) whatever it sends, right or wrong, until the minute ends, so a guess
 * made while refused tells nothing. After a failure, `recordFailedAuthentication`.
 *
 * What to record: failures that may be guesses. An unknown API key, a token whose signature
 * does not hold, a wrong email or password, an unknown refresh or invitation token. Not a
 * token that has merely expired or been revoked, nor a revoked key: its caller held a real
 * credential, and a busy office behind one address would otherwise lock itself out every
 * time its access tokens expire.
 */

/**
 * The failed-authentication check of `address` as keys to read and a verdict on their values,
 * so that the read can share one key-value step with other reads of the request.
 */
export interface FailedAuthenticationGate {
  keys: readonly string[];
  /** The decision for the values of `keys` (the first `keys.length` of `values`), at `nowMs` (the clock by default). */
  decide(values: readonly (string | null)[], nowMs?: number): RateLimitDecision;
  /** `decide`, throwing the 429 when the address is held back. */
  enforce(values: readonly (string | null)[]): void;
}

const ALLOWED: RateLimitDecision = { allowed: true, headers: null };

/**
 * An address's gate for one minute. Every authenticated request asks for its address's gate,
 * so one is kept per address while its minute lasts rather than made for each request.
 */
class AddressGate implements FailedAuthenticationGate {
  readonly keys: readonly string[];
  private readonly read: WindowRead;

  constructor(windows: readonly FixedWindow[], nowMs: number) {
    this.read = readWindows(windows, nowMs);
    this.keys = this.read.keys;
  }

  /** Whether `nowMs` falls in the minute this gate reads: outside it, another minute's counter counts. */
  covers(nowMs: number): boolean {
    return nowMs >= this.read.startsAtMs && nowMs < this.read.endsAtMs;
  }

  decide(values: readonly (string | null)[], nowMs: number = Date.now()): RateLimitDecision {
    const windows = this.read.countsFrom(values);
    const full = windows.some((w) => w.count >= w.limit);
    if (!full) return ALLOWED;
    const decision = decide(FAILED_AUTHENTICATION_POLICY, false, windows, nowMs);
    const retryAfterSeconds = decision.retryAfterSeconds ?? 1;
    return {
      ...decision,
      // How many failures an address has left is nobody's business: only when to come back.
      headers: { "Retry-After": String(retryAfterSeconds) },
      message: `Too many failed authentication attempts from this address; retry in ${retryAfterSeconds} seconds`,
    };
  }

  enforce(values: readonly (string | null)[]): void {
    throwIfRefused(this.decide(values));
  }
}

/** Each address's current gate, by its windows (which `windowsOf` keeps per address, within a bound). */
const gates = new WeakMap<readonly FixedWindow[], AddressGate>();

export function failedAuthenticationGate(address: string, nowMs: number = Date.now()): FailedAuthenticationGate {
  const windows = windowsOf(FAILED_AUTHENTICATION_POLICY, addressSubject(address));
  const kept = gates.get(windows);
  if (kept?.covers(nowMs)) return kept;
  const gate = new AddressGate(windows, nowMs);
  gates.set(windows, gate);
  return gate;
}

/** Whether `address` may try to authenticate now; refused decisions carry `Retry-After` only. */
export async function checkFailedAuthentication(
  kv: KeyValueStore,
  address: string,
  nowMs: number = Date.now(),
): Promise<RateLimitDecision> {
  const gate = failedAuthenticationGate(address, nowMs);
  return gate.decide(await kv.getMany(gate.keys), nowMs);
}

/** `checkFailedAuthentication`, throwing the 429 when the address is held back. */
export async function enforceFailedAuthenticationThrottle(kv: KeyValueStore, address: string, nowMs: number = Date.now()): Promise<void> {
  throwIfRefused(await checkFailedAuthentication(kv, address, nowMs));
}

/** Counts one failed authentication by `address`; says how many it has had this minute. */
export async function recordFailedAuthentication(
  kv: KeyValueStore,
  address: string,
  nowMs: number = Date.now(),
): Promise<{ failures: number; blocked: boolean }> {
  const outcome = await kv.hitWindows(windowsOf(FAILED_AUTHENTICATION_POLICY, addressSubject(address)), { nowMs });
  const failures = outcome.windows[0]?.count ?? 0;
  return { failures, blocked: failures >= FAILED_AUTHENTICATIONS_PER_MINUTE };
}
