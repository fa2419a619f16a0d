import type { Context, EventSchemas, Service, ServiceSchema } from "moleculer";
import type { z } from "zod";
import { MANAGERS } from "../../shared/access";
import { guardedAction } from "../../shared/actions";
import { EVENT_TYPES, type DomainEvent } from "../../shared/events";
import type { Identity, Permission } from "../../shared/identity";
import type { DocumentStore } from "../../shared/storage/port";
import { systemResolver, urlRefusal, type ResolveHost } from "./address-guard";
import { DeliveryStore } from "./delivery-store";
import { ATTEMPT_CLAIMS_COLLECTION, DELIVERIES_COLLECTION, WEBHOOKS_COLLECTION, type AttemptClaimDocument, type DeliveryDocument, type WebhookDocument } from "./documents";
import { createWebhookInput, listDeliveriesInput, listWebhooksInput, deliveryByIdInput, updateWebhookInput, webhookByIdInput } from "./inputs";
import { DEFAULT_DELIVERY_OPTIONS, type DeliveryOptions } from "./schedule";
import { createSender, type Sender } from "./sender";
import * as useCases from "./use-cases";
import { WebhookStore } from "./webhook-store";
import { DeliveryWorker } from "./worker";

export interface WebhooksDependencies {
  store: DocumentStore;
  /** `WEBHOOK_ALLOW_PRIVATE_URLS`. */
  allowPrivateUrls: boolean;
  /** Changes to the delivery schedule and limits (tests shorten them). */
  delivery?: Partial<DeliveryOptions>;
  /** How host names are resolved, when saving a URL and when connecting (tests stand in a resolver). */
  resolveHost?: ResolveHost;
  /** Run no delivery worker in this process: it only serves the API and queues events. */
  workerDisabled?: boolean;
}

const USER_AGENT = "Stint-Webhooks/1";

/** Subscriptions, and signed deliveries of every catalogue event to them (decisions §5). */
export function webhooksService(deps: WebhooksDependencies): ServiceSchema {
  const options: DeliveryOptions = { ...DEFAULT_DELIVERY_OPTIONS, ...deps.delivery };
  const policy = { allowPrivate: deps.allowPrivateUrls };
  const resolve = deps.resolveHost ?? systemResolver;
  let stores: useCases.WebhookStores | undefined;
  let worker: DeliveryWorker | undefined;
  let sender: Sender | undefined;
  const db = (): useCases.WebhookStores => {
    if (!stores) throw new Error("webhooks service used before it started");
    return stores;
  };

  /** A routed action for managers holding `permission` (webhook payloads span the whole organization). */
  const action = <S extends z.ZodType, R>(permission: Permission, input: S, run: (input: z.output<S>, who: Identity) => Promise<R>, status?: 201 | 204) =>
    guardedAction({ resource: "Webhook", input, access: { permission, roles: MANAGERS }, status, handler: run });

  // One handler per catalogue event, so every event (time entries' too) reaches the queue.
  const events: EventSchemas = Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        async handler(this: Service, ctx: Context<DomainEvent>) {
          try {
            await useCases.receiveEvent(db(), ctx.params);
          } catch (error) {
            this.logger.error({ err: error, eventType: type }, "could not queue webhook deliveries");
          }
        },
      },
    ]),
  );

  return {
    name: "webhooks",
    events,

    actions: {
      create: action("webhooks:write", createWebhookInput, async (input, who) => ({ data: await useCases.createWebhook(db(), who, input.body) }), 201),
      list: action("webhooks:read", listWebhooksInput, (input, who) => useCases.listWebhooks(db(), who, input.query)),
      get: action("webhooks:read", webhookByIdInput, async (input, who) => ({ data: await useCases.getWebhook(db(), who, input.params.id) })),
      update: action("webhooks:write", updateWebhookInput, async (input, who) => ({ data: await useCases.updateWebhook(db(), who, input.params.id, input.body) })),
      remove: action(
        "webhooks:write",
        webhookByIdInput,
        async (input, who) => {
          await useCases.deleteWebhook(db(), who, input.params.id);
          return null;
        },
        204,
      ),
      rotateSecret: action("webhooks:write", webhookByIdInput, async (input, who) => ({ data: await useCases.rotateSecret(db(), who, input.params.id) })),
      test: action("webhooks:write", webhookByIdInput, async (input, who) => ({ data: await useCases.sendTestEvent(db(), who, input.params.id) }), 201),
      deliveries: action("webhooks:read", listDeliveriesInput, (input, who) => useCases.listDeliveries(db(), who, input.params.id, input.query)),
      getDelivery: action("webhooks:read", deliveryByIdInput, async (input, who) => ({
        data: await useCases.getDelivery(db(), who, input.params.id, input.params.delivery_id),
      })),
      redeliver: action(
        "webhooks:write",
        deliveryByIdInput,
        async (input, who) => ({ data: await useCases.redeliver(db(), who, input.params.id, input.params.delivery_id) }),
        201,
      ),
    },

    async started() {
      const webhooks = new WebhookStore(await deps.store.collection<WebhookDocument>(WEBHOOKS_COLLECTION));
      const deliveries = new DeliveryStore(
        await deps.store.collection<DeliveryDocument>(DELIVERIES_COLLECTION),
        await deps.store.collection<AttemptClaimDocument>(ATTEMPT_CLAIMS_COLLECTION),
      );
      sender = createSender({ policy, resolve, timeoutMs: options.timeoutMs, userAgent: USER_AGENT });
      if (!deps.workerDisabled) {
        worker = new DeliveryWorker({
          webhooks,
          deliveries,
          sender,
          options,
          worker: this.broker.nodeID,
          logger: this.logger,
          now: Date.now,
          random: Math.random,
        });
      }
      stores = {
        webhooks,
        deliveries,
        urlRefusal: (url) => urlRefusal(url, policy, resolve),
        queued: (work) => worker?.offer(work),
        now: Date.now,
      };
      worker?.start();
    },

    async stopped() {
      await worker?.stop();
      sender?.close();
    },
  };
}
