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

export interface KeyValueStore {
  readonly kind: "redis" | "memory";
  get(key: string): Promise<string | null>;
  /** Returns false when `onlyIfAbsent` was asked and the key already existed. */
  set(key: string, value: string, options: SetOptions): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Adds `by` (default 1); a new counter expires `windowMs` after its first increment. */
  increment(key: string, windowMs: number, by?: number): Promise<Counter>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
