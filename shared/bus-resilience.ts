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
 *
 * Every packet a node sends is a sign of life, not only its heartbeat (`SignsOfLifeMiddleware`).
 * A gateway streaming a large upload to a service puts the file's chunks on its NATS
 * connection ahead of its heartbeats, and the service reads them in order: on a busy machine
 * the heartbeats reached it seconds late, it declared the gateway gone while the chunks kept
 * coming, and broke off the upload it was reading.
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
  nodes: {
    toArray(): RegistryNode[];
    get(nodeID: string): (RegistryNode & { lastHeartbeatTime: number }) | undefined;
    disconnected(nodeID: string, isUnexpected: boolean): void;
  };
}

/** The nodes each broker has had a packet from since the last look. */
const heardFrom = new WeakMap<ServiceBroker, Set<string>>();

interface ReceivingTransit {
  broker: ServiceBroker;
}
type MessageHandler = (cmd: string, packet: { payload?: { sender?: unknown } } | null | undefined) => unknown;

/**
 * Notes the sender of every packet this process receives. Once a second the presence watch
 * (`watchBus`) counts each noted node as heard from, as moleculer counts a heartbeat: its
 * check then finds a node whose heartbeats are late behind its other packets alive. Noting
 * is one set insertion per packet; the clock is read once a second, not per packet.
 */
export const SignsOfLifeMiddleware: Middleware = {
  name: "SignsOfLife",
  transitMessageHandler(this: ReceivingTransit, next: MessageHandler): MessageHandler {
    const heard = new Set<string>();
    heardFrom.set(this.broker, heard);
    return (cmd, packet) => {
      const sender = packet?.payload?.sender;
      if (typeof sender === "string") heard.add(sender);
      return next(cmd, packet);
    };
  },
} as unknown as Middleware;

/** Counts the nodes heard from since the last call as alive now, as a heartbeat from each would. */
function creditSignsOfLife(broker: ServiceBroker, registry: NodeRegistry): void {
  const heard = heardFrom.get(broker);
  if (!heard || heard.size === 0) return;
  // Moleculer's own clock for heartbeats: whole seconds of the process's uptime.
  const now = Math.round(process.uptime());
  for (const id of heard) {
    const node = registry.nodes.get(id);
    // A node already declared gone comes back only through its own INFO or heartbeat.
    if (node && node.available && !node.local) node.lastHeartbeatTime = now;
  }
  heard.clear();
}

interface BusWatch {
  /** False from NATS's "disconnect" status until its "reconnect". */
  connected: boolean;
  /** The other nodes that have answered a presence ask since they (re)appeared in the registry. */
  answered: ReadonlySet<string>;
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

/**
 * Whether the node `nodeID` answers on the bus: it has answered a presence ask since it
 * (re)appeared in this process's registry, so its process is connected to NATS and its event
 * loop turns, which an announcement alone does not show. A node declared gone is forgotten
 * and must answer again. This process itself answers, and so does every node where there is
 * no NATS to ask through (one process, or a broker without the presence watch).
 */
export function nodeAnswers(broker: ServiceBroker, nodeID: string): boolean {
  if (nodeID === broker.nodeID) return true;
  if (!natsClient(broker)) return true;
  return watches.get(broker)?.answered.has(nodeID) ?? false;
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
  // Only a node that has answered once can be declared gone: one that is still starting, or
  // runs a version without the presence subject, simply has not subscribed yet.
  const answered = new Set<string>();
  const watch: BusWatch = { connected: true, answered, stop: () => undefined };

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
    creditSignsOfLife(broker, registry);
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
