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
  // Counted on every request: a loop over an array of the right length, no closures.
  const placed = new Array<PlacedWindow>(windows.length);
  for (let at = 0; at < windows.length; at++) {
    const window = windows[at] as FixedWindow;
    if (typeof window.key !== "string" || window.key === "") throw new RangeError("a window's key must be a non-empty string");
    // A policy has one to three windows: a scan is cheaper than a set.
    for (let before = 0; before < at; before++)
      if (placed[before]?.window.key === window.key) throw new RangeError(`the window key ${window.key} is given twice`);
    const kept = window instanceof KeptWindow ? window : undefined;
    // A kept window checked its limit and length when it was made.
    if (!kept) {
      checkNonNegativeInteger(window.limit, "limit");
      checkPositiveInteger(window.windowMs, "windowMs");
    }
    const startMs = Math.floor(nowMs / window.windowMs) * window.windowMs;
    const resetAtMs = startMs + window.windowMs;
    const counterKey = kept ? kept.counterKeyAt(startMs) : `${window.key}:${startMs}`;
    placed[at] = { window, counterKey, resetAtMs, ttlMs: resetAtMs - nowMs + WINDOW_EXPIRY_MARGIN_MS };
  }
  return { windows: placed, cost };
}

/**
 * A window given again and again (the rate limiter keeps one per policy and subject): it
 * names its current counter with the same string for as long as the window lasts, so the
 * memory store's map finds the counter without building and hashing a new string. It can
 * also hold one store's handle on that counter (`hold`, `heldBy`), which the memory store
 * uses to reach the counter without looking it up at all; the handle is let go when the
 * window moves on to its next counter.
 */
export class KeptWindow implements FixedWindow {
  private startMs = Number.NaN;
  private counterKey = "";
  private holder: object | undefined;
  private held: unknown;

  constructor(
    readonly key: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {
    if (key === "") throw new RangeError("a window's key must be a non-empty string");
    checkNonNegativeInteger(limit, "limit");
    checkPositiveInteger(windowMs, "windowMs");
  }

  /** The counter of the window that starts at `startMs`. */
  counterKeyAt(startMs: number): string {
    if (startMs !== this.startMs) {
      this.counterKey = `${this.key}:${startMs}`;
      this.startMs = startMs;
      this.holder = undefined;
      this.held = undefined;
    }
    return this.counterKey;
  }

  /** Keeps `store`'s handle on the counter `counterKeyAt` named last; another store's is let go. */
  hold(store: object, handle: unknown): void {
    this.holder = store;
    this.held = handle;
  }

  /** What `store` gave `hold` for the current counter, or undefined: nothing held, or held for another store. */
  heldBy(store: object): unknown {
    return this.holder === store ? this.held : undefined;
  }
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
  /** Between when the last of these windows started and when the first ends, the same windows have the same counters. */
  startsAtMs: number;
  endsAtMs: number;
  /** `values[i]` is the value of `keys[i]`. Throws for a counter that is not a whole number, as `hitWindows` does. */
  countsFrom(values: readonly (string | null)[]): WindowCount[];
}

const INTEGER = /^-?\d+$/;

/** A class rather than closures: the gateway reads the failed-authentication window on every request. */
class PlacedRead implements WindowRead {
  readonly keys: string[];
  readonly startsAtMs: number;
  readonly endsAtMs: number;

  constructor(private readonly placed: readonly PlacedWindow[]) {
    this.keys = placed.map((p) => p.counterKey);
    this.startsAtMs = placed.reduce((last, p) => Math.max(last, p.resetAtMs - p.window.windowMs), Number.NEGATIVE_INFINITY);
    this.endsAtMs = placed.reduce((first, p) => Math.min(first, p.resetAtMs), Number.POSITIVE_INFINITY);
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
