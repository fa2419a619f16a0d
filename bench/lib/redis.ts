import { accessSync, constants } from "node:fs";
import { createConnection } from "node:net";
import { delimiter, join } from "node:path";
import type { BenchContext } from "./context";
import { LOOPBACK, freePort } from "./net";
import type { ManagedProcess } from "./processes";

export type RedisAvailability =
  | { available: true; url: string; source: "environment" | "private"; pid?: number }
  | { available: false; reason: string };

const KNOWN_LOCATIONS = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"];
const POLL_MS = 100;

function findRedisServer(): string | undefined {
  const onPath = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => dir !== "")
    .map((dir) => join(dir, "redis-server"));
  return [...onPath, ...KNOWN_LOCATIONS].find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Whether a Redis server on `port` answers PING. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: LOOPBACK, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data: Buffer) => done(data.toString("utf8").startsWith("+PONG")));
  });
}

async function waitForPing(port: number, timeoutMs: number, server: ManagedProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitedWith !== undefined) throw new Error(`redis-server exited (${server.exitedWith})\n${server.output()}`);
    if (await answersPing(port)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`redis-server did not answer PING on port ${port} within ${timeoutMs} ms\n${server.output()}`);
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
    return { available: false, reason: "REDIS_URL is not set and no redis-server was found (on PATH or in /usr/bin); install it (Debian: apt-get install redis-server) to run targets that count in Redis" };
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
  await waitForPing(port, ctx.settings.readyTimeoutSec * 1000, server);
  return { available: true, url: `redis://${LOOPBACK}:${port}`, source: "private", pid: server.pid };
}
