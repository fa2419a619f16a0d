import type { AttemptRecord } from "./documents";
import type { NextStep } from "./delivery-store";
import { nextRetryAt, type DeliveryOptions } from "./schedule";
import type { SendResult } from "./sender";

export interface Verdict {
  record: AttemptRecord;
  next: NextStep;
  /** 410 Gone: the receiver is gone for good. */
  disableWebhook: boolean;
  /** Whether it extends the webhook's run of failures (an interrupted attempt does not). */
  countsAsFailure: boolean;
}

function step(retryAt: number | null, attempt: number): NextStep {
  if (retryAt === null)
    return { state: "failed", next_attempt_at: null, failure_reason: `gave up after ${attempt} attempt${attempt === 1 ? "" : "s"}` };
  return { state: "pending", next_attempt_at: retryAt, failure_reason: null };
}

/**
 * What one attempt's answer means (docs/api.md#retries-order-duplicates): any 2xx within the timeout is success;
 * 410 Gone disables the webhook at once; anything else is retried on the schedule until
 * the attempts run out.
 */
export function judge(
  sent: SendResult,
  attempt: number,
  startedAt: number,
  options: DeliveryOptions,
  now: number,
  random: () => number,
): Verdict {
  const base = { attempt, started_at: startedAt, status_code: sent.statusCode, duration_ms: sent.durationMs };
  if (sent.error === null && sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300) {
    return {
      record: { ...base, outcome: "succeeded", error: null, next_retry_at: null },
      next: { state: "succeeded", next_attempt_at: null, failure_reason: null },
      disableWebhook: false,
      countsAsFailure: false,
    };
  }
  const error = sent.error ?? `the receiver answered ${sent.statusCode ?? "nothing"}`;
  if (sent.statusCode === 410) {
    return {
      record: { ...base, outcome: "failed", error, next_retry_at: null },
      next: { state: "failed", next_attempt_at: null, failure_reason: "the receiver answered 410 Gone" },
      disableWebhook: true,
      countsAsFailure: true,
    };
  }
  const retryAt = nextRetryAt(options, attempt, now, random);
  return {
    record: { ...base, outcome: "failed", error, next_retry_at: retryAt },
    next: step(retryAt, attempt),
    disableWebhook: false,
    countsAsFailure: true,
  };
}

/** An attempt whose worker stopped before recording it: tried again at once, not held against the receiver. */
export function interrupted(attempt: number, claimedAt: number, now: number, options: DeliveryOptions): Verdict {
  const retryAt = attempt < options.retryDelaysMs.length + 1 ? now : null;
  return {
    record: {
      attempt,
      started_at: claimedAt,
      outcome: "failed",
      status_code: null,
      duration_ms: null,
      error: "interrupted: the worker making this attempt stopped before it finished",
      next_retry_at: retryAt,
    },
    next: step(retryAt, attempt),
    disableWebhook: false,
    countsAsFailure: false,
  };
}
