import { ServiceBroker, type BrokerOptions } from "moleculer";
import { AccessMiddleware } from "../../shared/access";
import { tokenSigner } from "../../shared/auth/tokens";
import { loadConfig } from "../../shared/config";
import { domainEvent, type EventType } from "../../shared/events";
import { newId } from "../../shared/ids";
import { PERMISSIONS, type Identity } from "../../shared/identity";
import { openMemoryStore } from "../../shared/kv/memory";
import type { DocumentStore } from "../../shared/storage/port";
import type { ResolveHost } from "../../services/webhooks/address-guard";
import type { DeliveryOptions } from "../../services/webhooks/schedule";
import { webhooksService } from "../../services/webhooks/webhooks.service";
import { TEST_JWT_SECRET } from "./stint";
import type { Delivery, Webhook } from "../../services/webhooks/contract";

/**
 * A webhooks service on a broker of its own, for tests: called like the gateway calls it,
 * fed events like the other services feed it. Not part of the running system.
 */
export interface WebhooksHarness {
  broker: ServiceBroker;
  create(who: Identity, url: string, events: string[]): Promise<Webhook & { secret: string }>;
  call<T>(action: string, who: Identity, input: { params?: object; query?: object; body?: unknown }): Promise<T>;
  deliveries(who: Identity, webhookId: string): Promise<Delivery[]>;
  /** Emits a catalogue event on the bus as a service would; returns its id. */
  emit(type: EventType, organizationId: string, data: unknown): Promise<string>;
  stop(): Promise<void>;
}

export function ownerOf(organizationId = newId("organization")): Identity {
  return { organizationId, plan: "free", userId: newId("user"), role: "owner", permissions: PERMISSIONS };
}

export const FAST_DELIVERY: Partial<DeliveryOptions> = {
  retryDelaysMs: [100, 100, 100],
  jitter: 0,
  timeoutMs: 2000,
  pollIntervalMs: 50,
  leaseGraceMs: 300,
};

export async function startWebhooks(options: {
  store: DocumentStore;
  delivery?: Partial<DeliveryOptions>;
  allowPrivateUrls?: boolean;
  resolveHost?: ResolveHost;
  workerDisabled?: boolean;
  broker?: BrokerOptions;
}): Promise<WebhooksHarness> {
  // Access is enforced as in every process: the routed actions refuse a call it did not admit.
  const broker = new ServiceBroker({
    logger: false,
    ...options.broker,
    middlewares: [AccessMiddleware, ...(options.broker?.middlewares ?? [])],
  });
  const config = loadConfig({
    WEBHOOK_ALLOW_PRIVATE_URLS: String(options.allowPrivateUrls ?? true),
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: "fatal",
  });
  const kv = openMemoryStore();
  broker.createService(
    webhooksService({
      config,
      store: options.store,
      kv,
      signer: tokenSigner(TEST_JWT_SECRET, config.accessTokenTtlSeconds),
      delivery: { ...FAST_DELIVERY, ...options.delivery },
      resolveHost: options.resolveHost,
      workerDisabled: options.workerDisabled,
    }),
  );
  await broker.start();
  const call = <T>(action: string, who: Identity, input: { params?: object; query?: object; body?: unknown }) =>
    broker.call<T, object>(`webhooks.${action}`, { params: {}, query: {}, ...input }, { meta: { identity: who } });
  return {
    broker,
    call,
    async create(who, url, events) {
      return (await call<{ data: Webhook & { secret: string } }>("create", who, { body: { url, events } })).data;
    },
    async deliveries(who, webhookId) {
      return (await call<{ data: Delivery[] }>("deliveries", who, { params: { id: webhookId } })).data;
    },
    async emit(type, organizationId, data) {
      const event = domainEvent(type, organizationId, data);
      await broker.emit(type, event);
      return event.id;
    },
    async stop() {
      await broker.stop();
      await kv.close();
    },
  };
}
