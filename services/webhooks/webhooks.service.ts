import type { Context, EventSchemas, ServiceSchema } from "moleculer";
import type { Consumption } from "../../shared/event-stream";
import { EVENT_TYPES, type DomainEvent } from "../../shared/events";
import { routedActions } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { systemResolver, urlRefusal, type ResolveHost } from "./address-guard";
import { DeliveryStore } from "./delivery-store";
import {
  ATTEMPT_CLAIMS_COLLECTION,
  DELIVERIES_COLLECTION,
  WEBHOOKS_COLLECTION,
  type AttemptClaimDocument,
  type DeliveryDocument,
  type WebhookDocument,
} from "./documents";
import { webhookOperations } from "./operations";
import { DEFAULT_DELIVERY_OPTIONS, type DeliveryOptions } from "./schedule";
import { createSender, type Sender } from "./sender";
import * as useCases from "./use-cases";
import { DAY_MS, sweepPeriodically } from "../../shared/sweep";
import { workerNameOf, workerState } from "../../shared/workers";
import { WebhookStore } from "./webhook-store";
import { DeliveryWorker } from "./worker";

/** What this service takes beyond every service's dependencies (tests and benches set them). */
export interface WebhookOptions {
  /** Changes to the delivery schedule and limits (tests shorten them). */
  delivery?: Partial<DeliveryOptions>;
  /** How host names are resolved, when saving a URL and when connecting (tests stand in a resolver). */
  resolveHost?: ResolveHost;
  /** Run no delivery worker in this process: it only serves the API and queues events. */
  workerDisabled?: boolean;
}

interface Opened {
  stores: useCases.WebhookStores;
  sender: Sender;
  worker?: DeliveryWorker;
  consumption?: Consumption;
  /** Ends the periodic pruning of the delivery log. */
  stopSweeping: () => void;
}

const USER_AGENT = "Stint-Webhooks/1";

/** Subscriptions, and signed deliveries of every catalogue event to them (docs/api.md#webhooks). Wiring only. */
export function webhooksService(deps: ServiceDependencies & WebhookOptions): ServiceSchema {
  const store = requireStore(deps);
  const options: DeliveryOptions = { ...DEFAULT_DELIVERY_OPTIONS, ...deps.delivery };
  const policy = { allowPrivate: deps.config.webhookAllowPrivateUrls };
  const resolve = deps.resolveHost ?? systemResolver;

  return stintService<Opened>({
    name: webhookOperations.service,

    async open(service) {
      const [webhookDocs, deliveryDocs, claimDocs] = await Promise.all([
        store.collection<WebhookDocument>(WEBHOOKS_COLLECTION),
        store.collection<DeliveryDocument>(DELIVERIES_COLLECTION),
        store.collection<AttemptClaimDocument>(ATTEMPT_CLAIMS_COLLECTION),
      ]);
      const webhooks = new WebhookStore(webhookDocs);
      const deliveries = new DeliveryStore(deliveryDocs, claimDocs);
      const sender = createSender({ policy, resolve, timeoutMs: options.timeoutMs, userAgent: USER_AGENT });
      const worker = deps.workerDisabled
        ? undefined
        : new DeliveryWorker({
            webhooks,
            deliveries,
            sender,
            options,
            worker: workerNameOf(service.broker),
            claimantGone: (claimant) => workerState(service.broker, claimant) === "gone",
            logger: service.logger,
            now: Date.now,
            random: Math.random,
          });
      const stores: useCases.WebhookStores = {
        webhooks,
        deliveries,
        urlRefusal: (url) => urlRefusal(url, policy, resolve),
        queued: (work) => worker?.offer(work),
        now: Date.now,
      };
      worker?.start();
      // Distributed: events come from JetStream as one consumer group; each is acknowledged
      // once its deliveries are stored (their ids come from the event id, so one delivered
      // again queues nothing new).
      const consumption = deps.eventStream?.consume(async (event) => {
        const queued = await useCases.receiveEvent(stores, event);
        service.logger.debug({ eventId: event.id, eventType: event.type, queued }, "took an event from the stream");
      }, service.logger);
      const retentionMs = deps.config.webhookDeliveryRetentionDays * DAY_MS;
      const stopSweeping = sweepPeriodically(
        "webhook deliveries",
        () => deliveries.prune(Date.now() - retentionMs),
        service.logger,
        deps.config.cleanupIntervalSeconds * 1000,
      );
      return { stores, sender, worker, consumption, stopSweeping };
    },

    actions(started) {
      const db = () => started().stores;
      return routedActions(webhookOperations, {
        list: (input, who) => useCases.listWebhooks(db(), who, input.query),
        create: async (input, who, ctx) => ({ data: await useCases.createWebhook(db(), who, input.body, ctx.meta) }),
        get: async (input, who) => ({ data: await useCases.getWebhook(db(), who, input.params.id) }),
        update: async (input, who) => ({ data: await useCases.updateWebhook(db(), who, input.params.id, input.body) }),
        remove: async (input, who) => {
          await useCases.deleteWebhook(db(), who, input.params.id);
          return null;
        },
        rotateSecret: async (input, who) => ({ data: await useCases.rotateSecret(db(), who, input.params.id) }),
        test: async (input, who) => ({ data: await useCases.sendTestEvent(db(), who, input.params.id) }),
        deliveries: (input, who) => useCases.listDeliveries(db(), who, input.params.id, input.query),
        getDelivery: async (input, who) => ({ data: await useCases.getDelivery(db(), who, input.params.id, input.params.delivery_id) }),
        redeliver: async (input, who) => ({ data: await useCases.redeliver(db(), who, input.params.id, input.params.delivery_id) }),
      });
    },

    // One handler per catalogue event, so every event (time entries' too) reaches the queue.
    // Distributed, services publish to JetStream instead; these stay for processes of an
    // older version during a rolling upgrade (a repeated event queues nothing new).
    events(started, service): EventSchemas {
      return Object.fromEntries(
        EVENT_TYPES.map((type) => [
          type,
          async (ctx: Context<DomainEvent>) => {
            try {
              await useCases.receiveEvent(started().stores, ctx.params);
            } catch (error) {
              service().logger.error({ err: error, eventType: type }, "could not queue webhook deliveries");
            }
          },
        ]),
      );
    },

    async close({ worker, sender, consumption, stopSweeping }) {
      stopSweeping();
      await consumption?.stop();
      await worker?.stop();
      sender.close();
    },
  });
}
