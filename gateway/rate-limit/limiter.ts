import { ApiError } from "../../shared/errors";
import { andThen, hitWindows, type Eventually } from "../../shared/kv/eventually";
import type { FixedWindow, KeyValueStore, WindowCount } from "../../shared/kv/port";
import { KeptWindow } from "../../shared/kv/windows";
import type { RatePolicy } from "./policy";

/**
 * Counting a request against a policy, and the headers that say where the caller stands
 * (docs/api.md#rate-limits). All of a policy's windows are counted in one atomic step of the key-value
 * store; a request refused by one window is counted in none (see `KeyValueStore.hitWindows`),
 * so a caller held back by the minute does not use up its day, and retrying while refused
 * does not push the end of the wait further out.
 */

export type RateLimitHeaders = Record<string, string>;

export interface RateLimitDecision {
  allowed: boolean;
  /**
   * `X-RateLimit-Limit`, `-Remaining` and `-Reset` for the window with the fewest requests
   * left (on a tie, the one that frees up last), plus `Retry-After` when refused. Null when
   * the policy does not limit (Style B enterprise): such responses carry no such headers.
   */
  headers: RateLimitHeaders | null;
  /** Set when refused: seconds until every full window has ended. */
  retryAfterSeconds?: number;
  /** Set when refused: the window that holds the request back longest. */
  refusedBy?: WindowCount & { name: string };
  /** Set when refused: what the 429 says. */
  message?: string;
}

/** Subjects whose windows are remembered per policy: a flood of new ones costs a new start, never unbounded memory. */
const MAX_REMEMBERED_SUBJECTS = 10_000;
const windowsBySubject = new WeakMap<RatePolicy, Map<string, readonly FixedWindow[]>>();

/**
 * The counter keys of a policy's windows for one subject, under one Redis hash tag. Built
 * once per policy and subject: a caller's every request names its counters with the same
 * strings, which the key-value store then finds without hashing them again.
 */
export function windowsOf(policy: RatePolicy, subject: string): readonly FixedWindow[] {
  let bySubject = windowsBySubject.get(policy);
  if (!bySubject) {
    bySubject = new Map();
    windowsBySubject.set(policy, bySubject);
  }
  let windows = bySubject.get(subject);
  if (!windows) {
    windows = policy.windows.map((w) => new KeptWindow(`rate-limit:{${policy.id}:${subject}}:${w.name}`, w.limit, w.windowMs));
    if (bySubject.size >= MAX_REMEMBERED_SUBJECTS) bySubject.clear();
    bySubject.set(subject, windows);
  }
  return windows;
}

const secondsUntil = (atMs: number, nowMs: number) => Math.max(1, Math.ceil((atMs - nowMs) / 1000));

/**
 * The decision for where the windows stand after a hit. `windows[i]` belongs to
 * `policy.windows[i]`.
 */
const remaining = (w: WindowCount) => Math.max(0, w.limit - w.count);

export function decide(policy: RatePolicy, allowed: boolean, windows: readonly WindowCount[], nowMs: number): RateLimitDecision {
  if (windows.length === 0) return { allowed: true, headers: null };
  // Decided on every request: a loop, not a closure.
  let tightest = windows[0] as WindowCount;
  for (let i = 1; i < windows.length; i++) {
    const w = windows[i] as WindowCount;
    if (remaining(w) < remaining(tightest) || (remaining(w) === remaining(tightest) && w.resetAtMs > tightest.resetAtMs)) tightest = w;
  }
  const headers: RateLimitHeaders = {
    "X-RateLimit-Limit": String(tightest.limit),
    "X-RateLimit-Remaining": String(remaining(tightest)),
    "X-RateLimit-Reset": String(Math.ceil(tightest.resetAtMs / 1000)),
  };
  if (allowed) return { allowed, headers };
  // Refused: some window is full, so the tightest one is full and is the last of them to end.
  const retryAfterSeconds = secondsUntil(tightest.resetAtMs, nowMs);
  headers["Retry-After"] = String(retryAfterSeconds);
  const name = policy.windows[windows.indexOf(tightest)]?.name ?? "window";
  const message = `Rate limit exceeded: ${tightest.limit} requests per ${name}; retry in ${retryAfterSeconds} seconds`;
  return { allowed, headers, retryAfterSeconds, refusedBy: { ...tightest, name }, message };
}

