/** Something this process depends on, and how to ask whether it answers. */
export interface ReadinessCheck {
  name: "store" | "bus" | "counters";
  check(): Promise<void>;
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
    checks.map(async (c) => [c.name, await withTimeout(c.check()).then(() => "ok" as const, () => "failing" as const)] as const),
  );
  return { ready: results.every(([, state]) => state === "ok"), checks: Object.fromEntries(results) };
}
