import { z } from "zod";
import { EVENT_TYPES } from "../../../shared/events";
import { createWebhookInput, deliveryByIdInput, listDeliveriesInput, listWebhooksInput, updateWebhookInput, webhookByIdInput } from "../../../services/webhooks/inputs";
import type { Delivery, DeliveryAttempt, Webhook, WebhookWithSecret } from "../../../services/webhooks/present";
import type { OperationDocs } from "../operation";
import { assertSameShape, idSchema, list, single, timestamp, type SameShape } from "./common";

const webhookFields = {
  id: idSchema("webhook"),
  url: z.string().describe("Where deliveries are POSTed: `https://` and a public address, unless the deployment allows private URLs"),
  events: z.array(z.string().meta({ examples: [...EVENT_TYPES] })).describe("The event names this webhook receives"),
  status: z.enum(["active", "disabled"]).describe("A disabled webhook receives nothing"),
  disabled_reason: z.string().nullable().describe("Why it was disabled (410 Gone, three days of failures, or the API); `null` while active"),
  created_at: timestamp,
  updated_at: timestamp,
};

export const webhook = z.object(webhookFields).meta({ id: "Webhook" });
assertSameShape<SameShape<z.output<typeof webhook>, Webhook>>();

export const webhookWithSecret = z
  .object({
    ...webhookFields,
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
      .describe("The signing secret (`whsec_` and base64), shown only here: store it now"),
  })
  .meta({ id: "WebhookWithSecret" });
assertSameShape<SameShape<z.output<typeof webhookWithSecret>, WebhookWithSecret>>();

const attempt = z
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
assertSameShape<SameShape<z.output<typeof attempt>, DeliveryAttempt>>();

export const delivery = z
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
    attempts: z.array(attempt).describe("Every finished attempt, oldest first"),
  })
  .meta({ id: "WebhookDelivery" });
assertSameShape<SameShape<z.output<typeof delivery>, Delivery>>();

const managersOnly = "Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change.";
const webhookPath = { id: "The webhook's id (`wh_...`)" };
const deliveryPath = { ...webhookPath, delivery_id: "The delivery's id (`whd_...`)" };

export const webhookOperations: OperationDocs = {
  "webhooks.list": {
    summary: "List webhooks",
    description: `${managersOnly} Oldest first. Secrets are never listed.`,
    tag: "Webhooks",
    input: listWebhooksInput,
    success: { status: 200, description: "A page of webhooks", body: list(webhook) },
  },
  "webhooks.create": {
    summary: "Create a webhook",
    description: `${managersOnly} An unknown event name is a 400 naming it; so is a URL that is not \`https://\` or reaches a private, loopback, link-local or metadata address (unless the deployment allows private URLs). The answer carries the signing secret, once.`,
    tag: "Webhooks",
    input: createWebhookInput,
    success: { status: 201, description: "The new webhook, with its secret", body: single(webhookWithSecret) },
  },
  "webhooks.get": {
    summary: "Read one webhook",
    description: managersOnly,
    tag: "Webhooks",
    input: webhookByIdInput,
    success: { status: 200, description: "The webhook", body: single(webhook) },
    parameters: webhookPath,
  },
  "webhooks.update": {
    summary: "Change a webhook",
    description: `${managersOnly} Changes \`url\`, \`events\` or \`status\`; setting \`active\` again clears the reason it was disabled.`,
    tag: "Webhooks",
    input: updateWebhookInput,
    success: { status: 200, description: "The changed webhook", body: single(webhook) },
    parameters: webhookPath,
  },
  "webhooks.remove": {
    summary: "Delete a webhook",
    description: `${managersOnly} Its pending deliveries are dropped with it.`,
    tag: "Webhooks",
    input: webhookByIdInput,
    success: { status: 204, description: "Deleted" },
    parameters: webhookPath,
  },
  "webhooks.rotateSecret": {
    summary: "Rotate a webhook's signing secret",
    description: `${managersOnly} The new secret signs every attempt from now on; the old one stops at once.`,
    tag: "Webhooks",
    input: webhookByIdInput,
    success: { status: 200, description: "The webhook, with its new secret", body: single(webhookWithSecret) },
    parameters: webhookPath,
  },
  "webhooks.test": {
    summary: "Send a test event",
    description: `${managersOnly} Queues a \`ping\` delivery (data: \`{ "webhook_id" }\`) whatever events the webhook asked for; a disabled webhook is a 409.`,
    tag: "Webhooks",
    input: webhookByIdInput,
    success: { status: 201, description: "The queued delivery", body: single(delivery) },
    parameters: webhookPath,
  },
  "webhooks.deliveries": {
    summary: "List a webhook's deliveries",
    description: `${managersOnly} Newest first, each with every attempt: status code, duration, error and next retry time.`,
    tag: "Webhooks",
    input: listDeliveriesInput,
    success: { status: 200, description: "A page of deliveries", body: list(delivery) },
    parameters: { ...webhookPath, status: "Only `pending`, `succeeded` or `failed` deliveries" },
  },
  "webhooks.getDelivery": {
    summary: "Read one delivery",
    description: managersOnly,
    tag: "Webhooks",
    input: deliveryByIdInput,
    success: { status: 200, description: "The delivery and its attempts", body: single(delivery) },
    parameters: deliveryPath,
  },
  "webhooks.redeliver": {
    summary: "Redeliver an event",
    description: `${managersOnly} Queues the delivery's event again, as a new delivery with attempts of its own; the body and the event id are the same. A disabled webhook is a 409.`,
    tag: "Webhooks",
    input: deliveryByIdInput,
    success: { status: 201, description: "The new delivery", body: single(delivery) },
    parameters: deliveryPath,
  },
};
