import type { BenchContext } from "./context";
import { findExecutable } from "./executables";
import { LOOPBACK, freePort, waitForBanner } from "./net";

export type RedisAvailability =
  { available: true; url: string; source: "environment" | "private"; pid?: number } | { available: false; reason: string };

const KNOWN_LOCATIONS = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"];

function findRedisServer(): string | undefined {
  return findExecutable("redis-server", KNOWN_LOCATIONS);
}

/**
 * The Redis server for distributed targets that keep their counters there: `REDIS_URL`
 * from the environment when set, otherwise a private `redis-server` on a free loopback port,
 * with nothing saved to disk, that the bench stops at the end.
 */
export async function provideRedis(ctx: BenchContext): Promise<RedisAvailability> {
  const fromEnv = process.env.REDIS_URL?.trim();
  if (fromEnv) return { available: true, url: fromEnv, source: "environment" };

  const binary = findRedisServer();
  if (!binary) {
    return {
      available: false,
      reason:
        "REDIS_URL is not set and no redis-server was found (on PATH or in /usr/bin); install it (Debian: apt-get install redis-server) to run targets that count in Redis",
    };
  }
  const port = await freePort();
  const server = ctx.processes.spawn({
    label: "redis-server",
    command: binary,
    args: ["--port", String(port), "--bind", LOOPBACK, "--save", "", "--appendonly", "no"],
    cwd: ctx.scratchRoot,
    env: {},
    shared: true,
  });
  await waitForBanner(port, "+PONG", { timeoutMs: ctx.settings.readyTimeoutSec * 1000, watch: [server], greeting: "PING\r\n" });
  return { available: true, url: `redis://${LOOPBACK}:${port}`, source: "private", pid: server.pid };
}
