import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { describeWithServers, serverUrl } from "../../test/support/servers";
import { describeKeyValueContract } from "./contract";
import { openKeyValueStore } from "./open";
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

  it("is what openKeyValueStore picks with a Redis URL", async () => {
    const kv = await openKeyValueStore({ redisUrl: url() });
    try {
      expect(kv.kind).toBe("redis");
      await expect(kv.ping()).resolves.toBeUndefined();
    } finally {
      await kv.close();
    }
  });

  it("rejects when no server answers", async () => {
    await expect(openRedisStore("redis://127.0.0.1:1")).rejects.toThrow();
  });
});
