/**
 * The key-value port: short-lived shared values such as rate-limit counters,
 * idempotency records and one-time codes. Redis (ioredis) across processes, memory
 * in embedded mode. Every method is atomic on its key.
 */
export interface SetOptions {
  /** Expire the key this many milliseconds from now. */
  ttlMs: number;
  /** Only set when the key does not exist (Redis `NX`). */
  onlyIfAbsent?: boolean;
}

export interface Counter {
  /** The value after the increment. */
  value: number;
  /** Milliseconds until the counter expires. */
  ttlMs: number;
}

/** One fixed window of a rate limit: at most `limit` requests per `windowMs`, counted under `key`. */
export interface FixedWindow {
  key: string;
  /** Whole number, 0 or more; 0 refuses every request. */
  limit: number;
  /** Whole milliseconds, more than 0. */
  windowMs: number;
}

/** Where one window stands after `hitWindows`. */
export interface WindowCount extends FixedWindow {
  /** Requests counted in the current window: this one included when it was allowed. */
  count: number;
  /** When the current window ends (epoch milliseconds): its count starts again from 0. */
  resetAtMs: number;
}

export interface WindowsOutcome {
  /** True when every window had room, and the request was counted in all of them. */
  allowed: boolean;
  /** One per window asked about, in the same order. */
  windows: WindowCount[];
}

export interface HitOptions {
  /** The time the windows are computed from; defaults to the clock. */
  nowMs?: number;
  /** Requests this hit counts (default 1); 0 only reads where the windows stand. */
  cost?: number;
}

/**
 * How long a window's counter outlives the window's end, so that a process whose clock runs
 * a little behind, or a command that is slow to arrive, still finds the count of the window
 * it believes is current instead of starting it again from 0.
 */
export const WINDOW_EXPIRY_MARGIN_MS = 30_000;

/**
 * `getMany` and `hitWindows` answered at once, without a promise: what a store in this
 * process's memory can do, so that embedded mode's per-request reads and counts take no
 * asynchronous step. The same contract as the methods of the same names; arguments they
 * refuse throw instead of rejecting.
 */
export interface ImmediateReads {
  getMany(keys: readonly string[]): (string | null)[];
  hitWindows(windows: readonly FixedWindow[], options?: HitOptions): WindowsOutcome;
  /**
   * How many writes `set`, `delete` and `increment` have made (window counters, which
   * `hitWindows` keeps under keys of their own, are not counted). A key written only through
   * those three that was absent at one count is still absent while the count is the same.
   */
  readonly writeCount: number;
}

export interface KeyValueStore {
  readonly kind: "redis" | "memory";
  /** Present on the memory store only; a store across processes answers through its promises. */
  readonly immediate?: ImmediateReads;
  get(key: string): Promise<string | null>;
  /**
   * The values of several keys in one step, in the order asked, null for each absent key: on
   * Redis one round trip (`MGET`). For values read together on every request.
   */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  /** Returns false when `onlyIfAbsent` was asked and the key already existed. */
  set(key: string, value: string, options: SetOptions): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Adds `by` (default 1); a new counter expires `windowMs` after its first increment. */
  increment(key: string, windowMs: number, by?: number): Promise<Counter>;
  /**
   * Counts one request (`cost` of them) against several fixed windows at once, all or nothing.
   * Windows are aligned to the epoch: the current one starts at
   * `floor(nowMs / windowMs) * windowMs` and ends `windowMs` later, whatever time the first
   * request arrived. The request is allowed only when every window can take it
   * (`count + cost <= limit`); then it is counted in each of them. Otherwise it is counted
   * in none: a request refused by one window uses up nothing of the others, and a refused
   * request does not count. Either way every window reports its count and its end.
   *
   * Each window's count lives under its own key for `key` and the window's start, so a new
   * window starts from 0 by itself; counters expire `WINDOW_EXPIRY_MARGIN_MS` after their
   * window ends. Keys must differ from one another and from keys used with other methods
   * (for Redis Cluster, the keys of one call also need a common `{hash tag}`). Atomic across
   * every window and every process sharing the store; on Redis, one round trip.
   */
  hitWindows(windows: readonly FixedWindow[], options?: HitOptions): Promise<WindowsOutcome>;
  /**
   * Takes back `cost` (default 1) that an allowed `hitWindows` counted, once the request it
   * counted turned out not to count (a sign-in that was right after all). Give the hit's own
   * `nowMs`: the counters of the windows current then are the ones taken from, even when a
   * window has ended since. Each counter goes down by `cost`, never below 0; a counter that
   * does not exist stays absent, and its expiry is left as it was. Says each window's count
   * afterwards. Atomic like `hitWindows`, with the same rules for keys and arguments.
   */
  refundWindows(windows: readonly FixedWindow[], options?: HitOptions): Promise<WindowCount[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
