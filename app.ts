import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Writable } from "node:stream";
import { ServiceBroker } from "moleculer";
import { InFlightRequests } from "./gateway/in-flight";
import { gatewayTraits } from "./gateway/traits";
import { servicesStartedCheck, type ReadinessCheck } from "./shared/health/readiness";
import { authTraits } from "./services/auth/traits";
import { importsTraits } from "./services/imports/traits";
import { oauthTraits } from "./services/oauth/traits";
import { projectsTraits } from "./services/projects/traits";
import { reportsTraits } from "./services/reports/traits";
import { screenshotsTraits } from "./services/screenshots/traits";
import { systemTraits } from "./services/system/traits";
import { timeEntriesTraits } from "./services/time-entries/traits";
import { usersTraits } from "./services/users/traits";
import { webhooksTraits } from "./services/webhooks/traits";
import { eventsTraits } from "./services/events/traits";
import { mailTraits } from "./services/mail/traits";
import { keylessSigner, signingSecret, tokenSigner } from "./shared/auth/tokens";
import { IN_PROCESS_EVENTS, durableEvents, type EventPublisher } from "./shared/announce";
import { brokerOptions } from "./shared/broker";
import type { EventStream } from "./shared/event-stream";
import { Outbox } from "./shared/outbox";
import { startHealthListener, type HealthListener } from "./shared/health/listener";
import { busConnected } from "./shared/bus-resilience";
import { countersWarning, runMode, type Config, type ServiceName } from "./shared/config";
import { openKeyValueStore } from "./shared/kv/open";
import type { ServiceDependencies } from "./shared/service";
import type { ServiceTraits } from "./shared/traits";
import { LiveFeed } from "./shared/live/feed";
import { openStore } from "./shared/storage/open";
import type { DocumentStore } from "./shared/storage/port";

export interface StartOptions {
  /** Where log lines go instead of standard output (tests read them). */
  logDestination?: Writable;
  /**
   * The time the gateway's rate limits count at and the services' expiries and schedules go
   * by, instead of the clock (tests move it on instead of waiting).
   */
  clock?: () => number;
}

export interface RunningStint {
  broker: ServiceBroker;
  mode: "embedded" | "distributed";
  /** `http://host:port` when this process runs the gateway. */
  url?: string;
  /** `http://host:port` of the health listener, when `HEALTH_PORT` is set. */
  healthUrl?: string;
  /** Drains in-flight requests, then closes the bus, the store and the counters. */
  stop(): Promise<void>;
}

interface Dependencies extends ServiceDependencies {
  readiness: ReadinessCheck[];
  inFlight: InFlightRequests;
  liveFeed: LiveFeed;
}

/** Every service, as it declares itself in its own folder (`traits.ts`): one entry per name of `SERVICES`. */
export const SERVICE_TRAITS: { readonly [Name in ServiceName]: ServiceTraits<Name, Dependencies> } = {
  gateway: gatewayTraits,
  auth: authTraits,
  users: usersTraits,
  projects: projectsTraits,
  timeEntries: timeEntriesTraits,
  webhooks: webhooksTraits,
  reports: reportsTraits,
  imports: importsTraits,
  screenshots: screenshotsTraits,
  oauth: oauthTraits,
  system: systemTraits,
  events: eventsTraits,
  mail: mailTraits,
};

/** The services of a trait: the lists a process (and the deployment check) decides by. */
export function servicesThat(trait: keyof Omit<ServiceTraits, "name" | "load">): ServiceName[] {
  return Object.values(SERVICE_TRAITS)
    .filter((service) => service[trait])
    .map((service) => service.name);
}

/** Services that announce domain events, and those that take them. */
const EVENT_EMITTERS = servicesThat("announcesEvents");
const EVENT_USERS = [...EVENT_EMITTERS, ...servicesThat("consumesEvents")];

/** Services that keep documents; a process opens the store only when it runs one. */
const STORE_USERS = servicesThat("keepsDocuments");

/** Services that sign or check access tokens; only a process running one reads (or makes) the signing key. */
const KEY_HOLDERS = servicesThat("holdsSigningKey");

