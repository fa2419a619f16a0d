/**
 * When deliveries are retried, and the other numbers of the delivery worker. The defaults
 * are the documented contract; tests pass smaller ones through the service's dependencies.
 */
export interface DeliveryOptions {
  /** Base delay before attempt n + 1, for n = 1, 2, ...; its length + 1 is the number of attempts. */
  retryDelaysMs: readonly number[];
  /** Each delay is scaled by a random factor in [1 - jitter, 1 + jitter], so retries of many deliveries spread out. */
  jitter: number;
  /** An attempt that has no complete answer by then has failed (10 s, docs/api.md#retries-order-duplicates). */
  timeoutMs: number;
  /** A webhook whose deliveries have failed without a success for this long is disabled. */
  disableAfterMs: number;
  /** How often a worker looks for due deliveries (retries, and work other processes queued). */
  pollIntervalMs: number;
  /** Attempts in flight at once to one webhook, per process: a slow receiver holds up only its own deliveries. */
  perWebhookConcurrency: number;
  /** Attempts in flight at once in one process. */
  totalConcurrency: number;
  /** How long past its timeout an unfinished attempt is trusted to its worker before another takes over. */
  leaseGraceMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Ten attempts over about three days: each wait 2.5 times the one before, from 100 s
 * (100 s, 4 min, 10 min, 26 min, 1.1 h, 2.7 h, 6.8 h, 17 h, 42 h: about 71 h in all).
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = Array.from({ length: 9 }, (_, i) => Math.round(100 * SECOND * 2.5 ** i));

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
  jitter: 0.2,
  timeoutMs: 10 * SECOND,
  disableAfterMs: 3 * DAY,
  pollIntervalMs: 1 * SECOND,
  perWebhookConcurrency: 4,
  totalConcurrency: 64,
  leaseGraceMs: 30 * SECOND,
};

/** Epoch ms of attempt `attempt + 1` after attempt `attempt` failed at `now`, or null when it was the last. */
export function nextRetryAt(options: DeliveryOptions, attempt: number, now: number, random: () => number): number | null {
  const base = options.retryDelaysMs[attempt - 1];
  if (base === undefined) return null;
  const factor = 1 + options.jitter * (2 * random() - 1);
  return now + Math.max(0, Math.round(base * factor));
}

export function maxAttempts(options: DeliveryOptions): number {
  return options.retryDelaysMs.length + 1;
}
