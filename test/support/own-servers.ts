import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { connect, createServer } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import { describeNeeding } from "./servers";
import { temporaryDir } from "./stint";

/**
 * NATS, Redis and MongoDB (or FerretDB) of a suite's own, on free loopback ports, which the
 * suite stops and starts again to play an outage. Never the shared servers of the other suites.
 * FerretDB is found as `.ci/run` leaves it: `FERRETDB_BIN`, else its cache under the home folder.
 */

export type OwnServerName = "nats" | "redis" | "mongo";

const FERRETDB_VERSION = "v1.24.0";

function onPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

function ferretDbBinary(): string | undefined {
  const candidates = [
    process.env.FERRETDB_BIN,
    join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "stint", `ferretdb-${FERRETDB_VERSION}`, "ferretdb"),
  ];
  return candidates.find((path): path is string => typeof path === "string" && path !== "" && existsSync(path));
}

/** What is missing to run the servers, or `undefined` when everything is there. */
function missingBinaries(): string | undefined {
  const missing: string[] = [];
  if (!onPath("nats-server")) missing.push("nats-server");
  if (!onPath("redis-server")) missing.push("redis-server");
  if (!onPath("mongod") && !ferretDbBinary()) missing.push("mongod or FerretDB (FERRETDB_BIN)");
  return missing.length === 0 ? undefined : `${missing.join(", ")} not found`;
}

/** A plain `describe` when the servers can be started here; a failing (CI) or skipped one otherwise. */
export function describeWithOwnServers(title: string, fn: () => void): void {
  describeNeeding(missingBinaries(), "install nats-server and redis-server, and mongod or FerretDB as `.ci/run` does", title, fn);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** One server process on a fixed port, which keeps its data folder across a stop and a start. */
export class OwnServer {
  private child: ChildProcess | undefined;
  private output = "";

  constructor(
    readonly name: OwnServerName,
    readonly port: number,
    private readonly command: () => [string, string[]],
  ) {}

  get url(): string {
    const scheme = this.name === "mongo" ? "mongodb" : this.name;
    return `${scheme}://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    if (this.running) return;
    const [binary, args] = this.command();
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    this.output = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (this.output = (this.output + chunk).slice(-4000)));
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (this.output = (this.output + chunk).slice(-4000)));
    this.child = child;
    const deadline = Date.now() + 30_000;
    while (!(await accepts(this.port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${this.name} did not start: ${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Stops the server (SIGTERM, SIGKILL after 10 s) and waits until its port is closed. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
    while (await accepts(this.port)) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface OwnServers {
  nats: OwnServer;
  redis: OwnServer;
  mongo: OwnServer;
  /** MongoDB's URL with a database of its own. */
  mongoUrl: string;
  stop(): Promise<void>;
}

/** Starts all three on free ports, each with a data folder of its own. */
export async function startOwnServers(label: string): Promise<OwnServers> {
  const data = temporaryDir(`servers-${label}`);
  const dir = (name: string) => {
    const path = join(data.path, name);
    spawnSync("mkdir", ["-p", path]);
    return path;
  };
  const [natsPort, redisPort, mongoPort] = [await freePort(), await freePort(), await freePort()];
  const nats = new OwnServer("nats", natsPort, () => [
    "nats-server",
    ["-js", "-a", "127.0.0.1", "-p", String(natsPort), "-sd", dir("nats")],
  ]);
  // Redis keeps what it holds across a restart, as a deployment's Redis with persistence would.
  const redis = new OwnServer("redis", redisPort, () => [
    "redis-server",
    [
      "--bind",
      "127.0.0.1",
      "--port",
      String(redisPort),
      "--save",
      "",
      "--appendonly",
      "yes",
      "--appendfsync",
      "always",
      "--dir",
      dir("redis"),
      "--daemonize",
      "no",
    ],
  ]);
  const ferret = ferretDbBinary();
  const mongo = new OwnServer("mongo", mongoPort, () =>
    onPath("mongod")
      ? ["mongod", ["--bind_ip", "127.0.0.1", "--port", String(mongoPort), "--dbpath", dir("mongod"), "--nounixsocket", "--quiet"]]
      : [
          ferret as string,
          [
            "--handler=sqlite",
            `--sqlite-url=file:${dir("ferretdb")}/`,
            `--listen-addr=127.0.0.1:${mongoPort}`,
            `--state-dir=${dir("ferretdb-state")}`,
            "--debug-addr=-",
            "--telemetry=disable",
            "--log-level=error",
          ],
        ],
  );
  await Promise.all([nats.start(), redis.start(), mongo.start()]);
  return {
    nats,
    redis,
    mongo,
    mongoUrl: `${mongo.url}/stint_${label}`,
    async stop() {
      await Promise.all([nats.stop(), redis.stop(), mongo.stop()]);
      data.remove();
    },
  };
}