/** Starts the services `config.services` names, in this process. */
export async function startStint(config: Config, options: StartOptions = {}): Promise<RunningStint> {
  const kv = await openKeyValueStore({ redisUrl: config.redisUrl, namespace: config.namespace });
  let store: DocumentStore | undefined;
  // Said once the broker's logger exists: what an older version's embedded store was converted from.
  const storeNotes: string[] = [];
  try {
    if (config.services.some((name) => STORE_USERS.includes(name))) {
      store = await openStore({ mongoUrl: config.mongoUrl, dataDir: config.dataDir, onMigrated: (line) => storeNotes.push(line) });
    }
  } catch (error) {
    await kv.close();
    throw error;
  }

  // Distributed, domain events travel on JetStream (see docs/events.md).
  let eventStream: EventStream | undefined;
  try {
    if (config.natsUrl && config.services.some((name) => EVENT_USERS.includes(name))) {
      // The NATS client is loaded only by a distributed process (docs/design.md, "Memory at rest").
      const { EventStream } = await import("./shared/event-stream.js");
      eventStream = await EventStream.open({
        natsUrl: config.natsUrl,
        namespace: config.namespace,
        connectionName: config.nodeId || undefined,
        ackWaitMs: config.eventAckWaitSeconds * 1000,
      });
    }
  } catch (error) {
    await store?.close();
    await kv.close();
    throw error;
  }

  const broker = new ServiceBroker(brokerOptions(config, options.logDestination));
  const inFlight = new InFlightRequests();
  let events: EventPublisher = IN_PROCESS_EVENTS;
  let sweeping: { stop(): Promise<void> } | undefined;
  if (eventStream && store && config.services.some((name) => EVENT_EMITTERS.includes(name))) {
    const stream = eventStream;
    const logger = broker.getLogger("events");
    const outbox = await Outbox.open(store, { sweepAfterMs: config.eventSweepAfterSeconds * 1000, sweepEveryMs: 5_000 });
    events = durableEvents(outbox, stream, logger);
    sweeping = outbox.startSweeping((event) => stream.publish(event), logger);
  }
  for (const line of storeNotes) broker.getLogger("storage").info(line);
  const sharedStateWarning = countersWarning(config);
  if (sharedStateWarning) broker.getLogger("counters").warn(sharedStateWarning);
  const readiness: ReadinessCheck[] = [servicesStartedCheck(broker), { name: "counters", check: () => kv.ping() }];
  if (store) readiness.push({ name: "store", check: () => store.ping() });
  if (config.natsUrl) {
    readiness.push({
      name: "bus",
      check: async () => {
        if (!busConnected(broker)) throw new Error("not connected to NATS");
        // The event stream has a connection of its own to the same server.
        await eventStream?.ping();
      },
    });
  }
  const warnings = broker.getLogger("auth");
  const signer = config.services.some((name) => KEY_HOLDERS.includes(name))
    ? tokenSigner(
        signingSecret(config, (message) => warnings.warn(message)),
        config.accessTokenTtlSeconds,
      )
    : keylessSigner(config.accessTokenTtlSeconds);
  // Live streams listen to this; the events service (embedded) or the gateway (distributed) fills it (docs/live-updates.md).
  const liveFeed = new LiveFeed();
  const deps: Dependencies = { config, store, kv, readiness, inFlight, signer, events, eventStream, liveFeed, clock: options.clock };
  // Each service's modules are loaded here, by the processes that run it, and nowhere else.
  const factories = await Promise.all(config.services.map((name) => SERVICE_TRAITS[name].load()));
  for (const factory of factories) broker.createService(factory(deps));

  const closeBackends = async () => {
    await sweeping?.stop();
    await eventStream?.close();
    await store?.close();
    await kv.close();
  };
  let health: HealthListener | undefined;
  try {
    // Listening before the services start, so a probe sees "services: failing" while they do.
    if (config.healthPort !== undefined) {
      health = await startHealthListener({ host: config.host, port: config.healthPort, readiness, isDraining: () => inFlight.draining });
    }
    await broker.start();
  } catch (error) {
    await broker.stop().catch(() => undefined);
    await health?.close();
    await closeBackends();
    throw error;
  }

  const server = (broker.getLocalService("gateway") as unknown as { server?: Server } | undefined)?.server;
  const address = server?.address() as AddressInfo | null | undefined;
  const url = address ? `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}` : undefined;

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      inFlight.startDraining();
      if (server?.listening) {
        server.close();
        await inFlight.settled(config.shutdownTimeoutMs);
        server.closeAllConnections();
      }
      await broker.stop();
      await closeBackends();
      // Last: until here it answers 503 "draining" rather than refusing connections.
      await health?.close();
    })();
    return stopping;
  };

  return { broker, mode: runMode(config), url, healthUrl: health?.url, stop };
}
