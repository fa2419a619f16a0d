import type { BrokerOptions, Middleware, ServiceBroker } from "moleculer";
import type { NatsConnection, Subscription } from "nats";

/**
 * How the bus notices a process that is gone, in one place.
 *
 * Moleculer learns that a node died from missing heartbeats: with its defaults (a beat every
 * 10 s, a node declared gone after 30 s, checked every 30 s) a request routed to a killed
 * process waits up to a minute. Two things make it seconds:
 *
 * - Shorter heartbeats and request timeout (`BUS_TIMINGS`), which bound the worst case when
 *   nothing else tells us (a process whose host vanished without closing its connections):
 *   a node is declared gone 5-10 s after its last beat, and no request waits longer than
 *   `requestTimeoutMs`.
 * - NATS's own view of who is connected (`NodePresenceMiddleware`). Every process answers on
 *   a subject of its own; once a second each process asks every other node it knows on that
 *   subject. The NATS server drops a process's subscriptions the moment its connection closes
 *   (a killed process's socket is closed by its kernel), and answers a request nobody listens
 *   to at once with "no responders". That answer, for a node that did answer before, is taken
 *   as the node being gone: moleculer removes it from its registry, so no request is routed to
 *   it any more, and rejects the requests still waiting for it (`RequestRejectedError`, which
 *   the gateway retries or answers with a 503). A node that is only slow does not answer in
 *   time, which is not "no responders", so a busy process is never declared dead this way.
 */
export const BUS_TIMINGS = {
  heartbeatIntervalSeconds: 2,
  heartbeatTimeoutSeconds: 5,
  /**
   * The longest a request waits for its answer. Kept at 15 s: a dead node is noticed through
   * presence within a second or two, so this only bounds a node that is connected but stuck,
   * and a large report or export must still fit inside it.
   */
  requestTimeoutMs: 15_000,
  /** How often each process asks NATS whether the nodes it knows are still connected. */
  presenceEveryMs: 1_000,
  presenceAnswerTimeoutMs: 2_000,
} as const;

/**
 * The broker options that decide how fast a dead node is noticed; `brokerOptions` spreads them.
 * Moleculer's own request timeout is off: `callDeadlines` (`call-deadlines.ts`) gives every call
 * `requestTimeoutMs` without a timer per call.
 */
export function busResilienceOptions(): Pick<BrokerOptions, "heartbeatInterval" | "heartbeatTimeout" | "requestTimeout"> {
  return {
    heartbeatInterval: BUS_TIMINGS.heartbeatIntervalSeconds,
    heartbeatTimeout: BUS_TIMINGS.heartbeatTimeoutSeconds,
    requestTimeout: 0,
  };
}

interface NatsTransit {
  connected?: boolean;
  tx?: { client?: NatsConnection | null };
}

interface RegistryNode {
  id: string;
  local: boolean;
  available: boolean;
}

interface NodeRegistry {
  nodes: { toArray(): RegistryNode[]; disconnected(nodeID: string, isUnexpected: boolean): void };
}

interface BusWatch {
  /** False from NATS's "disconnect" status until its "reconnect". */
  connected: boolean;
  stop(): void;
}

const watches = new WeakMap<ServiceBroker, BusWatch>();

/**
 * Whether this process is connected to NATS right now. Moleculer's own `transit.connected`
 * stays true while the NATS client reconnects, so readiness and the gateway ask this instead.
 * A process without NATS has no bus to lose and is always connected.
 */
export function busConnected(broker: ServiceBroker): boolean {
  const transit = broker.transit as NatsTransit | undefined;
  if (!transit) return true;
  const watch = watches.get(broker);
  return Boolean(transit.connected) && (watch ? watch.connected : true);
}

function presenceSubject(namespace: string, nodeID: string): string {
  return `${namespace || "stint"}.presence.${nodeID}`;
}

function natsClient(broker: ServiceBroker): NatsConnection | undefined {
  return (broker.transit as NatsTransit | undefined)?.tx?.client ?? undefined;
}

function isNoResponders(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "503";
}

function watchBus(broker: ServiceBroker, client: NatsConnection): BusWatch {
  const logger = broker.getLogger("bus");
  const registry = broker.registry as unknown as NodeRegistry;
  const namespace = broker.namespace;
  let stopped = false;
  const watch: BusWatch = { connected: true, stop: () => undefined };

  const subscription: Subscription = client.subscribe(presenceSubject(namespace, broker.nodeID), {
    callback: (error, message) => {
      if (!error) message.respond();
    },
  });

  void (async () => {
    for await (const status of client.status()) {
      if (status.type === "disconnect") {
        watch.connected = false;
        logger.warn("lost the connection to NATS; reconnecting");
      } else if (status.type === "reconnect") {
        watch.connected = true;
        logger.info("connected to NATS again");
      }
    }
  })().catch(() => undefined);

  // Only a node that has answered once can be declared gone: one that is still starting, or
  // runs a version without the presence subject, simply has not subscribed yet.
  const answered = new Set<string>();
  const asking = new Set<string>();
  const ask = async (nodeID: string) => {
    asking.add(nodeID);
    try {
      await client.request(presenceSubject(namespace, nodeID), undefined, { timeout: BUS_TIMINGS.presenceAnswerTimeoutMs });
      answered.add(nodeID);
    } catch (error) {
      if (!stopped && watch.connected && isNoResponders(error) && answered.has(nodeID)) {
        answered.delete(nodeID);
        logger.warn({ leftNode: nodeID }, "a node left NATS without saying goodbye; removing it");
        registry.nodes.disconnected(nodeID, true);
      }
    } finally {
      asking.delete(nodeID);
    }
  };
  const timer = setInterval(() => {
    if (!watch.connected) return;
    const nodes = registry.nodes.toArray().filter((node) => !node.local && node.available);
    for (const node of nodes) if (!asking.has(node.id)) void ask(node.id);
    // Forget nodes that left the registry, so that one coming back starts afresh.
    const known = new Set(nodes.map((node) => node.id));
    for (const id of answered) if (!known.has(id)) answered.delete(id);
  }, BUS_TIMINGS.presenceEveryMs);
  timer.unref();

  watch.stop = () => {
    stopped = true;
    clearInterval(timer);
    subscription.unsubscribe();
  };
  return watch;
}

/** Watches NATS's connection and the presence of the other nodes; does nothing without NATS. */
export const NodePresenceMiddleware: Middleware = {
  name: "NodePresence",
  async started(broker: ServiceBroker) {
    const client = natsClient(broker);
    if (client) watches.set(broker, watchBus(broker, client));
  },
  async stopping(broker: ServiceBroker) {
    watches.get(broker)?.stop();
    watches.delete(broker);
  },
};
