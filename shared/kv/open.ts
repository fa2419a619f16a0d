import { openMemoryStore } from "./memory";
import type { KeyValueStore } from "./port";

/**
 * Redis when `redisUrl` is set, this process's memory otherwise. `namespace` keeps the keys
 * of deployments that share one Redis apart. The Redis client is loaded only when used
 * (docs/design.md, "Memory at rest").
 */
export async function openKeyValueStore(options: { redisUrl?: string; namespace: string }): Promise<KeyValueStore> {
  if (!options.redisUrl) return openMemoryStore();
  const { openRedisStore } = await import("./redis.js");
  return openRedisStore(options.redisUrl, { keyPrefix: `${options.namespace}:` });
}
