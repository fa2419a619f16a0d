import { ApiError } from "../../shared/errors";
import { EVENT_TYPES, publishedEvent, type DomainEvent } from "../../shared/events";
import { newId, parseId } from "../../shared/ids";
import { createdId, insertOnce, type Creation } from "../../shared/creation";
import type { Identity } from "../../shared/identity";
import { listEnvelope, type ListEnvelope, type Page } from "../../shared/paging";
import { isoSeconds } from "../../shared/time";
import type { DeliveryStore } from "./delivery-store";
import { deliveryIdFor, type DeliveryDocument, type WebhookDocument } from "./documents";
import type { CreateWebhookInput, ListDeliveriesInput, UpdateWebhookInput } from "./inputs";
import { presentDelivery, presentWebhook, presentWebhookWithSecret } from "./present";
import { newSigningSecret } from "./signing";
import type { WebhookStore } from "./webhook-store";
import type { Delivery, Webhook, WebhookWithSecret } from "./contract";

export interface QueuedWork {
  delivery: DeliveryDocument;
  webhook: WebhookDocument;
}

export interface WebhookStores {
  webhooks: WebhookStore;
  deliveries: DeliveryStore;
  /** Why a URL may not be used (scheme, address), or null; see `address-guard.ts`. */
  urlRefusal(url: string): Promise<string | null>;
  /** Hands freshly queued deliveries to the worker. */
  queued(work: readonly QueuedWork[]): void;
  now(): number;
}

/** The payload every attempt of a delivery sends, byte for byte (docs/api.md#a-delivery). */
export function deliveryBody(event: Parameters<typeof publishedEvent>[0]): string {
  return JSON.stringify(publishedEvent(event));
}

async function checkedUrl(stores: WebhookStores, url: string): Promise<string> {
  const refusal = await stores.urlRefusal(url);
  if (refusal) throw ApiError.validation([{ field: "url", reason: "invalid", message: refusal }]);
  return url;
}

async function found(stores: WebhookStores, who: Identity, id: string): Promise<WebhookDocument> {
  const doc = await stores.webhooks.find(who.organizationId, id);
  if (!doc) throw ApiError.notFound("Webhook");
  return doc;
}

function newDelivery(
  webhook: WebhookDocument,
  event: { id: string; type: string },
  body: string,
  now: number,
  id: string,
  redeliveryOf: string | null,
): DeliveryDocument {
  const at = new Date(now).toISOString();
  return {
    _id: id,
    organization_id: webhook.organization_id,
    webhook_id: webhook._id,
    event_id: event.id,
    event_type: event.type,
    body,
    state: "pending",
    next_attempt: 1,
    next_attempt_at: now,
    attempts: [],
    failure_reason: null,
    redelivery_of: redeliveryOf,
    created_at: at,
    updated_at: at,
  };
}

/** Sent again with its `Idempotency-Key`, answers the webhook of the first run, secret included (`shared/creation.ts`). */
export async function createWebhook(
  stores: WebhookStores,
  who: Identity,
  input: CreateWebhookInput["body"],
  request: Creation = {},
): Promise<WebhookWithSecret> {
  const url = await checkedUrl(stores, input.url);
  const now = isoSeconds();
  const doc: WebhookDocument = {
    _id: createdId("webhook", request),
    organization_id: who.organizationId,
    url,
    events: input.events,
    status: "active",
    secret: newSigningSecret(),
    disabled_reason: null,
    disabled_at: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
  };
  const inserted = await insertOnce(
    doc,
    (fresh) => stores.webhooks.insert(fresh),
    (id) => stores.webhooks.find(who.organizationId, id),
  );
  return presentWebhookWithSecret(inserted.doc);
}

export async function listWebhooks(stores: WebhookStores, who: Identity, page: Page): Promise<ListEnvelope<Webhook>> {
  const { items, total } = await stores.webhooks.list(who.organizationId, page);
  return listEnvelope(
    items.map((doc) => presentWebhook(doc)),
    total,
    page,
  );
}

export async function getWebhook(stores: WebhookStores, who: Identity, id: string): Promise<Webhook> {
  return presentWebhook(await found(stores, who, id));
}

export async function updateWebhook(
  stores: WebhookStores,
  who: Identity,
  id: string,
  changes: UpdateWebhookInput["body"],
): Promise<Webhook> {
  await found(stores, who, id);
  const set: Partial<WebhookDocument> = { updated_at: isoSeconds() };
  if (changes.url !== undefined) set.url = await checkedUrl(stores, changes.url);
  if (changes.events !== undefined) set.events = changes.events;
  if (changes.status === "active") Object.assign(set, { status: "active", disabled_reason: null, disabled_at: null, failing_since: null });
  if (changes.status === "disabled")
    Object.assign(set, { status: "disabled", disabled_reason: "Disabled through the API", disabled_at: set.updated_at });
  const doc = await stores.webhooks.update(who.organizationId, id, set);
  if (!doc) throw ApiError.notFound("Webhook");
  return presentWebhook(doc);
}

