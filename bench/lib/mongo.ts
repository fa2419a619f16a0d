import { mkdirSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import mongoose from "mongoose";
import type { BenchContext } from "./context";
import { findExecutable } from "./executables";
import { LOOPBACK, freePort } from "./net";
import type { ManagedProcess } from "./processes";

// The same helper the test suites use to give each suite its own database.
export { mongoUrlWithDatabase } from "../../test/support/servers";

export type MongoAvailability =
  | {
      available: true;
      /** A server URL without a database: scenarios choose their own. */
      url: string;
      source: "environment" | "private";
      /** What answers, e.g. `FerretDB v1.24.0` or `MongoDB 7.0.14`. */
      server: string;
      /** FerretDB 1.x answers MongoDB's protocol but reads without its secondary indexes. */
      ferretDb: boolean;
      pid?: number;
    }
  | { available: false; reason: string };

const POLL_MS = 200;

/** Where the bench keeps what outlives a run (a seeded data set): the user's cache folder. */
export function benchCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME?.trim() || join(homedir(), ".cache");
  return join(base, "stint", "bench");
}

/** `ferretdb` on PATH, or the build `.ci/run` caches under `<cache>/stint/ferretdb-<version>/`. */
function findFerretDb(): string | undefined {
  const cacheRoot = join(benchCacheDir(), "..");
  let cached: string[] = [];
  try {
    cached = readdirSync(cacheRoot)
      .filter((name) => name.startsWith("ferretdb-v"))
      .sort()
      .reverse()
      .map((name) => join(cacheRoot, name, "ferretdb"));
  } catch {
    // No cache folder: nothing built there.
  }
  return findExecutable("ferretdb", cached);
}

/** The server's own name and version, from `buildInfo`. */
async function describeServer(url: string): Promise<{ server: string; ferretDb: boolean }> {
  const client = new mongoose.mongo.MongoClient(url, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    const info = await client.db("admin").command({ buildInfo: 1 });
    const ferret = typeof info.ferretdbVersion === "string" ? info.ferretdbVersion : undefined;
    return ferret ? { server: `FerretDB ${ferret}`, ferretDb: true } : { server: `MongoDB ${String(info.version)}`, ferretDb: false };
  } finally {
    await client.close();
  }
}

async function waitForMongo(url: string, timeoutMs: number, server: ManagedProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (server.exitedWith !== undefined) throw new Error(`${server.label} exited (${server.exitedWith})\n${server.output()}`);
    const client = new mongoose.mongo.MongoClient(url, { serverSelectionTimeoutMS: 1000 });
    try {
      await client.connect();
      await client.db("admin").command({ ping: 1 });
      return;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    } finally {
      await client.close().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${server.label} did not answer ping within ${timeoutMs} ms (${last})\n${server.output()}`);
}

/**
 * The MongoDB-compatible server for scenarios that need a store: `MONGO_URL` from the
 * environment when set (its database part is ignored), otherwise a private FerretDB with
 * its SQLite backend on a free loopback port. The private server keeps its files in the
 * bench's cache folder, not the run's scratch folder, so that a data set seeded once is
 * reused by later runs; the bench stops the server at the end.
 */
export async function provideMongo(ctx: BenchContext): Promise<MongoAvailability> {
  const fromEnv = process.env.MONGO_URL?.trim();
  if (fromEnv) return { available: true, url: fromEnv, source: "environment", ...(await describeServer(fromEnv)) };

  const binary = findFerretDb();
  if (!binary) {
    return {
      available: false,
      reason:
        "MONGO_URL is not set and no ferretdb was found (on PATH or where .ci/run caches its build); set MONGO_URL to a MongoDB or FerretDB server",
    };
  }
  const dataDir = join(benchCacheDir(), "ferretdb-sqlite");
  const stateDir = join(benchCacheDir(), "ferretdb-state");
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(stateDir, { recursive: true });
  const port = await freePort();
  const server = ctx.processes.spawn({
    label: "ferretdb",
    command: binary,
    args: [
      "--handler=sqlite",
      `--sqlite-url=file:${dataDir}/`,
      `--state-dir=${stateDir}`,
      `--listen-addr=${LOOPBACK}:${port}`,
      "--telemetry=disable",
      // No metrics and profiling listener: it would take a fixed port.
      "--debug-addr=-",
      "--log-level=warn",
    ],
    cwd: ctx.scratchRoot,
    env: {},
    shared: true,
  });
  const url = `mongodb://${LOOPBACK}:${port}/`;
  await waitForMongo(url, ctx.settings.readyTimeoutSec * 1000, server);
  return { available: true, url, source: "private", pid: server.pid, ...(await describeServer(url)) };
}
