import type { BenchContext } from "../lib/context";

/** Fewest measured steps a phase takes, however long they last: a median needs a few. */
const MIN_STEPS = 3;
/** Most measured steps, so a fast server does not fill memory with timings. */
const MAX_STEPS = 100_000;
/** A slow step (a scan of a large collection) is reported as it goes, at most this often. */
const PROGRESS_EVERY_MS = 15_000;

type CpuUsed = { processes: Array<number | undefined>; loadGenerator: number; others?: number };

/**
 * How long an in-process phase runs: warm-up steps for `BENCH_WARMUP` seconds (at least one
 * when it is above zero), then measured steps for `BENCH_DURATION` seconds and at least
 * MIN_STEPS. A step is one operation done both ways, by the service and by the raw driver.
 */
export interface PhaseClock {
  /** The store server's process when the bench started it: its CPU is reported. */
  readonly observedPids: number[];
  warmUp(step: (index: number) => Promise<void>): Promise<number>;
  measure(step: (index: number) => Promise<void>): Promise<number>;
  cpuNotes(used: CpuUsed): string[];
}

export function pairsWanted(ctx: BenchContext, serverPid: number | undefined): PhaseClock {
  const { warmupSec, durationSec } = ctx.settings;
  const run = async (label: string, seconds: number, least: number, step: (index: number) => Promise<void>) => {
    const startedAt = Date.now();
    let lastReport = startedAt;
    let steps = 0;
    while (steps < MAX_STEPS && (steps < least || Date.now() - startedAt < seconds * 1000)) {
      await step(steps);
      steps += 1;
      if (Date.now() - lastReport >= PROGRESS_EVERY_MS) {
        lastReport = Date.now();
        ctx.log(`    ${label}: ${steps} steps in ${((lastReport - startedAt) / 1000).toFixed(0)} s`);
      }
    }
    return steps;
  };
  return {
    observedPids: serverPid === undefined ? [] : [serverPid],
    warmUp: (step) => (warmupSec > 0 ? run("warm-up", warmupSec, 1, step) : Promise.resolve(0)),
    measure: (step) => run("measured", durationSec, MIN_STEPS, step),
    cpuNotes(used) {
      const server = serverPid === undefined ? undefined : used.processes[0];
      return [
        `CPU while measured, in cores: store server ${server === undefined ? "not observed (MONGO_URL)" : server.toFixed(2)}, bench process (both clients) ${used.loadGenerator.toFixed(2)}, everything else ${used.others === undefined ? "-" : used.others.toFixed(2)}`,
      ];
    },
  };
}

/** The CPU figures of a phase, for the JSON. */
export function cpuFigures(clock: PhaseClock, used: CpuUsed): Record<string, number> {
  const figures: Record<string, number> = { benchCores: used.loadGenerator };
  const server = clock.observedPids.length > 0 ? used.processes[0] : undefined;
  if (server !== undefined) figures.serverCores = server;
  if (used.others !== undefined) figures.otherCores = used.others;
  return figures;
}
