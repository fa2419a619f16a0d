import { MANAGERS, type CredentialAccess } from "../../shared/access";
import { defineOperations } from "../../shared/operations";
import { list, single } from "../../shared/schemas";
import {
  createWebhookInput,
  deliveryByIdInput,
  listDeliveriesInput,
  listWebhooksInput,
  updateWebhookInput,
  webhookByIdInput,
} from "./inputs";
import { deliverySchema, webhookSchema, webhookWithSecretSchema } from "./contract";

/** Managers only: a webhook's payloads span the whole organization (docs/api.md#webhooks). */
const READ: CredentialAccess = { permission: "webhooks:read", roles: MANAGERS };
const WRITE: CredentialAccess = { permission: "webhooks:write", roles: MANAGERS };

const managersOnly = "Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change.";
const webhookPath = { id: "The webhook's id (`wh_...`)" };
const deliveryPath = { ...webhookPath, delivery_id: "The delivery's id (`whd_...`)" };
const TAG = "Webhooks";
// Every operation, the delivery ones included, names the webhook in the 404 for a malformed path id.
const RESOURCE = "Webhook";
const createdDelivery = "/webhooks/{data.webhook_id}/deliveries/{data.id}";

/** Subscriptions and their deliveries (docs/api.md#webhooks). */
export const webhookOperations = defineOperations("webhooks", {
  list: {
    method: "GET",
    path: "/webhooks",
    summary: "List webhooks",
    description: `${managersOnly} Oldest first. Secrets are never listed.`,
    tag: TAG,
    resource: RESOURCE,
    input: listWebhooksInput,
    access: READ,
    success: { status: 200, description: "A page of webhooks", body: list(webhookSchema) },
  },
  create: {
    method: "POST",
    path: "/webhooks",
    summary: "Create a webhook",
    description: `${managersOnly} An unknown event name is a 400 naming it; so is a URL that is not \`https://\` or reaches a private, loopback, link-local or metadata address (unless the deployment allows private URLs). The answer carries the signing secret, once.`,
    tag: TAG,
    resource: RESOURCE,
    input: createWebhookInput,
    access: WRITE,
    success: {
      status: 201,
      description: "The new webhook, with its secret",
      body: single(webhookWithSecretSchema),
      location: "/webhooks/{data.id}",
    },
  },
  get: {
    method: "GET",
    path: "/webhooks/:id",
    summary: "Read one webhook",
    description: managersOnly,
    tag: TAG,
    resource: RESOURCE,
    input: webhookByIdInput,
    access: READ,
    success: { status: 200, description: "The webhook", body: single(webhookSchema) },
    parameters: webhookPath,
  },
  update: {
    method: "PATCH",
    path: "/webhooks/:id",
    summary: "Change a webhook",
    description: `${managersOnly} Changes \`url\`, \`events\` or \`status\`; setting \`active\` again clears the reason it was disabled.`,
    tag: TAG,
    resource: RESOURCE,
    input: updateWebhookInput,
    access: WRITE,
    success: { status: 200, description: "The changed webhook", body: single(webhookSchema) },
    parameters: webhookPath,
  },
  remove: {
    method: "DELETE",
    path: "/webhooks/:id",
    summary: "Delete a webhook",
    description: `${managersOnly} Its pending deliveries are dropped with it.`,
    tag: TAG,
    resource: RESOURCE,
    input: webhookByIdInput,
    access: WRITE,
    success: { status: 204, description: "Deleted" },
    parameters: webhookPath,
  },
  rotateSecret: {
    method: "POST",
    path: "/webhooks/:id/rotate-secret",
    summary: "Rotate a webhook's signing secret",
    description: `${managersOnly} The new secret signs every attempt from now on; the old one stops at once.`,
    tag: TAG,
    resource: RESOURCE,
    input: webhookByIdInput,
    access: WRITE,
    success: { status: 200, description: "The webhook, with its new secret", body: single(webhookWithSecretSchema) },
    parameters: webhookPath,
  },
  test: {
    method: "POST",
    path: "/webhooks/:id/test",
    summary: "Send a test event",
    description: `${managersOnly} Queues a \`ping\` delivery (data: \`{ "webhook_id" }\`) whatever events the webhook asked for; a disabled webhook is a 409.`,
    tag: TAG,
    resource: RESOURCE,
    input: webhookByIdInput,
    access: WRITE,
    success: { status: 201, description: "The queued delivery", body: single(deliverySchema), location: createdDelivery },
    errors: [409],
    parameters: webhookPath,
  },
  deliveries: {
    method: "GET",
    path: "/webhooks/:id/deliveries",
    summary: "List a webhook's deliveries",
    description: `${managersOnly} Newest first, each with every attempt: status code, duration, error and next retry time.`,
    tag: TAG,
    resource: RESOURCE,
    input: listDeliveriesInput,
    access: READ,
    success: { status: 200, description: "A page of deliveries", body: list(deliverySchema) },
    parameters: { ...webhookPath, status: "Only `pending`, `succeeded` or `failed` deliveries" },
  },
  getDelivery: {
    method: "GET",
    path: "/webhooks/:id/deliveries/:delivery_id",
    summary: "Read one delivery",
    description: managersOnly,
    tag: TAG,
    resource: RESOURCE,
    input: deliveryByIdInput,
    access: READ,
    success: { status: 200, description: "The delivery and its attempts", body: single(deliverySchema) },
    parameters: deliveryPath,
  },
  redeliver: {
    method: "POST",
    path: "/webhooks/:id/deliveries/:delivery_id/redeliver",
    summary: "Redeliver an event",
    description: `${managersOnly} Queues the delivery's event again, as a new delivery with attempts of its own; the body and the event id are the same. A disabled webhook is a 409.`,
    tag: TAG,
    resource: RESOURCE,
    input: deliveryByIdInput,
    access: WRITE,
    success: { status: 201, description: "The new delivery", body: single(deliverySchema), location: createdDelivery },
    errors: [409],
    parameters: deliveryPath,
  },
});
