import { isoSeconds } from "../../shared/time";
import type { AttemptRecord, DeliveryDocument, DeliveryState, WebhookDocument, WebhookStatus } from "./documents";

/** A webhook as both styles show it. */
export interface Webhook {
  id: string;
  url: string;
  events: string[];
  status: WebhookStatus;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** The answer to creating a webhook or rotating its secret: the only times the secret is shown. */
export type WebhookWithSecret = Webhook & { secret: string };

export interface DeliveryAttempt {
  attempt: number;
  started_at: string;
  outcome: AttemptRecord["outcome"];
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  next_retry_at: string | null;
}

export interface Delivery {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryState;
  next_attempt_at: string | null;
  failure_reason: string | null;
  redelivery_of: string | null;
  created_at: string;
  updated_at: string;
  attempts: DeliveryAttempt[];
}

const iso = (value: string | number | null): string | null => (value === null ? null : isoSeconds(new Date(value)));

export function presentWebhook(doc: WebhookDocument): Webhook {
  return {
    id: doc._id,
    url: doc.url,
    events: doc.events,
    status: doc.status,
    disabled_reason: doc.disabled_reason,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export function presentWebhookWithSecret(doc: WebhookDocument): WebhookWithSecret {
  return { ...presentWebhook(doc), secret: doc.secret };
}

function presentAttempt(record: AttemptRecord): DeliveryAttempt {
  return {
    attempt: record.attempt,
    started_at: iso(record.started_at) as string,
    outcome: record.outcome,
    status_code: record.status_code,
    duration_ms: record.duration_ms,
    error: record.error,
    next_retry_at: iso(record.next_retry_at),
  };
}

export function presentDelivery(doc: DeliveryDocument): Delivery {
  return {
    id: doc._id,
    webhook_id: doc.webhook_id,
    event_id: doc.event_id,
    event_type: doc.event_type,
    status: doc.state,
    next_attempt_at: iso(doc.next_attempt_at),
    failure_reason: doc.failure_reason,
    redelivery_of: doc.redelivery_of,
    created_at: iso(doc.created_at) as string,
    updated_at: iso(doc.updated_at) as string,
    attempts: doc.attempts.map(presentAttempt),
  };
}