/** Counts one request by `subject` (`key:<id>`, `user:<id>`, `address:<ip>`) under `policy`. */
export async function consume(
  kv: KeyValueStore,
  policy: RatePolicy,
  subject: string,
  nowMs: number = Date.now(),
): Promise<RateLimitDecision> {
  if (policy.windows.length === 0) return { allowed: true, headers: null };
  const outcome = await kv.hitWindows(windowsOf(policy, subject), { nowMs });
  return decide(policy, outcome.allowed, outcome.windows, nowMs);
}

/**
 * A 429 that carries its response headers. The gateway writes `headers` on the response
 * (read them with `rateLimitHeadersOf`); the body's details carry `retry_after` (seconds) in
 * both styles.
 */
export class RateLimitedError extends ApiError {
  constructor(
    message: string,
    readonly headers: RateLimitHeaders,
    retryAfterSeconds: number,
  ) {
    super("rate_limited", message, { retry_after: retryAfterSeconds });
    this.name = "RateLimitedError";
  }
}

/** The 429 for a refused decision. */
export function rateLimitedError(decision: RateLimitDecision): RateLimitedError {
  const retryAfterSeconds = decision.retryAfterSeconds ?? 1;
  const message = decision.message ?? `Rate limit exceeded; retry in ${retryAfterSeconds} seconds`;
  return new RateLimitedError(message, { ...(decision.headers ?? {}), "Retry-After": String(retryAfterSeconds) }, retryAfterSeconds);
}

/** Throws the 429 when refused; otherwise the headers for the response (null: none). */
export function throwIfRefused(decision: RateLimitDecision): RateLimitHeaders | null {
  if (!decision.allowed) throw rateLimitedError(decision);
  return decision.headers;
}

/**
 * `consume`, then `throwIfRefused`: the headers for the response, or the 429 thrown. On a
 * store in memory the request is counted at once, without a promise (a refusal is a throw);
 * otherwise the answer is a promise.
 */
export function countRequest(
  kv: KeyValueStore,
  policy: RatePolicy,
  subject: string,
  nowMs: number = Date.now(),
): Eventually<RateLimitHeaders | null> {
  if (policy.windows.length === 0) return null;
  return andThen(hitWindows(kv, windowsOf(policy, subject), { nowMs }), (outcome) =>
    throwIfRefused(decide(policy, outcome.allowed, outcome.windows, nowMs)),
  );
}

/** `countRequest`, always as a promise. */
export async function enforceRateLimit(
  kv: KeyValueStore,
  policy: RatePolicy,
  subject: string,
  nowMs: number = Date.now(),
): Promise<RateLimitHeaders | null> {
  return countRequest(kv, policy, subject, nowMs);
}

/**
 * The headers a 429 must carry, from whatever was thrown: a `RateLimitedError`'s own, or,
 * for a `rate_limited` error that lost its class on the way (crossed the service bus),
 * `Retry-After` from its details. Null for any other error.
 */
export function rateLimitHeadersOf(thrown: unknown): RateLimitHeaders | null {
  if (thrown instanceof RateLimitedError) return { ...thrown.headers };
  const err = thrown as { type?: unknown; data?: { retry_after?: unknown } } | null;
  if (err?.type !== "rate_limited") return null;
  const seconds = err.data?.retry_after;
  return typeof seconds === "number" && Number.isSafeInteger(seconds) && seconds > 0 ? { "Retry-After": String(seconds) } : {};
}
