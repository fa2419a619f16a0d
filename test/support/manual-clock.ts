/**
 * The time a test deployment's gateways count at, moved on by the tests: rate-limit windows
 * are fixed and aligned to the clock, so a test counting at the real clock can meet a window
 * ending half-way, and the slower the machine, the likelier.
 */

const QUARTER_HOUR_MS = 15 * 60_000;

export interface ManualClock {
  now(): number;
  advance(ms: number): void;
  /** Half a minute into the next quarter hour: fresh windows, none about to end. */
  nextQuarterHour(): void;
}

export function manualClock(startMs = Date.UTC(2031, 0, 1, 9, 0, 30)): ManualClock {
  let nowMs = startMs;
  return {
    now: () => nowMs,
    advance(ms) {
      nowMs += ms;
    },
    nextQuarterHour() {
      nowMs = (Math.floor(nowMs / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS + 30_000;
    },
  };
}
