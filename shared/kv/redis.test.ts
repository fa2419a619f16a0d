import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { describeWithServers, serverUrl } from "../../test/support/servers";
import { describeKeyValueContract } from "./kv.suite";
import { openKeyValueStore } from "./open";
import { WINDOW_EXPIRY_MARGIN_MS } from "./port";
import { openRedisStore } from "./redis";

describeWithServers(["redis"], "Redis key-value adapter", () => {
  // Every key of this run lives under its own prefix, so runs sharing a Redis never meet.
  const keyPrefix = `stint-test:${randomBytes(4).toString("hex")}:`;
  const url = () => serverUrl("redis") as string;
  let raw: Redis;

  const ourKeys = async (): Promise<string[]> => {
    const keys: string[] = [];
    let cursor = "0";
    do {
      const [next, batch] = await raw.scan(cursor, "MATCH", `${keyPrefix}*`, "COUNT", 1000);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== "0");
    return keys;
  };

  beforeAll(async () => {
    raw = new Redis(url(), { lazyConnect: true });
    await raw.connect();
  });

  afterAll(async () => {
    const keys = await ourKeys();
    if (keys.length > 0) await raw.del(...keys);
    await raw.quit();
  });

  describeKeyValueContract("Redis (ioredis)", () => openRedisStore(url(), { keyPrefix }));

  it("keeps every key under its prefix, and counters expire on the server", async () => {
    const kv = await openRedisStore(url(), { keyPrefix });
    try {
      await kv.set("plain", "v", { ttlMs: 60_000 });
      await kv.increment("hits", 60_000);
      expect(await raw.get(`${keyPrefix}plain`)).toBe("v");
      expect(await raw.get("plain")).toBeNull();
      const ttl = await raw.pttl(`${keyPrefix}hits`);
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      expect(await ourKeys()).toEqual(expect.arrayContaining([`${keyPrefix}plain`, `${keyPrefix}hits`]));
    } finally {
      await kv.close();
    }
  });

  it("keeps window counters under the prefix, expiring a margin after their window ends", async () => {
    const kv = await openRedisStore(url(), { keyPrefix });
    try {
      const nowMs = Date.now();
      const outcome = await kv.hitWindows([{ key: "expiring-window", limit: 10, windowMs: 60_000 }], { nowMs });
      const resetAtMs = outcome.windows[0]?.resetAtMs ?? 0;
      const counters = (await ourKeys()).filter((k) => k.startsWith(`${keyPrefix}expiring-window:`));
      expect(counters).toEqual([`${keyPrefix}expiring-window:${resetAtMs - 60_000}`]);
      const ttl = await raw.pttl(counters[0] as string);
      expect(ttl).toBeLessThanOrEqual(resetAtMs - nowMs + WINDOW_EXPIRY_MARGIN_MS);
      expect(ttl).toBeGreaterThan(resetAtMs - Date.now());
    } finally {
      await kv.close();
    }
  });

  it("hits several windows in one round trip", async () => {
    const kv = await openRedisStore(url(), { keyPrefix });
    const monitor = await raw.monitor();
    const seen: string[] = [];
    monitor.on("monitor", (_time: string, args: string[], source: string) => {
      // The server may be shared: only this test's commands, which name its keys.
      if (source !== "lua" && args.some((arg) => arg.startsWith(`${keyPrefix}trip:`))) seen.push((args[0] ?? "").toLowerCase());
    });
    try {
      const windowsNamed = (name: string) =>
        [60_000, 3_600_000, 86_400_000].map((windowMs) => ({ key: `${name}:${windowMs}`, limit: 100, windowMs }));
      await kv.hitWindows(windowsNamed("warm")); // loads the script on a server that has not seen it
      for (let i = 0; i < 5; i++) await kv.hitWindows(windowsNamed("trip"));
      const deadline = Date.now() + 10_000;
      while (seen.length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual(["evalsha", "evalsha", "evalsha", "evalsha", "evalsha"]);
    } finally {
      monitor.disconnect();
      await kv.close();
    }
  });

  it("stays exact when two clients (two gateway processes) hit the same windows at once", async () => {
    const [first, second] = await Promise.all([openRedisStore(url(), { keyPrefix }), openRedisStore(url(), { keyPrefix })]);
    try {
      const windows = [
        { key: "shared:minute", limit: 100, windowMs: 60_000 },
        { key: "shared:day", limit: 1_000, windowMs: 86_400_000 },
      ];
      const nowMs = Date.UTC(2031, 0, 1);
      const outcomes = await Promise.all(
        Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? first : second).hitWindows(windows, { nowMs })),
      );
      const allowed = outcomes.filter((o) => o.allowed);
      expect(allowed).toHaveLength(100);
      expect(new Set(allowed.map((o) => o.windows[0]?.count)).size).toBe(100);
      const after = await second.hitWindows(windows, { nowMs, cost: 0 });
      expect(after.windows.map((w) => w.count)).toEqual([100, 100]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("is what openKeyValueStore picks with a Redis URL", async () => {
    const kv = await openKeyValueStore({ redisUrl: url(), namespace: "test" });
    try {
      expect(kv.kind).toBe("redis");
      // Shared across processes: every answer is a round trip, so there is nothing to answer at once.
      expect(kv.immediate).toBeUndefined();
      await expect(kv.ping()).resolves.toBeUndefined();
    } finally {
      await kv.close();
    }
  });

  it("rejects when no server answers", async () => {
    await expect(openRedisStore("redis://127.0.0.1:1")).rejects.toThrow();
  });
});
