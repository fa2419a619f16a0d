/** Something this process depends on, and how to ask whether it answers. */
export interface ReadinessCheck {
  name: "services" | "store" | "bus" | "counters";
  check(): Promise<void>;
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

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, "ok" | "failing">;
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(work: Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export async function checkReadiness(checks: readonly ReadinessCheck[]): Promise<ReadinessReport> {
  const results = await Promise.all(
    checks.map(
      async (c) =>
        [
          c.name,
          await withTimeout(c.check()).then(
            () => "ok" as const,
            () => "failing" as const,
          ),
        ] as const,
    ),
  );
  return { ready: results.every(([, state]) => state === "ok"), checks: Object.fromEntries(results) };
}
