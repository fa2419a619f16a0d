/**
 * What the webhooks service shows the world: webhooks and their deliveries as its answers
 * show them. Imports only `shared/` and packages.
 */
import { z } from "zod";
import { EVENT_TYPES } from "../../shared/events";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";

export type WebhookStatus = "active" | "disabled";
export type DeliveryState = "pending" | "succeeded" | "failed";

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
  outcome: "succeeded" | "failed";
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

const webhookFields = {
  id: idSchema("webhook"),
  url: z.string().describe("Where deliveries are POSTed: `https://` and a public address, unless the deployment allows private URLs"),
  events: z.array(z.string().meta({ examples: [...EVENT_TYPES] })).describe("The event names this webhook receives"),
  status: z.enum(["active", "disabled"]).describe("A disabled webhook receives nothing"),
  disabled_reason: z
    .string()
    .nullable()
    .describe("Why it was disabled (410 Gone, three days of failures, or the API); `null` while active"),
  created_at: timestamp,
  updated_at: timestamp,
};

/** The response schema of a webhook: what the documents show and the handlers return. */
export const webhookSchema = z.object(webhookFields).meta({ id: "Webhook" });
assertSameShape<SameShape<z.output<typeof webhookSchema>, Webhook>>();

export const webhookWithSecretSchema = z
  .object({
    ...webhookFields,
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
      .describe("The signing secret (`whsec_` and base64), shown only here: store it now"),
  })
  .meta({ id: "WebhookWithSecret" });
assertSameShape<SameShape<z.output<typeof webhookWithSecretSchema>, WebhookWithSecret>>();

const attemptSchema = z
  .object({
    attempt: z.int().min(1).max(1000).describe("From 1"),
    started_at: timestamp,
    outcome: z.enum(["succeeded", "failed"]),
    status_code: z.int().min(100).max(599).nullable().describe("The receiver's status; `null` when it did not answer"),
    duration_ms: z.number().min(0).nullable(),
    error: z.string().nullable().describe("Why the attempt failed (a status, a timeout, a refused address, a network error)"),
    next_retry_at: timestamp.nullable().describe("When the next attempt is due, after a failure; `null` when there is none"),
  })
  .meta({ id: "WebhookDeliveryAttempt" });
assertSameShape<SameShape<z.output<typeof attemptSchema>, DeliveryAttempt>>();

export const deliverySchema = z
  .object({
    id: idSchema("webhookDelivery"),
    webhook_id: idSchema("webhook"),
    event_id: idSchema("event").describe("The event's id: the `X-Webhook-Id` and `webhook-id` of every attempt, redeliveries included"),
    event_type: z.string().describe("A catalogue event, or `ping`"),
    status: z.enum(["pending", "succeeded", "failed"]),
    next_attempt_at: timestamp.nullable(),
    failure_reason: z.string().nullable().describe("Why a failed delivery was given up"),
    redelivery_of: idSchema("webhookDelivery").nullable().describe("The delivery this one sends again"),
    created_at: timestamp,
    updated_at: timestamp,
    attempts: z.array(attemptSchema).describe("Every finished attempt, oldest first"),
  })
  .meta({ id: "WebhookDelivery" });
assertSameShape<SameShape<z.output<typeof deliverySchema>, Delivery>>();
