import { createHash } from "node:crypto";
import type { EventType } from "../../shared/events";
import { ID_PREFIX } from "../../shared/ids";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { DeliveryState, WebhookStatus } from "./contract";

/** A subscription as stored. `_id` is `wh_...`. */
export interface WebhookDocument extends StoredDocument {
  organization_id: string;
  url: string;
  events: EventType[];
  status: WebhookStatus;
  /**
   * The signing secret (`whsec_...`), kept as issued: signing needs the secret itself,
   * so it cannot be hashed (see the API reference, "Webhooks").
   */
  secret: string;
  disabled_reason: string | null;
  disabled_at: string | null;
  /** Epoch ms of the first failed attempt since the last success; null while deliveries succeed. */
  failing_since: number | null;
  created_at: string;
  updated_at: string;
}

/** What one finished attempt did. */
export interface AttemptRecord {
  attempt: number;
  /** Epoch ms. */
  started_at: number;
  outcome: "succeeded" | "failed";
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  /** Epoch ms of the next attempt; null when there is none. */
  next_retry_at: number | null;
}

/**
 * One event on its way to one webhook: the queue entry and its log at once.
 * `_id` (`whd_...`) is derived from the event and webhook ids, so an event received
 * twice is queued once; a redelivery is a new chain with an id of its own.
 */
export interface DeliveryDocument extends StoredDocument {
  organization_id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  /** The exact bytes every attempt sends (and signs). */
  body: string;
  state: DeliveryState;
  /** The number of the next attempt to make; attempts are numbered from 1. */
  next_attempt: number;
  /** Epoch ms when the next attempt is due; null once the delivery is settled. */
  next_attempt_at: number | null;
  /** Every finished attempt, oldest first; written only together with `next_attempt`. */
  attempts: AttemptRecord[];
  failure_reason: string | null;
  redelivery_of: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The claim on one attempt. Inserting it (`_id` = `<delivery id>:<attempt number>`) is
 * what entitles a worker to send that attempt: the store takes each `_id` once, so across
 * every process exactly one worker owns each attempt. Claims are kept: a worker holding an
 * old copy of a delivery must still find its attempt taken.
 */
export interface AttemptClaimDocument extends StoredDocument {
  organization_id: string;
  webhook_id: string;
  delivery_id: string;
  attempt: number;
  worker: string;
  claimed_at: string;
  /** Epoch ms after which an attempt whose delivery has not moved on is taken for abandoned (its worker stopped). */
  lease_until: number;
}

export const WEBHOOKS_COLLECTION: CollectionSpec = {
  name: "webhooks",
  indexes: [{ fields: { organization_id: 1, created_at: 1 } }],
};

export const DELIVERIES_COLLECTION: CollectionSpec = {
  name: "webhook_deliveries",
  indexes: [
    // The worker's query (what is due) and the log's (a webhook's deliveries, newest first).
    { fields: { state: 1, next_attempt_at: 1 } },
    { fields: { webhook_id: 1, created_at: -1 } },
    // The clean-up's: settled deliveries by age.
    { fields: { state: 1, updated_at: 1 } },
  ],
};

export const ATTEMPT_CLAIMS_COLLECTION: CollectionSpec = {
  name: "webhook_attempt_claims",
  indexes: [{ fields: { webhook_id: 1 } }, { fields: { claimed_at: 1 } }],
};

export function attemptId(deliveryId: string, attempt: number): string {
  return `${deliveryId}:${String(attempt).padStart(4, "0")}`;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * The delivery of one event to one webhook has one id, whoever computes it: 128 bits of
 * SHA-256 of the two ids, written as the 22 base62 characters every id has.
 */
export function deliveryIdFor(eventId: string, webhookId: string): string {
  let value = BigInt(`0x${createHash("sha256").update(`${eventId}|${webhookId}`).digest("hex").slice(0, 32)}`);
  let random = "";
  for (let i = 0; i < 22; i++) {
    random = (BASE62[Number(value % 62n)] as string) + random;
    value /= 62n;
  }
  return `${ID_PREFIX.webhookDelivery}_${random}`;
}
