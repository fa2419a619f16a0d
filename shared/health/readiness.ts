import type { ServiceBroker } from "moleculer";
import { nodeAnswers } from "../bus-resilience";

/** Something this process depends on, and how to ask whether it answers. */
export interface ReadinessCheck {
  name: "services" | "routes" | "store" | "bus" | "counters";
  check(): Promise<void>;
}

/** A check's failure that names what it waits for (the services no instance of which answers). */
export class Missing extends Error {
  constructor(readonly names: readonly string[]) {
    super(`not answering: ${names.join(", ")}`);
  }
}

/**
 * Whether every service this process runs has started. The gateway listens as soon as it
 * has started itself, which may be before the services beside it have (each opens its
 * collections first); until they all have, a request routed to one of them would be a 503,
 * so readiness says 503 too. The broker sets `started` once every local service's
 * `started` handler has resolved, and clears it when it stops.
 */
export function servicesStartedCheck(broker: object): ReadinessCheck {
  return {
    name: "services",
    check: async () => {
      if ((broker as { started?: unknown }).started !== true) throw new Error("services are still starting");
    },
  };
}

interface RegisteredService {
  name: string;
  node: { id: string; local: boolean; available: boolean };
}

/** Which of `needed` no instance serves that is available and answers on the bus, as this broker sees it now. */
export function servicesNotAnswering(broker: ServiceBroker, needed: readonly string[]): string[] {
  const registered = (broker.registry as unknown as { services: { services: readonly RegisteredService[] } }).services.services;
  const answering = new Set<string>();
  for (const service of registered) {
    if (service.node.available && (service.node.local || nodeAnswers(broker, service.node.id))) answering.add(service.name);
  }
  return needed.filter((name) => !answering.has(name));
}

/**
 * Whether every service in `needed` has at least one instance, here or in another process,
 * that is available in the registry and answers on the bus (`nodeAnswers`). A gateway routes
 * every request to one of these: while one has no instance answering, requests for it would
 * be 503s, so readiness is 503 too, naming the missing ones. Moleculer registers a service
 * only once its `started` handler has resolved, and announces a process's services as each
 * starts, so a service that is still opening its collections is not counted yet even when
 * another service of its process is; a process that dies is dropped from the registry by the
 * presence watch within about a second, and its services with it.
 */
export function servicesAnsweringCheck(broker: ServiceBroker, needed: readonly string[]): ReadinessCheck {
  return {
    name: "routes",
    check: async () => {
      const missing = servicesNotAnswering(broker, needed);
      if (missing.length > 0) throw new Missing(missing);
    },
  };
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, "ok" | "failing">;
  /** The services a failing `routes` check waits for, when there are any. */
  missing?: string[];
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(work: Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export async function checkReadiness(checks: readonly ReadinessCheck[]): Promise<ReadinessReport> {
  const missing: string[] = [];
  const results = await Promise.all(
    checks.map(
      async (c) =>
        [
          c.name,
          await withTimeout(c.check()).then(
            () => "ok" as const,
            (error: unknown) => {
              if (error instanceof Missing) missing.push(...error.names);
              return "failing" as const;
            },
          ),
        ] as const,
    ),
  );
  const report: ReadinessReport = { ready: results.every(([, state]) => state === "ok"), checks: Object.fromEntries(results) };
  if (missing.length > 0) report.missing = missing;
  return report;
}
