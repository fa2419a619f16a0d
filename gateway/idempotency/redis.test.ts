import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { describeWithServers, serverUrl } from "../../test/support/servers";
import { openRedisStore } from "../../shared/kv/redis";
import { describeIdempotency } from "./idempotency.suite";

describeWithServers(["redis"], "idempotency on Redis", () => {
  // This run's records live under their own prefix, and are removed afterwards.
  const keyPrefix = `stint-test:${randomBytes(4).toString("hex")}:`;
  const url = () => serverUrl("redis") as string;

  afterAll(async () => {
    const raw = new Redis(url(), { lazyConnect: true });
    await raw.connect();
    try {
      let cursor = "0";
      do {
        const [next, keys] = await raw.scan(cursor, "MATCH", `${keyPrefix}*`, "COUNT", 1000);
        if (keys.length > 0) await raw.del(...keys);
        cursor = next;
      } while (cursor !== "0");
    } finally {
      await raw.quit();
    }
  });

  describeIdempotency("Redis (ioredis)", () => openRedisStore(url(), { keyPrefix }));
});
