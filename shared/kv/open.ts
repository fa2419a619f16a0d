import { openMemoryStore } from "./memory";
import type { KeyValueStore } from "./port";
import { openRedisStore } from "./redis";

/** Redis when `redisUrl` is set, this process's memory otherwise. */
export async function openKeyValueStore(options: { redisUrl?: string }): Promise<KeyValueStore> {
  return options.redisUrl ? openRedisStore(options.redisUrl) : openMemoryStore();
}
