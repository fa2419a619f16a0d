import Redis, { type Result } from "ioredis";
import { checkInteger, checkPositiveInteger } from "./checks";
import type { Counter, KeyValueStore, SetOptions } from "./port";

/** The key-value port on Redis through ioredis: shared by every process of a deployment. */

// One round trip, atomic on the server: count, start the window when the counter is new
// (or somehow has no expiry), and report how long the window has left.
const INCREMENT_SCRIPT = `
local value = redis.call("INCRBY", KEYS[1], ARGV[1])
local ttl = redis.call("PTTL", KEYS[1])
if ttl < 0 then
  redis.call("PEXPIRE", KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return { value, ttl }
`;

declare module "ioredis" {
  interface RedisCommander<Context> {
    stintIncrement(key: string, by: number, windowMs: number): Result<[number, number], Context>;
  }
}

export interface RedisStoreOptions {
  /** Put in front of every key, so that deployments or test runs can share one Redis. */
  keyPrefix?: string;
}

class RedisStore implements KeyValueStore {
  readonly kind = "redis";

  constructor(private readonly redis: Redis) {}

  get(key: string): Promise<string | null> {
    return this.redis.get(key);
  }

  async set(key: string, value: string, options: SetOptions): Promise<boolean> {
    checkPositiveInteger(options.ttlMs, "ttlMs");
    const reply = options.onlyIfAbsent ? await this.redis.set(key, value, "PX", options.ttlMs, "NX") : await this.redis.set(key, value, "PX", options.ttlMs);
    return reply === "OK";
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async increment(key: string, windowMs: number, by = 1): Promise<Counter> {
    checkPositiveInteger(windowMs, "windowMs");
    checkInteger(by, "by");
    const [value, ttlMs] = await this.redis.stintIncrement(key, by, windowMs);
    return { value, ttlMs };
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

/** Connects to Redis; rejects when it cannot. */
export async function openRedisStore(url: string, options: RedisStoreOptions = {}): Promise<KeyValueStore> {
  const redis = new Redis(url, {
    lazyConnect: true,
    keyPrefix: options.keyPrefix,
    connectTimeout: 5000,
    // A command waits for at most two reconnections, then fails: a request should get an
    // error rather than hang while Redis is away.
    maxRetriesPerRequest: 2,
  });
  // Failures reach callers through the commands that fail; without a listener ioredis would
  // also print each reconnection error.
  redis.on("error", () => undefined);
  redis.defineCommand("stintIncrement", { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return new RedisStore(redis);
}
