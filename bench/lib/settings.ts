/** The knobs a bench run reads from the environment, each with its default. */
export interface BenchSettings {
  /** Seconds of measured load per target. */
  durationSec: number;
  /** Seconds of unmeasured load before each measurement, to warm the JIT and the pools. */
  warmupSec: number;
  /** Concurrent keep-alive connections the load generator holds open. */
  connections: number;
  /**
   * Requests a second offered over all connections, or 0 for as many as the target answers.
   * At a fixed rate every target does the same work in the same time, so its CPU per
   * request is comparable between targets and runs even on a busy machine.
   */
  rate: number;
  /** Seconds a target rests after warm-up before its idle memory is read. */
  settleSec: number;
  /** Seconds a started process gets to answer its readiness check. */
  readyTimeoutSec: number;
  /** Only these scenario sets run (all when empty), e.g. `trivial-route`. */
  scenarios: readonly string[];
  /** Only these targets run (all when empty), e.g. `bare,embedded`. */
  only: readonly string[];
  /** Options of the named scenario sets from the command line (`--entries 100000`), by name. */
  options: Readonly<Record<string, number>>;
}

/** A numeric option a scenario set takes on the command line. */
export interface ScenarioOption {
  doc: string;
  fallback: number;
  min: number;
  max: number;
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
  rate: { env: "BENCH_RATE", doc: "requests a second over all connections (0: as fast as answered)", fallback: 0, min: 0, max: 1_000_000 },
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
    rate: readNumber(env, KNOBS.rate),
    settleSec: readNumber(env, KNOBS.settleSec),
    readyTimeoutSec: readNumber(env, KNOBS.readyTimeoutSec),
    scenarios: names(env.BENCH_SCENARIOS),
    only: names(env.BENCH_ONLY),
    options: {},
  };
}

/**
 * `npm run bench -- <set> [<set>...] [--<option> <value>]...`: the sets named, which take
 * the place of `BENCH_SCENARIOS`, and option values as written (`--name value` or
 * `--name=value`).
 */
export function readArguments(argv: readonly string[]): { scenarios: string[]; options: Record<string, string> } {
  const scenarios: string[] = [];
  const options: Record<string, string> = {};
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index] as string;
    if (!word.startsWith("--")) {
      scenarios.push(...names(word));
      continue;
    }
    const [name = "", inline] = word.slice(2).split(/=(.*)/s);
    const value = inline ?? argv[++index];
    if (name === "" || value === undefined) throw new SettingsError(`${word} needs a value, e.g. --entries 100000`);
    options[name] = value;
  }
  return { scenarios, options };
}

/**
 * Every option the chosen sets accept, as given or at its default; an unknown option or a
 * bad value is an error.
 */
export function readOptions(
  given: Readonly<Record<string, string>>,
  accepted: Readonly<Record<string, ScenarioOption>>,
): Record<string, number> {
  const values: Record<string, number> = Object.fromEntries(Object.entries(accepted).map(([name, option]) => [name, option.fallback]));
  for (const [name, raw] of Object.entries(given)) {
    const option = accepted[name];
    if (!option) {
      const known = Object.keys(accepted);
      throw new SettingsError(
        `--${name} is not an option of the chosen scenario sets${known.length > 0 ? ` (they take: ${known.map((key) => `--${key}`).join(", ")})` : ""}`,
      );
    }
    const value = Number(raw.replaceAll("_", ""));
    if (!Number.isInteger(value) || value < option.min || value > option.max)
      throw new SettingsError(`--${name} (${option.doc}) must be a whole number from ${option.min} to ${option.max}, got "${raw}"`);
    values[name] = value;
  }
  return values;
}