export async function deleteWebhook(stores: WebhookStores, who: Identity, id: string): Promise<void> {
  if (!(await stores.webhooks.delete(who.organizationId, id))) throw ApiError.notFound("Webhook");
  await stores.deliveries.removeWebhook(id);
}

/** A new secret signs every attempt from now on, retries of older deliveries included; the old one stops at once. */
export async function rotateSecret(stores: WebhookStores, who: Identity, id: string): Promise<WebhookWithSecret> {
  await found(stores, who, id);
  const doc = await stores.webhooks.update(who.organizationId, id, { secret: newSigningSecret(), updated_at: isoSeconds() });
  if (!doc) throw ApiError.notFound("Webhook");
  return presentWebhookWithSecret(doc);
}

function requireActive(webhook: WebhookDocument): void {
  if (webhook.status !== "active")
    throw ApiError.conflict("This webhook is disabled; set its status to active first", { field: "status", reason: "conflict" });
}

/** Queues a `ping` to one webhook, whatever events it asked for; answers with the queued delivery. */
export async function sendTestEvent(stores: WebhookStores, who: Identity, id: string): Promise<Delivery> {
  const webhook = await found(stores, who, id);
  requireActive(webhook);
  const now = stores.now();
  const event = {
    id: newId("event"),
    type: "ping",
    occurred_at: new Date(now).toISOString(),
    organization_id: who.organizationId,
    data: { webhook_id: webhook._id },
  };
  const delivery = newDelivery(webhook, event, deliveryBody(event), now, deliveryIdFor(event.id, webhook._id), null);
  await stores.deliveries.enqueue(delivery);
  stores.queued([{ delivery, webhook }]);
  return presentDelivery(delivery);
}

export async function listDeliveries(
  stores: WebhookStores,
  who: Identity,
  id: string,
  query: ListDeliveriesInput["query"],
): Promise<ListEnvelope<Delivery>> {
  await found(stores, who, id);
  const page = { page: query.page, per_page: query.per_page };
  const { items, total } = await stores.deliveries.list(who.organizationId, id, query.status, page);
  return listEnvelope(items.map(presentDelivery), total, page);
}

export async function getDelivery(stores: WebhookStores, who: Identity, id: string, deliveryId: string): Promise<Delivery> {
  await found(stores, who, id);
  const delivery = await stores.deliveries.find(who.organizationId, id, deliveryId);
  if (!delivery) throw ApiError.notFound("Delivery");
  return presentDelivery(delivery);
}

/** Sends one delivery's event again as a new delivery with attempts of its own; the event id stays. */
export async function redeliver(stores: WebhookStores, who: Identity, id: string, deliveryId: string): Promise<Delivery> {
  const webhook = await found(stores, who, id);
  const original = await stores.deliveries.find(who.organizationId, id, deliveryId);
  if (!original) throw ApiError.notFound("Delivery");
  requireActive(webhook);
  const delivery = newDelivery(
    webhook,
    { id: original.event_id, type: original.event_type },
    original.body,
    stores.now(),
    newId("webhookDelivery"),
    original._id,
  );
  await stores.deliveries.enqueue(delivery);
  stores.queued([{ delivery, webhook }]);
  return presentDelivery(delivery);
}

const CATALOGUE = new Set<string>(EVENT_TYPES);

/**
 * An event from the bus: one delivery for every active subscription of its organization
 * that asked for it. The delivery ids come from the event id, so receiving the same event
 * again queues nothing new.
 */
export async function receiveEvent(stores: WebhookStores, event: DomainEvent): Promise<number> {
  if (!CATALOGUE.has(event.type) || typeof event.organization_id !== "string") return 0;
  const eventId = typeof event.id === "string" && parseId("event", event.id) ? event.id : newId("event");
  const subscribers = await stores.webhooks.subscribersOf(event.organization_id, event.type);
  if (subscribers.length === 0) return 0;
  const body = deliveryBody({ ...event, id: eventId });
  const now = stores.now();
  // Each delivery goes to the worker as soon as it is stored, not when all of them are.
  const stored = await Promise.all(
    subscribers.map(async (webhook) => {
      const delivery = newDelivery(webhook, { id: eventId, type: event.type }, body, now, deliveryIdFor(eventId, webhook._id), null);
      if (!(await stores.deliveries.enqueue(delivery))) return false;
      stores.queued([{ delivery, webhook }]);
      return true;
    }),
  );
  return stored.filter(Boolean).length;
}
