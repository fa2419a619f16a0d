import { randomUUID } from "node:crypto";
import type { Writable } from "node:stream";
import type { BrokerOptions } from "moleculer";
import type { Config } from "./config";
import { natsTransporter } from "./bus";
import { READS_FRAMES } from "./bus-frames";
import { pinoOptions, quietUnwrittenLevels } from "./logger";
import { AccessMiddleware } from "./access";
import { RequestScopeMiddleware } from "./request-scope";
import { BUS_TIMINGS, busResilienceOptions, NodePresenceMiddleware, SignsOfLifeMiddleware } from "./bus-resilience";
import { callDeadlines } from "./call-deadlines";

/** Broker settings shared by every process: NATS when configured, pino logs, request scope. */
export function brokerOptions(config: Config, logDestination?: Writable): BrokerOptions {
  return {
    namespace: config.namespace,
    nodeID: config.nodeId || undefined,
    transporter: config.natsUrl ? natsTransporter(config.natsUrl) : undefined,
    // Announced to every node: this one reads streams' chunks framed as bytes (see bus-frames.ts).
    metadata: { ...READS_FRAMES },
    logger: {
      type: "Pino",
      options: { level: config.logLevel, pino: { options: pinoOptions(config, logDestination), destination: logDestination } },
    },
    // Heartbeats and the request timeout: how fast a dead node is noticed (see bus-resilience.ts).
    ...busResilienceOptions(),
    // Shutdown is ours: drain HTTP first, then stop the broker.
    skipProcessEventRegistration: true,
    tracking: { enabled: true, shutdownTimeout: config.shutdownTimeoutMs },
    registry: { strategy: "RoundRobin", preferLocal: true },
    metrics: false,
    tracing: false,
    // Every call's context gets an id. Moleculer's own builds a UUID from twenty string pieces,
    // which are joined again wherever the id is hashed; Node's comes whole from a random pool.
    uidGenerator: () => randomUUID(),
    middlewares: [
      quietUnwrittenLevels(config),
      RequestScopeMiddleware,
      AccessMiddleware,
      NodePresenceMiddleware,
      SignsOfLifeMiddleware,
      callDeadlines({ timeoutMs: BUS_TIMINGS.requestTimeoutMs }),
    ],
  };
}
