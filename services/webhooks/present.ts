import { isoSeconds } from "../../shared/time";
import type { Delivery, DeliveryAttempt, Webhook, WebhookWithSecret } from "./contract";
import type { AttemptRecord, DeliveryDocument, WebhookDocument } from "./documents";

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
