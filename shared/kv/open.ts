import { openMemoryStore } from "./memory";
import type { KeyValueStore } from "./port";
import { openRedisStore } from "./redis";

/**
 * Redis when `redisUrl` is set, this process's memory otherwise. `namespace` keeps the keys
 * of deployments that share one Redis apart.
 */
export async function openKeyValueStore(options: { redisUrl?: string; namespace: string }): Promise<KeyValueStore> {
  return options.redisUrl ? openRedisStore(options.redisUrl, { keyPrefix: `${options.namespace}:` }) : openMemoryStore();
}
