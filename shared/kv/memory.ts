import { checkInteger, checkPositiveInteger } from "./checks";
import type { Counter, FixedWindow, HitOptions, ImmediateReads, KeyValueStore, SetOptions, WindowCount, WindowsOutcome } from "./port";
import { KeptWindow, placeWindows, windowCount, type PlacedWindow } from "./windows";

/**
 * The key-value port in this process's memory, for embedded mode. Expiry is decided by the
 * clock whenever a key is read; expired keys nobody reads again are dropped by a sweep that
 * rides on writes, so there is no timer to hold the process open. Every method's body is
 * synchronous, which makes each one atomic; `immediate` offers the reads and counts made on
 * every request without the promise around them.
 */

interface Entry {
  /**
   * A count (`increment`, `hitWindows`) is kept as a number, so counting neither parses nor
   * formats it; anything `set` as text. Either reads back as text, as from Redis.
   */
  value: string | number;
  expiresAt: number;
}

/**
 * An entry taken out of the map is marked expired, so that a handle still held on it (a
 * kept window's, see `hitWindowsNow`) is known to be stale without a look-up: an entry
 * that has not expired is always the one the map holds for its key.
 */
const retire = (entry: Entry | undefined): void => {
  if (entry) entry.expiresAt = Number.NEGATIVE_INFINITY;
};

const textOf = (entry: Entry): string => (typeof entry.value === "number" ? String(entry.value) : entry.value);

const SWEEP_EVERY_MS = 30_000;
const INTEGER = /^-?\d+$/;

class MemoryStore implements KeyValueStore {
  readonly kind = "memory";
  private readonly entries = new Map<string, Entry>();
  private nextSweep = 0;
  private closed = false;
  private writes = 0;
  readonly immediate: ImmediateReads = ((store: MemoryStore) => ({
    getMany: (keys: readonly string[]) => store.getManyNow(keys),
    hitWindows: (windows: readonly FixedWindow[], options?: HitOptions) => store.hitWindowsNow(windows, options),
    get writeCount() {
      return store.writes;
    },
  }))(this);

  private noteWrite(): void {
    this.writes += 1;
  }

  private checkOpen(): void {
    if (this.closed) throw new Error("the key-value store is closed");
  }

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** As Redis's INCRBY: only a value that is a whole number can be counted on. */
  private countOf(key: string, entry: Entry): number {
    if (typeof entry.value === "number") return entry.value;
    if (!INTEGER.test(entry.value)) throw new Error(`the value of ${key} is not an integer`);
    return Number(entry.value);
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string): Promise<string | null> {
    this.checkOpen();
    const entry = this.live(key, Date.now());
    return entry ? textOf(entry) : null;
  }

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    return this.getManyNow(keys);
  }

  private getManyNow(keys: readonly string[]): (string | null)[] {
    this.checkOpen();
    const now = Date.now();
    const values = new Array<string | null>(keys.length);
    for (let i = 0; i < keys.length; i++) {
      const entry = this.live(keys[i] as string, now);
      values[i] = entry ? textOf(entry) : null;
    }
    return values;
  }

  async set(key: string, value: string, options: SetOptions): Promise<boolean> {
    this.checkOpen();
    checkPositiveInteger(options.ttlMs, "ttlMs");
    const now = Date.now();
    this.sweep(now);
    if (options.onlyIfAbsent && this.live(key, now)) return false;
    retire(this.entries.get(key));
    this.entries.set(key, { value, expiresAt: now + options.ttlMs });
    this.noteWrite();
    return true;
  }

  async delete(key: string): Promise<void> {
    this.checkOpen();
    retire(this.entries.get(key));
    this.entries.delete(key);
    this.noteWrite();
  }

  async increment(key: string, windowMs: number, by = 1): Promise<Counter> {
    this.checkOpen();
    checkPositiveInteger(windowMs, "windowMs");
    checkInteger(by, "by");
    const now = Date.now();
    this.sweep(now);
    this.noteWrite();
    const entry = this.live(key, now);
    if (!entry) {
      this.entries.set(key, { value: by, expiresAt: now + windowMs });
      return { value: by, ttlMs: windowMs };
    }
    const value = this.countOf(key, entry) + by;
    entry.value = value;
    return { value, ttlMs: entry.expiresAt - now };
  }

  async hitWindows(windows: readonly FixedWindow[], options?: HitOptions): Promise<WindowsOutcome> {
    return this.hitWindowsNow(windows, options);
  }

  private hitWindowsNow(windows: readonly FixedWindow[], options?: HitOptions): WindowsOutcome {
    this.checkOpen();
    const { windows: placed, cost } = placeWindows(windows, options);
    const now = Date.now();
    this.sweep(now);
    // Every request of every caller comes through here: plain loops, arrays of the right length.
    const found = new Array<Entry | undefined>(placed.length);
    const counts = new Array<number>(placed.length);
    let allowed = true;
    for (let i = 0; i < placed.length; i++) {
      const p = placed[i] as PlacedWindow;
      const entry = this.counterOf(p, now);
      const count = entry ? this.countOf(p.counterKey, entry) : 0;
      found[i] = entry;
      counts[i] = count;
      if (count + cost > p.window.limit) allowed = false;
    }
    if (allowed && cost > 0) {
      for (let i = 0; i < placed.length; i++) {
        const p = placed[i] as PlacedWindow;
        const value = (counts[i] as number) + cost;
        counts[i] = value;
        // Expiry follows this process's clock, like every other key here; the window itself
        // is named by its start, so a new window never finds an old count. A counter that
        // exists is updated where it is: one map look-up per window, not two.
        const entry = found[i];
        if (entry) {
          entry.value = value;
          entry.expiresAt = now + p.ttlMs;
        } else {
          const created = { value, expiresAt: now + p.ttlMs };
          this.entries.set(p.counterKey, created);
          if (p.window instanceof KeptWindow) p.window.hold(this, created);
        }
      }
    }
    const outcome = new Array<WindowCount>(placed.length);
    for (let i = 0; i < placed.length; i++) outcome[i] = windowCount(placed[i] as PlacedWindow, counts[i] as number);
    return { allowed, windows: outcome };
  }

  async refundWindows(windows: readonly FixedWindow[], options?: HitOptions): Promise<WindowCount[]> {
    this.checkOpen();
    const { windows: placed, cost } = placeWindows(windows, options);
    const now = Date.now();
    return placed.map((p) => {
      const entry = this.counterOf(p, now);
      if (!entry) return windowCount(p, 0);
      const count = this.countOf(p.counterKey, entry);
      const value = count - Math.min(cost, Math.max(count, 0));
      entry.value = value;
      return windowCount(p, value);
    });
  }

  /**
   * A window's current counter, if it exists. A kept window holds the entry it was last
   * counted in, reached without a look-up while it lives: with thousands of callers, the
   * map's look-ups mostly miss the CPU's caches.
   */
  private counterOf(placed: PlacedWindow, now: number): Entry | undefined {
    const window = placed.window;
    if (!(window instanceof KeptWindow)) return this.live(placed.counterKey, now);
    const held = window.heldBy(this) as Entry | undefined;
    if (held !== undefined && held.expiresAt > now) return held;
    const entry = this.live(placed.counterKey, now);
    window.hold(this, entry);
    return entry;
  }

  async ping(): Promise<void> {
    this.checkOpen();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.noteWrite();
    this.entries.clear();
  }
}

export function openMemoryStore(): KeyValueStore {
  return new MemoryStore();
}
