import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { provideMongo, type MongoAvailability } from "./mongo";
import { provideNats, type NatsAvailability } from "./nats";
import { ProcessRegistry } from "./processes";
import { provideRedis, type RedisAvailability } from "./redis";
import type { BenchSettings } from "./settings";

/** How long a stopped process gets between SIGTERM and SIGKILL. */
export const STOP_GRACE_MS = 15_000;

/** What every scenario and target shares during one bench run; `close()` undoes all of it. */
export class BenchContext {
  readonly processes = new ProcessRegistry();
  /** A folder of its own under the OS temp folder, removed by `close()`. */
  readonly scratchRoot: string;
  private nextDir = 0;
  private nats: Promise<NatsAvailability> | undefined;
  private redis: Promise<RedisAvailability> | undefined;
  private mongo: Promise<MongoAvailability> | undefined;

  constructor(readonly settings: BenchSettings) {
    this.scratchRoot = mkdtempSync(join(tmpdir(), "stint-bench-"));
  }

  /** A new empty folder for one process's data. */
  tempDir(label: string): string {
    const dir = join(this.scratchRoot, `${String(this.nextDir++).padStart(2, "0")}-${label.replace(/[^a-z0-9-]/gi, "_")}`);
    mkdirSync(dir);
    return dir;
  }

  /** The NATS server distributed targets use, started on first need and kept for the run. */
  natsServer(): Promise<NatsAvailability> {
    this.nats ??= provideNats(this);
    return this.nats;
  }

  /** The Redis server targets that count in Redis use, started on first need and kept for the run. */
  redisServer(): Promise<RedisAvailability> {
    this.redis ??= provideRedis(this);
    return this.redis;
  }

  /** The MongoDB-compatible server scenarios that keep data use, started on first need and kept for the run. */
  mongoServer(): Promise<MongoAvailability> {
    this.mongo ??= provideMongo(this);
    return this.mongo;
  }

  log(line: string): void {
    process.stdout.write(`${line}\n`);
  }

  /** On Ctrl-C or SIGTERM: says so, closes (every process the run started stops), and exits 130 or 143. */
  closeOnSignals(bench: string): void {
    const closeOn = (signal: NodeJS.Signals, code: number) =>
      process.once(signal, () => {
        process.stderr.write(`\n${bench}: ${signal}, stopping the processes it started\n`);
        void this.close().finally(() => process.exit(code));
      });
    closeOn("SIGINT", 130);
    closeOn("SIGTERM", 143);
  }

  /** Stops every process the run started and removes its scratch folder. */
  async close(): Promise<void> {
    await this.processes.stopAll(STOP_GRACE_MS);
    rmSync(this.scratchRoot, { recursive: true, force: true });
  }
}
