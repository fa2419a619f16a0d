import type { APIPromise } from "../api-promise.js";
import type { RequestOptions } from "../core.js";
import type { PagePromise } from "../pagination.js";
import { path, Resource } from "../resource.js";
import type { BodyOf, QueryOf, Webhook, WebhookDelivery, WebhookWithSecret } from "../types.js";
import {
  signWebhook,
  verifyWebhook,
  type SignOptions,
  type VerifyOptions,
  type WebhookEvent,
  type WebhookHeaders,
} from "../webhook-signature.js";

export type WebhookListParams = QueryOf<"webhooks.list">;
export type WebhookCreateParams = BodyOf<"webhooks.create">;
export type WebhookUpdateParams = BodyOf<"webhooks.update">;
export type DeliveryListParams = QueryOf<"webhooks.deliveries">;

/** A webhook's deliveries, each with every attempt. */
export class WebhookDeliveries extends Resource {
  /** Newest first. */
  list(webhookId: string, params?: DeliveryListParams, options?: RequestOptions): PagePromise<WebhookDelivery> {
    return this.page<WebhookDelivery>(path("webhooks", webhookId, "deliveries"), params, options);
  }

  /** One delivery with every attempt (status code, duration, error). */
  get(webhookId: string, deliveryId: string, options?: RequestOptions): APIPromise<WebhookDelivery> {
    return this.call("GET", path("webhooks", webhookId, "deliveries", deliveryId), {}, options);
  }

  /** Queues the delivery's event again, as a new delivery with the same body and event id. */
  redeliver(webhookId: string, deliveryId: string, options?: RequestOptions): APIPromise<WebhookDelivery> {
    return this.call("POST", path("webhooks", webhookId, "deliveries", deliveryId, "redeliver"), {}, options);
  }
}

/** Webhook subscriptions (owners and admins), and checking the deliveries they send. */
export class Webhooks extends Resource {
  readonly deliveries = new WebhookDeliveries(this.http);

  /** The organization's webhooks; iterate the page for every one. */
  list(params?: WebhookListParams, options?: RequestOptions): PagePromise<Webhook> {
    return this.page<Webhook>("/webhooks", params, options);
  }

  /** The answer's `secret` signs every delivery and is shown only here and on rotation. */
  create(params: WebhookCreateParams, options?: RequestOptions): APIPromise<WebhookWithSecret> {
    return this.call("POST", "/webhooks", { body: params }, options);
  }

  /** One webhook (without its secret). */
  get(id: string, options?: RequestOptions): APIPromise<Webhook> {
    return this.call("GET", path("webhooks", id), {}, options);
  }

  /** Changes only the fields given; `status: "active"` turns a disabled webhook on again. */
  update(id: string, params: WebhookUpdateParams, options?: RequestOptions): APIPromise<Webhook> {
    return this.call("PATCH", path("webhooks", id), { body: params }, options);
  }

  /** Deletes the webhook; nothing more is delivered to it. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.callForNothing("DELETE", path("webhooks", id), options);
  }

  /** A new secret, shown once; the old one stops at once. */
  rotateSecret(id: string, options?: RequestOptions): APIPromise<WebhookWithSecret> {
    return this.call("POST", path("webhooks", id, "rotate-secret"), {}, options);
  }

  /** Queues a `ping` delivery. */
  test(id: string, options?: RequestOptions): APIPromise<WebhookDelivery> {
    return this.call("POST", path("webhooks", id, "test"), {}, options);
  }

  /**
   * Checks a delivery's Standard Webhooks signature and timestamp (5 minutes' tolerance either
   * way) and returns its event; a delivery with only `X-Webhook-Signature` is refused unless
   * `allowLegacySignature` is set. See `verifyWebhook`.
   */
  verify<T = Record<string, unknown>>(
    rawBody: string | Uint8Array | ArrayBuffer,
    headers: WebhookHeaders,
    secret: string,
    options?: VerifyOptions,
  ): Promise<WebhookEvent<T>> {
    return verifyWebhook<T>(rawBody, headers, secret, options);
  }

  /** The headers Stint would send with this body, for testing a receiver. */
  sign(rawBody: string | Uint8Array | ArrayBuffer, secret: string, options?: SignOptions): Promise<Record<string, string>> {
    return signWebhook(rawBody, secret, options);
  }
}
