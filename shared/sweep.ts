import type { Logger } from "moleculer";

/**
 * Pruning by age, the one shape every service's clean-up has: each replica sweeps on its own
 * timer, and each step is one `deleteMany` of what is older than an age. Two replicas sweeping
 * at once delete the same documents once between them, nothing is read first that could be
 * stale, and a sweep that fails leaves everything for the next one. No lease is needed.
 */

export const DAY_MS = 86_400_000;

/** How often each replica sweeps unless configured (`CLEANUP_INTERVAL_SECONDS`). */
const SWEEP_EVERY_MS = 15 * 60_000;

/** How many documents each step of a sweep deleted, by what they were. */
export type SweepCounts = object;

/**
 * Sweeps now and then until stopped; a failed sweep is logged and the next one tries again.
 * The first sweep comes at a random moment of the first interval (at most a minute), so that
 * replicas started together do not sweep together.
 */
export function sweepPeriodically(
  what: string,
  sweep: () => Promise<SweepCounts>,
  logger: Logger,
  everyMs: number = SWEEP_EVERY_MS,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      const counts = await sweep();
      if (Object.values(counts).some((count) => typeof count === "number" && count > 0)) logger.debug({ pruned: counts }, `${what} sweep`);
    } catch (error) {
      logger.warn({ err: error }, `${what} sweep failed; the next one tries again`);
    }
    if (!stopped) schedule(everyMs);
  };
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => void run(), delayMs);
    timer.unref();
  };
  schedule(Math.floor(Math.random() * Math.min(everyMs, 60_000)));
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
