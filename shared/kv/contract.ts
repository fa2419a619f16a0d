import { randomBytes } from "node:crypto";
import type { KeyValueStore } from "./port";

/** The key-value port's contract: every adapter runs this same suite. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Long enough that a slow machine cannot expire it during a test. */
const LONG_MS = 60_000;
/** Short enough to wait out, with room for a busy machine to check it first. */
const SHORT_MS = 500;
const PAST_SHORT_MS = 900;

export function describeKeyValueContract(name: string, open: () => Promise<KeyValueStore>): void {
  describe(`key-value contract: ${name}`, () => {
    const run = randomBytes(4).toString("hex");
    let sequence = 0;
    let kv: KeyValueStore;
    /** A key no other test (or earlier run) uses. */
    const key = (label: string) => `contract:${run}:${++sequence}:${label}`;

    beforeAll(async () => {
      kv = await open();
    });

    afterAll(async () => {
      await kv?.close();
    });

    it("answers ping and says what it is", async () => {
      await expect(kv.ping()).resolves.toBeUndefined();
      expect(["redis", "memory"]).toContain(kv.kind);
    });

    it("gets null for a key never set, and what was set otherwise", async () => {
      const k = key("value");
      expect(await kv.get(k)).toBeNull();
      expect(await kv.set(k, "first", { ttlMs: LONG_MS })).toBe(true);
      expect(await kv.get(k)).toBe("first");
      expect(await kv.set(k, "second ✓", { ttlMs: LONG_MS })).toBe(true);
      expect(await kv.get(k)).toBe("second ✓");
      expect(await kv.set(k, "", { ttlMs: LONG_MS })).toBe(true);
      expect(await kv.get(k)).toBe("");
    });

    it("forgets a value once its time is up", async () => {
      const k = key("expiring");
      await kv.set(k, "soon gone", { ttlMs: SHORT_MS });
      expect(await kv.get(k)).toBe("soon gone");
      await sleep(PAST_SHORT_MS);
      expect(await kv.get(k)).toBeNull();
    });

    it("sets onlyIfAbsent only when the key is absent or has expired", async () => {
      const k = key("once");
      expect(await kv.set(k, "winner", { ttlMs: SHORT_MS, onlyIfAbsent: true })).toBe(true);
      expect(await kv.set(k, "late", { ttlMs: LONG_MS, onlyIfAbsent: true })).toBe(false);
      expect(await kv.get(k)).toBe("winner");
      await sleep(PAST_SHORT_MS);
      expect(await kv.set(k, "after expiry", { ttlMs: LONG_MS, onlyIfAbsent: true })).toBe(true);
      expect(await kv.get(k)).toBe("after expiry");
    });

    it("lets exactly one of 50 concurrent onlyIfAbsent sets win", async () => {
      const k = key("race");
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => kv.set(k, `writer ${i}`, { ttlMs: LONG_MS, onlyIfAbsent: true })));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await kv.get(k)).toBe(`writer ${results.indexOf(true)}`);
    });

    it("deletes a key, and deleting a missing key is fine", async () => {
      const k = key("doomed");
      await kv.set(k, "here", { ttlMs: LONG_MS });
      await kv.delete(k);
      expect(await kv.get(k)).toBeNull();
      await expect(kv.delete(key("never"))).resolves.toBeUndefined();
      expect(await kv.set(k, "back", { ttlMs: LONG_MS, onlyIfAbsent: true })).toBe(true);
    });

    it("increments from nothing, by 1 or by more, within one window", async () => {
      const k = key("counter");
      const first = await kv.increment(k, LONG_MS);
      expect(first.value).toBe(1);
      expect(first.ttlMs).toBeGreaterThan(LONG_MS - 5_000);
      expect(first.ttlMs).toBeLessThanOrEqual(LONG_MS);
      const second = await kv.increment(k, LONG_MS);
      expect(second.value).toBe(2);
      const third = await kv.increment(k, LONG_MS, 5);
      expect(third.value).toBe(7);
      // The window starts at the first increment; later ones do not push it back.
      expect(third.ttlMs).toBeLessThanOrEqual(first.ttlMs);
      expect(await kv.get(k)).toBe("7");
    });

    it("keeps the window of the first increment, then starts a new one", async () => {
      const k = key("window");
      const first = await kv.increment(k, SHORT_MS);
      await sleep(50);
      const later = await kv.increment(k, SHORT_MS);
      expect(later.value).toBe(2);
      expect(later.ttlMs).toBeLessThan(first.ttlMs);
      expect(later.ttlMs).toBeGreaterThan(0);
      await sleep(PAST_SHORT_MS);
      expect(await kv.get(k)).toBeNull();
      const fresh = await kv.increment(k, LONG_MS);
      expect(fresh.value).toBe(1);
      expect(fresh.ttlMs).toBeGreaterThan(LONG_MS - 5_000);
    });

    it("counts exactly under 100 concurrent increments, each seeing its own value", async () => {
      const k = key("busy");
      const counters = await Promise.all(Array.from({ length: 100 }, () => kv.increment(k, LONG_MS)));
      expect(counters.map((c) => c.value).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(counters.every((c) => c.ttlMs > 0 && c.ttlMs <= LONG_MS)).toBe(true);
      expect(await kv.get(k)).toBe("100");
    });

    it("keeps keys apart", async () => {
      const a = key("a");
      const b = key("b");
      const text = key("text");
      await kv.increment(a, LONG_MS, 3);
      await kv.increment(b, LONG_MS);
      await kv.set(text, "words", { ttlMs: LONG_MS });
      expect((await kv.increment(a, LONG_MS)).value).toBe(4);
      expect((await kv.increment(b, LONG_MS)).value).toBe(2);
      await kv.delete(a);
      expect(await kv.get(a)).toBeNull();
      expect(await kv.get(b)).toBe("2");
      expect(await kv.get(text)).toBe("words");
    });

    it("refuses to increment a value that is not a whole number", async () => {
      const k = key("words");
      await kv.set(k, "not a number", { ttlMs: LONG_MS });
      await expect(kv.increment(k, LONG_MS)).rejects.toThrow();
      expect(await kv.get(k)).toBe("not a number");
    });

    it("refuses expiries that are not positive whole milliseconds", async () => {
      const k = key("bad");
      for (const ttlMs of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        await expect(kv.set(k, "x", { ttlMs })).rejects.toThrow(RangeError);
        await expect(kv.increment(k, ttlMs)).rejects.toThrow(RangeError);
      }
      await expect(kv.increment(k, LONG_MS, 0.5)).rejects.toThrow(RangeError);
      expect(await kv.get(k)).toBeNull();
    });
  });
}
