import type { FixedWindow, HitOptions, KeyValueStore, WindowsOutcome } from "./port";

/**
 * Reads and counts made on every request, taken from the store's `immediate` side when it
 * has one (memory) and through its promises otherwise (Redis). Code written with these
 * helpers is one code for both: in embedded mode it runs to its end without a promise,
 * across processes it waits for each answer as before.
 */

/** A value now, or a promise of it. */
export type Eventually<T> = T | Promise<T>;

/** `kv.getMany`, answered at once when the store can. */
export function readMany(kv: KeyValueStore, keys: readonly string[]): Eventually<(string | null)[]> {
  return kv.immediate ? kv.immediate.getMany(keys) : kv.getMany(keys);
}

/** `kv.hitWindows`, answered at once when the store can. */
export function hitWindows(kv: KeyValueStore, windows: readonly FixedWindow[], options?: HitOptions): Eventually<WindowsOutcome> {
  return kv.immediate ? kv.immediate.hitWindows(windows, options) : kv.hitWindows(windows, options);
}

/**
 * `next(value)`: at once when `value` is here, once it has settled when it is a promise.
 * A throw of `next` on a value that was here is a throw, not a rejection: callers that must
 * answer with a promise catch it themselves.
 */
export function andThen<T, R>(value: Eventually<T>, next: (value: T) => Eventually<R>): Eventually<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
