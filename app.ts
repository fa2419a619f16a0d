import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Writable } from "node:stream";
import { ServiceBroker, type ServiceSchema } from "moleculer";
import { gatewayService } from "./gateway/gateway.service";
import { InFlightRequests } from "./gateway/in-flight";
import { servicesStartedCheck, type ReadinessCheck } from "./shared/health/readiness";
import { authService } from "./services/auth/auth.service";
import { projectsService } from "./services/projects/projects.service";
import { reportsService } from "./services/reports/reports.service";
import { importsService } from "./services/imports/imports.service";
import { screenshotsService } from "./services/screenshots/screenshots.service";
import { timeEntriesService } from "./services/time-entries/time-entries.service";
import { usersService } from "./services/users/users.service";
import { webhooksService } from "./services/webhooks/webhooks.service";
import { oauthService } from "./services/oauth/oauth.service";
import { keylessSigner, signingSecret, tokenSigner } from "./shared/auth/tokens";
import { systemService } from "./services/system/system.service";
import { IN_PROCESS_EVENTS, durableEvents, type EventPublisher } from "./shared/announce";
import { brokerOptions } from "./shared/broker";
import { EventStream } from "./shared/event-stream";
import { Outbox } from "./shared/outbox";
import { startHealthListener, type HealthListener } from "./shared/health/listener";
import { busConnected } from "./shared/bus-resilience";
import { countersWarning, runMode, type Config, type ServiceName } from "./shared/config";
import { openKeyValueStore } from "./shared/kv/open";
import type { ServiceDependencies } from "./shared/service";
import { openStore } from "./shared/storage/open";
import type { DocumentStore } from "./shared/storage/port";

export interface StartOptions {
  /** Where log lines go instead of standard output (tests read them). */
  logDestination?: Writable;
  /** The time the gateway's rate limits count at, instead of the clock (tests move it on instead of waiting). */
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

/** Services that announce domain events, and the one that takes them. */
const EVENT_EMITTERS: readonly ServiceName[] = ["timeEntries", "projects", "users", "screenshots"];
const EVENT_USERS: readonly ServiceName[] = [...EVENT_EMITTERS, "webhooks"];

/** Services that keep documents; a process opens the store only when it runs one. */
const STORE_USERS: readonly ServiceName[] = ["auth", "users", "projects", "timeEntries", "webhooks", "imports", "screenshots", "oauth"];

/** Services that sign or check access tokens; only a process running one reads (or makes) the signing key. */
const KEY_HOLDERS: readonly ServiceName[] = ["gateway", "auth", "oauth"];

interface Dependencies extends ServiceDependencies {
  readiness: ReadinessCheck[];
  inFlight: InFlightRequests;
  clock?: () => number;
}

/** Every service is made the same way, from the same dependencies. */
const SERVICE_FACTORIES: Record<ServiceName, (deps: Dependencies) => ServiceSchema> = {
  gateway: (deps) => gatewayService(deps) as ServiceSchema,
  auth: authService,
  users: usersService,
  projects: projectsService,
  timeEntries: timeEntriesService,
  webhooks: webhooksService,
  reports: reportsService,
  imports: importsService,
  screenshots: screenshotsService,
  oauth: oauthService,
  system: systemService,
};

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
  const deps: Dependencies = { config, store, kv, readiness, inFlight, signer, events, eventStream, clock: options.clock };
  for (const name of config.services) broker.createService(SERVICE_FACTORIES[name](deps));

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
      inFlight.draining = true;
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
