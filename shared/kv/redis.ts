import Redis, { type Result } from "ioredis";
import { checkInteger, checkPositiveInteger } from "./checks";
import type { Counter, FixedWindow, HitOptions, KeyValueStore, SetOptions, WindowCount, WindowsOutcome } from "./port";
import { placeWindows, windowCount } from "./windows";

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

// The start of both window scripts: every counter of KEYS, 0 for one that is absent, or an
// error reply (ending the script) at one that is not a whole number, as INCRBY would give.
const READ_COUNTERS = `
local counts = {}
for i = 1, #KEYS do
  local value = redis.call("GET", KEYS[i])
  if value and not string.match(value, "^%-?%d+$") then
    return redis.error_reply("the value of " .. KEYS[i] .. " is not an integer")
  end
  counts[i] = tonumber(value or 0)
end
`;

// One round trip, atomic on the server: read every window's counter; only when all of them
// can take `cost` more, add it to each and (re)set each expiry. Replies { allowed, counts... }.
// KEYS[i]: window i's counter. ARGV[1]: cost; ARGV[2i]: window i's limit; ARGV[2i+1]: its
// counter's time to live in milliseconds.
const HIT_WINDOWS_SCRIPT = `${READ_COUNTERS}
local cost = tonumber(ARGV[1])
local reply = { 1 }
for i = 1, #KEYS do
  reply[i + 1] = counts[i]
  if counts[i] + cost > tonumber(ARGV[2 * i]) then reply[1] = 0 end
end
if reply[1] == 1 and cost > 0 then
  for i = 1, #KEYS do
    reply[i + 1] = redis.call("INCRBY", KEYS[i], cost)
    redis.call("PEXPIRE", KEYS[i], ARGV[2 * i + 1])
  end
end
return reply
`;

// One round trip, atomic on the server: take `cost` back from every window's counter that
// exists, never below 0, keeping its expiry. Replies each counter's value afterwards.
// KEYS[i]: window i's counter. ARGV[1]: cost.
const REFUND_WINDOWS_SCRIPT = `${READ_COUNTERS}
local cost = tonumber(ARGV[1])
local reply = {}
for i = 1, #KEYS do
  local back = math.min(cost, math.max(counts[i], 0))
  reply[i] = counts[i]
  if back > 0 then reply[i] = redis.call("DECRBY", KEYS[i], back) end
end
return reply
`;

declare module "ioredis" {
  interface RedisCommander<Context> {
    stintIncrement(key: string, by: number, windowMs: number): Result<[number, number], Context>;
    /** `numberOfKeys`, then the keys, then the script's arguments. */
    stintHitWindows(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Result<number[], Context>;
    /** `numberOfKeys`, then the keys, then the cost. */
    stintRefundWindows(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Result<number[], Context>;
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

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    // MGET needs at least one key.
    return keys.length === 0 ? [] : this.redis.mget(...keys);
  }

  async set(key: string, value: string, options: SetOptions): Promise<boolean> {
    checkPositiveInteger(options.ttlMs, "ttlMs");
    const reply = options.onlyIfAbsent
      ? await this.redis.set(key, value, "PX", options.ttlMs, "NX")
      : await this.redis.set(key, value, "PX", options.ttlMs);
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

  async hitWindows(windows: readonly FixedWindow[], options?: HitOptions): Promise<WindowsOutcome> {
    const { windows: placed, cost } = placeWindows(windows, options);
    if (placed.length === 0) return { allowed: true, windows: [] };
    const keys = placed.map((p) => p.counterKey);
    const args = [cost, ...placed.flatMap((p) => [p.window.limit, p.ttlMs])];
    const [allowed, ...counts] = await this.redis.stintHitWindows(keys.length, ...keys, ...args);
    return { allowed: allowed === 1, windows: placed.map((p, i) => windowCount(p, counts[i] ?? 0)) };
  }

  async refundWindows(windows: readonly FixedWindow[], options?: HitOptions): Promise<WindowCount[]> {
    const { windows: placed, cost } = placeWindows(windows, options);
    if (placed.length === 0) return [];
    const keys = placed.map((p) => p.counterKey);
    const counts = await this.redis.stintRefundWindows(keys.length, ...keys, cost);
    return placed.map((p, i) => windowCount(p, counts[i] ?? 0));
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
  // No fixed number of keys: each call passes its own count first.
  redis.defineCommand("stintHitWindows", { lua: HIT_WINDOWS_SCRIPT });
  redis.defineCommand("stintRefundWindows", { lua: REFUND_WINDOWS_SCRIPT });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return new RedisStore(redis);
}
