/** The knobs a bench run reads from the environment, each with its default. */
export interface BenchSettings {
  /** Seconds of measured load per target. */
  durationSec: number;
  /** Seconds of unmeasured load before each measurement, to warm the JIT and the pools. */
  warmupSec: number;
  /** Concurrent keep-alive connections the load generator holds open. */
  connections: number;
  /** Seconds a target rests after warm-up before its idle memory is read. */
  settleSec: number;
  /** Seconds a started process gets to answer its readiness check. */
  readyTimeoutSec: number;
  /** Only these scenario sets run (all when empty), e.g. `trivial-route`. */
  scenarios: readonly string[];
  /** Only these targets run (all when empty), e.g. `bare,embedded`. */
  only: readonly string[];
}

export class SettingsError extends Error {}

interface Knob {
  env: string;
  doc: string;
  fallback: number;
  min: number;
  max: number;
}

/** Kept together so the README's table and the code say the same thing. */
export const KNOBS = {
  durationSec: { env: "BENCH_DURATION", doc: "seconds of measured load per target", fallback: 10, min: 1, max: 600 },
  warmupSec: { env: "BENCH_WARMUP", doc: "seconds of unmeasured warm-up load per target", fallback: 3, min: 0, max: 120 },
  connections: { env: "BENCH_CONNECTIONS", doc: "concurrent connections", fallback: 10, min: 1, max: 1000 },
  settleSec: { env: "BENCH_SETTLE", doc: "seconds of rest before idle memory is read", fallback: 2, min: 0, max: 60 },
  readyTimeoutSec: { env: "BENCH_READY_TIMEOUT", doc: "seconds a process gets to become ready", fallback: 30, min: 1, max: 300 },
} satisfies Record<string, Knob>;

function readNumber(env: NodeJS.ProcessEnv, knob: Knob): number {
  const raw = env[knob.env]?.trim();
  if (raw === undefined || raw === "") return knob.fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < knob.min || value > knob.max) {
    throw new SettingsError(`${knob.env} must be a number from ${knob.min} to ${knob.max}, got "${raw}"`);
  }
  return value;
}

function names(list: string | undefined): string[] {
  return (list ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const connections = readNumber(env, KNOBS.connections);
  if (!Number.isInteger(connections)) throw new SettingsError(`${KNOBS.connections.env} must be a whole number`);
  return {
    durationSec: readNumber(env, KNOBS.durationSec),
    warmupSec: readNumber(env, KNOBS.warmupSec),
    connections,
    settleSec: readNumber(env, KNOBS.settleSec),
    readyTimeoutSec: readNumber(env, KNOBS.readyTimeoutSec),
    scenarios: names(env.BENCH_SCENARIOS),
    only: names(env.BENCH_ONLY),
  };
}
