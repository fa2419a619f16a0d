import { randomBytes } from "node:crypto";
import type { FixedWindow, HitOptions, KeyValueStore } from "./port";
import { KeptWindow } from "./windows";

/** The key-value port's contract: every adapter runs this same suite. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Long enough that a slow machine cannot expire it during a test. */
const LONG_MS = 60_000;
/** Short enough to wait out, with room for a busy machine to check it first. */
const SHORT_MS = 500;
const PAST_SHORT_MS = 900;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A fixed instant, midnight UTC, for window tests that must not meet a real window's end. */
const MIDNIGHT = Date.UTC(2031, 0, 1);

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
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => kv.set(k, `writer ${i}`, { ttlMs: LONG_MS, onlyIfAbsent: true })),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await kv.get(k)).toBe(`writer ${results.indexOf(true)}`);
    });

    it("gets several keys at once, in the order asked, null for absent or expired ones", async () => {
      const [a, b, gone, never, empty] = [key("many-a"), key("many-b"), key("many-gone"), key("many-never"), key("many-empty")];
      await kv.set(a, "alpha", { ttlMs: LONG_MS });
      await kv.set(b, "beta ✓", { ttlMs: LONG_MS });
      await kv.set(gone, "soon gone", { ttlMs: SHORT_MS });
      await kv.set(empty, "", { ttlMs: LONG_MS });
      expect(await kv.getMany([b, never, a, gone, empty, a])).toEqual(["beta ✓", null, "alpha", "soon gone", "", "alpha"]);
      expect(await kv.getMany([])).toEqual([]);
      await sleep(PAST_SHORT_MS);
      expect(await kv.getMany([gone, a])).toEqual([null, "alpha"]);
      await kv.delete(a);
      expect(await kv.getMany([a, b])).toEqual([null, "beta ✓"]);
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

    describe("hitWindows", () => {
      const counts = (outcome: { windows: { count: number }[] }) => outcome.windows.map((w) => w.count);

      it("reports each window's count, limit and end, with windows aligned to the epoch", async () => {
        const minute: FixedWindow = { key: key("minute"), limit: 5, windowMs: MINUTE };
        const odd: FixedWindow = { key: key("odd"), limit: 5, windowMs: 7 };
        const first = await kv.hitWindows([minute, odd], { nowMs: MIDNIGHT + 12_345 });
        expect(first).toEqual({
          allowed: true,
          windows: [
            { ...minute, count: 1, resetAtMs: MIDNIGHT + MINUTE },
            // 7 ms windows: MIDNIGHT + 12,345 lies in the one that ends at the next multiple of 7.
            { ...odd, count: 1, resetAtMs: Math.floor((MIDNIGHT + 12_345) / 7) * 7 + 7 },
          ],
        });
        const second = await kv.hitWindows([minute], { nowMs: MIDNIGHT + 59_999 });
        expect(second.windows[0]).toMatchObject({ count: 2, resetAtMs: MIDNIGHT + MINUTE });
      });

      it("defaults to the clock", async () => {
        const before = Date.now();
        const outcome = await kv.hitWindows([{ key: key("clock"), limit: 5, windowMs: DAY }]);
        const resetAtMs = outcome.windows[0]?.resetAtMs ?? 0;
        // Unless the day ended during the call, the window is the day the call began in.
        expect([Math.floor(before / DAY) * DAY + DAY, Math.floor(Date.now() / DAY) * DAY + DAY]).toContain(resetAtMs);
        expect(outcome.windows[0]?.count).toBe(1);
      });

      it("allows exactly 100 of 300 concurrent hits against a limit of 100", async () => {
        const window = { key: key("crowd"), limit: 100, windowMs: HOUR };
        const outcomes = await Promise.all(Array.from({ length: 300 }, () => kv.hitWindows([window], { nowMs: MIDNIGHT })));
        const allowed = outcomes.filter((o) => o.allowed);
        expect(allowed).toHaveLength(100);
        expect(allowed.map((o) => o.windows[0]?.count).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
          Array.from({ length: 100 }, (_, i) => i + 1),
        );
        expect(outcomes.filter((o) => !o.allowed).every((o) => o.windows[0]?.count === 100)).toBe(true);
        expect(counts(await kv.hitWindows([window], { nowMs: MIDNIGHT, cost: 0 }))).toEqual([100]);
      });

      it("counts a refused request nowhere: a full window uses up nothing of the others", async () => {
        const minute = { key: key("minute"), limit: 2, windowMs: MINUTE };
        const day = { key: key("day"), limit: 5, windowMs: DAY };
        const at = (offsetMs: number) => kv.hitWindows([minute, day], { nowMs: MIDNIGHT + offsetMs });
        expect((await at(0)).allowed).toBe(true);
        expect((await at(1_000)).allowed).toBe(true);
        for (let i = 0; i < 10; i++) {
          const refused = await at(2_000 + i);
          expect(refused.allowed).toBe(false);
          expect(counts(refused)).toEqual([2, 2]);
        }
        const nextMinute = await at(MINUTE);
        expect(nextMinute.allowed).toBe(true);
        expect(counts(nextMinute)).toEqual([1, 3]);
        expect(nextMinute.windows[0]?.resetAtMs).toBe(MIDNIGHT + 2 * MINUTE);
        expect(nextMinute.windows[1]?.resetAtMs).toBe(MIDNIGHT + DAY);
      });

      it("refuses on a longer window while a shorter one has room, until the longer one ends", async () => {
        const minute = { key: key("minute"), limit: 10, windowMs: MINUTE };
        const hour = { key: key("hour"), limit: 3, windowMs: HOUR };
        const at = (offsetMs: number) => kv.hitWindows([minute, hour], { nowMs: MIDNIGHT + offsetMs });
        for (let i = 0; i < 3; i++) expect((await at(i)).allowed).toBe(true);
        const refused = await at(3);
        expect(refused.allowed).toBe(false);
        expect(counts(refused)).toEqual([3, 3]);
        const laterMinute = await at(5 * MINUTE);
        expect(laterMinute.allowed).toBe(false);
        expect(counts(laterMinute)).toEqual([0, 3]);
        const nextHour = await at(HOUR);
        expect(nextHour.allowed).toBe(true);
        expect(counts(nextHour)).toEqual([1, 1]);
      });

      it("starts a window again from 0 at its end, not a millisecond before, and keeps the old count a while", async () => {
        const window = { key: key("rollover"), limit: 3, windowMs: MINUTE };
        const end = MIDNIGHT + MINUTE;
        await kv.hitWindows([window], { nowMs: MIDNIGHT });
        await kv.hitWindows([window], { nowMs: end - 2 });
        const last = await kv.hitWindows([window], { nowMs: end - 1 });
        expect(last).toMatchObject({ allowed: true, windows: [{ count: 3, resetAtMs: end }] });
        expect((await kv.hitWindows([window], { nowMs: end - 1 })).allowed).toBe(false);
        const fresh = await kv.hitWindows([window], { nowMs: end });
        expect(fresh).toMatchObject({ allowed: true, windows: [{ count: 1, resetAtMs: end + MINUTE }] });
        // A process whose clock is a little behind still finds the old window full.
        expect((await kv.hitWindows([window], { nowMs: end - 1 })).windows[0]?.count).toBe(3);
      });

      it("counts `cost` requests at once, and cost 0 only reads", async () => {
        const window = { key: key("cost"), limit: 5, windowMs: HOUR };
        const hit = (cost: number) => kv.hitWindows([window], { nowMs: MIDNIGHT, cost });
        expect(await hit(0)).toMatchObject({ allowed: true, windows: [{ count: 0 }] });
        expect(await hit(3)).toMatchObject({ allowed: true, windows: [{ count: 3 }] });
        expect(await hit(3)).toMatchObject({ allowed: false, windows: [{ count: 3 }] });
        expect(await hit(2)).toMatchObject({ allowed: true, windows: [{ count: 5 }] });
        expect(await hit(0)).toMatchObject({ allowed: true, windows: [{ count: 5 }] });
        expect(await hit(1)).toMatchObject({ allowed: false, windows: [{ count: 5 }] });
      });

      it("counts a kept window as any window, also after its counter is deleted or set, and as it moves on and back", async () => {
        const name = key("kept");
        const kept = new KeptWindow(name, 20, MINUTE);
        const hit = async (nowMs = MIDNIGHT) => (await kv.hitWindows([kept], { nowMs })).windows[0]?.count;
        expect(await hit()).toBe(1);
        expect(await hit()).toBe(2);
        const counter = `${name}:${MIDNIGHT}`;
        expect(await kv.get(counter)).toBe("2");
        await kv.delete(counter);
        expect(await hit()).toBe(1);
        await kv.set(counter, "7", { ttlMs: LONG_MS });
        expect(await hit()).toBe(8);
        expect(await hit(MIDNIGHT + MINUTE)).toBe(1);
        expect(await hit()).toBe(9);
        expect(await kv.get(counter)).toBe("9");
      });

      it("keeps windows of different keys apart", async () => {
        const alice = { key: key("alice"), limit: 1, windowMs: MINUTE };
        const bob = { key: key("bob"), limit: 1, windowMs: MINUTE };
        expect((await kv.hitWindows([alice], { nowMs: MIDNIGHT })).allowed).toBe(true);
        expect((await kv.hitWindows([alice], { nowMs: MIDNIGHT })).allowed).toBe(false);
        expect((await kv.hitWindows([bob], { nowMs: MIDNIGHT })).allowed).toBe(true);
      });

      it("refuses everything at limit 0, and allows a hit on no windows", async () => {
        expect(await kv.hitWindows([{ key: key("closed"), limit: 0, windowMs: MINUTE }], { nowMs: MIDNIGHT })).toMatchObject({
          allowed: false,
          windows: [{ count: 0, limit: 0 }],
        });
        expect(await kv.hitWindows([], { nowMs: MIDNIGHT })).toEqual({ allowed: true, windows: [] });
      });

      it("rejects bad arguments and counts nothing", async () => {
        const good = { key: key("checked"), limit: 5, windowMs: MINUTE };
        const bad: [FixedWindow[], { nowMs?: number; cost?: number }][] = [
          [[good, { ...good }], {}],
          [[good, { key: "", limit: 1, windowMs: MINUTE }], {}],
          [[good, { key: key("w0"), limit: 1, windowMs: 0 }], {}],
          [[good, { key: key("w1"), limit: 1, windowMs: 1.5 }], {}],
          [[good, { key: key("l1"), limit: -1, windowMs: MINUTE }], {}],
          [[good, { key: key("l2"), limit: 0.5, windowMs: MINUTE }], {}],
          [[good], { nowMs: -1 }],
          [[good], { nowMs: Number.NaN }],
          [[good], { cost: -1 }],
          [[good], { cost: 1.5 }],
        ];
        for (const [windows, options] of bad) {
          await expect(kv.hitWindows(windows, { nowMs: MIDNIGHT, ...options })).rejects.toThrow(RangeError);
        }
        expect(counts(await kv.hitWindows([good], { nowMs: MIDNIGHT, cost: 0 }))).toEqual([0]);
      });
    });

    describe("refundWindows", () => {
      const counts = (windows: { count: number }[]) => windows.map((w) => w.count);

      it("takes back what a hit counted, in every window, and makes room again", async () => {
        const minute = { key: key("minute"), limit: 2, windowMs: MINUTE };
        const day = { key: key("day"), limit: 10, windowMs: DAY };
        const at = { nowMs: MIDNIGHT + 1_000 };
        await kv.hitWindows([minute, day], at);
        expect((await kv.hitWindows([minute, day], at)).allowed).toBe(true);
        expect((await kv.hitWindows([minute, day], at)).allowed).toBe(false);
        const refunded = await kv.refundWindows([minute, day], at);
        expect(refunded).toEqual([
          { ...minute, count: 1, resetAtMs: MIDNIGHT + MINUTE },
          { ...day, count: 1, resetAtMs: MIDNIGHT + DAY },
        ]);
        expect(counts((await kv.hitWindows([minute, day], at)).windows)).toEqual([2, 2]);
      });

      it("never goes below 0, and leaves a counter that does not exist absent", async () => {
        const window = { key: key("floor"), limit: 5, windowMs: HOUR };
        const at = { nowMs: MIDNIGHT };
        expect(counts(await kv.refundWindows([window], at))).toEqual([0]);
        expect(await kv.get(`${window.key}:${MIDNIGHT}`)).toBeNull();
        await kv.hitWindows([window], { ...at, cost: 2 });
        expect(counts(await kv.refundWindows([window], { ...at, cost: 5 }))).toEqual([0]);
        expect(counts(await kv.refundWindows([window], at))).toEqual([0]);
        expect(counts(await kv.refundWindows([window], { ...at, cost: 0 }))).toEqual([0]);
        expect(counts((await kv.hitWindows([window], at)).windows)).toEqual([1]);
      });

      it("takes from the window of the hit's time, even once the next window has begun", async () => {
        const window = { key: key("late"), limit: 5, windowMs: MINUTE };
        await kv.hitWindows([window], { nowMs: MIDNIGHT + 59_000, cost: 3 });
        await kv.hitWindows([window], { nowMs: MIDNIGHT + MINUTE });
        expect(counts(await kv.refundWindows([window], { nowMs: MIDNIGHT + 59_000 }))).toEqual([2]);
        expect(counts((await kv.hitWindows([window], { nowMs: MIDNIGHT + MINUTE, cost: 0 })).windows)).toEqual([1]);
      });

      it("counts exactly under 100 concurrent hits and refunds", async () => {
        const window = { key: key("busy"), limit: 1_000, windowMs: HOUR };
        const at = { nowMs: MIDNIGHT };
        await kv.hitWindows([window], { ...at, cost: 50 });
        await Promise.all(
          Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? kv.hitWindows([window], at) : kv.refundWindows([window], at))),
        );
        expect(counts((await kv.hitWindows([window], { ...at, cost: 0 })).windows)).toEqual([50]);
      });

      it("refunds a kept window's counter as any other", async () => {
        const kept = new KeptWindow(key("kept-refund"), 20, MINUTE);
        await kv.hitWindows([kept], { nowMs: MIDNIGHT, cost: 4 });
        expect(counts(await kv.refundWindows([kept], { nowMs: MIDNIGHT }))).toEqual([3]);
        expect((await kv.hitWindows([kept], { nowMs: MIDNIGHT })).windows[0]?.count).toBe(4);
      });

      it("refuses, as hitWindows does, a counter that is not a whole number, and changes nothing", async () => {
        const window = { key: key("garbled"), limit: 5, windowMs: MINUTE };
        const counter = `${window.key}:${MIDNIGHT}`;
        await kv.set(counter, "many", { ttlMs: LONG_MS });
        await expect(kv.hitWindows([window], { nowMs: MIDNIGHT })).rejects.toThrow(/not an integer/);
        await expect(kv.refundWindows([window], { nowMs: MIDNIGHT })).rejects.toThrow(/not an integer/);
        expect(await kv.get(counter)).toBe("many");
      });

      it("rejects bad arguments as hitWindows does", async () => {
        const good = { key: key("refund-checked"), limit: 5, windowMs: MINUTE };
        await expect(kv.refundWindows([good, { ...good }], { nowMs: MIDNIGHT })).rejects.toThrow(RangeError);
        await expect(kv.refundWindows([good], { nowMs: MIDNIGHT, cost: -1 })).rejects.toThrow(RangeError);
        await expect(kv.refundWindows([{ ...good, windowMs: 0 }], { nowMs: MIDNIGHT })).rejects.toThrow(RangeError);
      });
    });
  });
}

/**
 * The same store seen as one across processes sees it: no `immediate` side, every answer a
 * promise. Tests of code that takes either path run it both ways.
 */
export function throughPromisesOnly(kv: KeyValueStore): KeyValueStore {
  return new Proxy(kv, { get: (target, name) => (name === "immediate" ? undefined : (Reflect.get(target, name, target) as unknown)) });
}

/** A store whose `getMany` and `hitWindows` go through its `immediate` side, for running the contract on it. */
export function throughImmediate(kv: KeyValueStore): KeyValueStore {
  const immediate = kv.immediate;
  if (!immediate) throw new Error(`the ${kv.kind} store has no immediate side`);
  return new Proxy(kv, {
    get(target, name) {
      if (name === "getMany") return async (keys: readonly string[]) => immediate.getMany(keys);
      if (name === "hitWindows")
        return async (windows: readonly FixedWindow[], options?: HitOptions) => immediate.hitWindows(windows, options);
      return Reflect.get(target, name, target) as unknown;
    },
  });
}
