import { describeKeyValueContract, throughImmediate } from "./kv.suite";
import { openMemoryStore } from "./memory";
import { openKeyValueStore } from "./open";
import { WINDOW_EXPIRY_MARGIN_MS, type KeyValueStore } from "./port";
import { KeptWindow } from "./windows";

describeKeyValueContract("memory", async () => openMemoryStore());
describeKeyValueContract("memory, reads and counts answered at once", async () => throughImmediate(openMemoryStore()));

describe("memory store", () => {
  const timers = () => process.getActiveResourcesInfo().filter((name) => name === "Timeout").length;

  it("counts the writes that could make a key appear, and not the reads nor the window counters", async () => {
    const kv = openMemoryStore();
    const count = () => kv.immediate?.writeCount;
    const start = count();
    await kv.getMany(["a", "b"]);
    kv.immediate?.getMany(["a"]);
    await kv.hitWindows([{ key: "w", limit: 5, windowMs: 60_000 }]);
    expect(count()).toBe(start);
    await kv.set("a", "1", { ttlMs: 60_000 });
    await kv.set("a", "2", { ttlMs: 60_000, onlyIfAbsent: true });
    await kv.increment("n", 60_000);
    await kv.delete("a");
    // The refused `onlyIfAbsent` wrote nothing.
    expect(count()).toBe((start ?? 0) + 3);
    await kv.close();
  });

  it("starts no timer that could hold the process open", async () => {
    const before = timers();
    const kv = openMemoryStore();
    await kv.set("k", "v", { ttlMs: 60_000 });
    await kv.increment("n", 60_000);
    expect(timers()).toBe(before);
    await kv.close();
  });

  it("drops expired keys nobody reads again", async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const kv = openMemoryStore();
      await kv.set("stale", "x", { ttlMs: 10 });
      jest.setSystemTime(60_000);
      expect(await kv.get("stale")).toBeNull();
      await kv.set("old", "x", { ttlMs: 10 });
      jest.setSystemTime(120_000);
      // Any write past the sweep interval sweeps; "old" is gone without being read.
      await kv.set("trigger", "y", { ttlMs: 10 });
      expect((kv as unknown as { entries: Map<string, unknown> }).entries.has("old")).toBe(false);
      await kv.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it("refuses work once closed", async () => {
    const kv = openMemoryStore();
    await kv.close();
    await expect(kv.get("k")).rejects.toThrow(/closed/);
    await expect(kv.ping()).rejects.toThrow(/closed/);
    expect(() => kv.immediate?.getMany(["k"])).toThrow(/closed/);
    expect(() => kv.immediate?.hitWindows([{ key: "w", limit: 1, windowMs: 1000 }])).toThrow(/closed/);
  });

  it("answers reads and counts at once on its immediate side, sharing its values with the promised side", async () => {
    const kv = openMemoryStore();
    const now = kv.immediate;
    if (!now) throw new Error("the memory store has an immediate side");
    await kv.set("mark", "1", { ttlMs: 60_000 });
    expect(now.getMany(["mark", "absent"])).toEqual(["1", null]);
    const window = { key: "w", limit: 2, windowMs: 60_000 };
    expect(now.hitWindows([window], { nowMs: 120_000 }).windows[0]?.count).toBe(1);
    expect((await kv.hitWindows([window], { nowMs: 120_000 })).windows[0]?.count).toBe(2);
    expect(now.hitWindows([window], { nowMs: 120_000 })).toMatchObject({ allowed: false, windows: [{ count: 2 }] });
    await kv.close();
  });

  it("keeps each store's own count of a kept window counted in several stores", async () => {
    const a = openMemoryStore();
    const b = openMemoryStore();
    const kept = new KeptWindow("shared-window", 10, 60_000);
    const hit = async (kv: KeyValueStore) => (await kv.hitWindows([kept], { nowMs: 120_000 })).windows[0]?.count;
    expect([await hit(a), await hit(a), await hit(b), await hit(a), await hit(b)]).toEqual([1, 2, 1, 3, 2]);
    await a.close();
    await b.close();
  });

  it("starts a kept window's count again once its counter has expired, though the window was counted in it", async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const kv = openMemoryStore();
      const kept = new KeptWindow("expiring-window", 10, 60_000);
      // The window is placed by the caller's clock, the counter expires by the store's.
      const hit = async () => (await kv.hitWindows([kept], { nowMs: 0 })).windows[0]?.count;
      expect([await hit(), await hit()]).toEqual([1, 2]);
      jest.setSystemTime(60_000 + WINDOW_EXPIRY_MARGIN_MS);
      expect(await hit()).toBe(1);
      await kv.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it("is what openKeyValueStore picks without a Redis URL", async () => {
    const kv = await openKeyValueStore({ namespace: "test" });
    expect(kv.kind).toBe("memory");
    await kv.close();
  });
});
