import { checkInteger, checkPositiveInteger } from "./checks";
import { WINDOW_EXPIRY_MARGIN_MS, type FixedWindow, type HitOptions, type WindowCount } from "./port";

/** What both adapters work out before touching a counter in `hitWindows`. */

export interface PlacedWindow {
  window: FixedWindow;
  /** The counter of the current window: the window's key and the window's start. */
  counterKey: string;
  resetAtMs: number;
  /** How long the counter lives from now: to the window's end, plus the margin. */
  ttlMs: number;
}

export interface PlacedHit {
  windows: PlacedWindow[];
  cost: number;
}

function checkNonNegativeInteger(value: number, what: string): void {
  checkInteger(value, what);
  if (value < 0) throw new RangeError(`${what} must not be negative, got ${value}`);
}

/** Checks the arguments (the same way in every adapter) and places each window in time. */
export function placeWindows(windows: readonly FixedWindow[], options: HitOptions = {}): PlacedHit {
  const nowMs = options.nowMs ?? Date.now();
  const cost = options.cost ?? 1;
  checkNonNegativeInteger(nowMs, "nowMs");
  checkNonNegativeInteger(cost, "cost");
  const placed: PlacedWindow[] = [];
  for (const window of windows) {
    if (typeof window.key !== "string" || window.key === "") throw new RangeError("a window's key must be a non-empty string");
    // A policy has one to three windows: a scan is cheaper than a set.
    if (placed.some((p) => p.window.key === window.key)) throw new RangeError(`the window key ${window.key} is given twice`);
    checkNonNegativeInteger(window.limit, "limit");
    checkPositiveInteger(window.windowMs, "windowMs");
    const startMs = Math.floor(nowMs / window.windowMs) * window.windowMs;
    const resetAtMs = startMs + window.windowMs;
    placed.push({ window, counterKey: counterKeyOf(window, startMs), resetAtMs, ttlMs: resetAtMs - nowMs + WINDOW_EXPIRY_MARGIN_MS });
  }
  return { windows: placed, cost };
}

/** The counter key each window object named last, with the start it was named for. */
const lastCounterKeys = new WeakMap<FixedWindow, { key: string; startMs: number; counterKey: string }>();

/**
 * The counter of `window` starting at `startMs`. A window object given again (callers keep
 * one per subject) gets the same string for as long as its window lasts, so the memory
 * store's map finds it without hashing a new string.
 */
function counterKeyOf(window: FixedWindow, startMs: number): string {
  const last = lastCounterKeys.get(window);
  if (last && last.startMs === startMs && last.key === window.key) return last.counterKey;
  const counterKey = `${window.key}:${startMs}`;
  lastCounterKeys.set(window, { key: window.key, startMs, counterKey });
  return counterKey;
}

export function windowCount(placed: PlacedWindow, count: number): WindowCount {
  return { key: placed.window.key, limit: placed.window.limit, windowMs: placed.window.windowMs, count, resetAtMs: placed.resetAtMs };
}

/**
 * Where windows stand, read as plain keys: `keys` are the counters `hitWindows` keeps for the
 * current windows, for `getMany` together with other keys in one step; `countsFrom` reads
 * their values. The same as a `hitWindows` of cost 0, without a script.
 */
export interface WindowRead {
  keys: string[];
  /** `values[i]` is the value of `keys[i]`. Throws for a counter that is not a whole number, as `hitWindows` does. */
  countsFrom(values: readonly (string | null)[]): WindowCount[];
}

const INTEGER = /^-?\d+$/;

/** A class rather than closures: the gateway reads the failed-authentication window on every request. */
class PlacedRead implements WindowRead {
  readonly keys: string[];

  constructor(private readonly placed: readonly PlacedWindow[]) {
    this.keys = placed.map((p) => p.counterKey);
  }

  countsFrom(values: readonly (string | null)[]): WindowCount[] {
    return this.placed.map((p, i) => {
      const value = values[i] ?? null;
      if (value !== null && !INTEGER.test(value)) throw new Error(`the value of ${p.counterKey} is not an integer`);
      return windowCount(p, value === null ? 0 : Number(value));
    });
  }
}

export function readWindows(windows: readonly FixedWindow[], nowMs: number = Date.now()): WindowRead {
  return new PlacedRead(placeWindows(windows, { nowMs, cost: 0 }).windows);
}
