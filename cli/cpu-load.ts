/**
 * Load that keeps every core busy, for running the suites on a machine that is not quiet
 * (`npm run test:loaded`, see cli/test-loaded.ts). stress-ng (Debian's `stress-ng`) when it
 * is installed; otherwise one Node process per core that spins until stopped.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";

export interface CpuLoad {
  /** What keeps the cores busy, for the log. */
  readonly by: string;
  /** The processes started, by id: they, and only they, are stopped. */
  readonly pids: readonly number[];
  /** Stops the load and waits until every process of it has exited. */
  stop(): Promise<void>;
}

/** The path of stress-ng when it is on PATH. */
export function findStressNg(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v stress-ng"], { encoding: "utf8" });
  const path = found.status === 0 ? found.stdout.trim() : "";
  return path === "" ? undefined : path;
}

const SPIN = "for (;;) {}";

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts `cores` busy workers. Each child leads a process group of its own, so stopping it
 * also stops the workers stress-ng forks, and nothing else.
 */
export function startCpuLoad(cores: number, stressNg: string | undefined): CpuLoad {
  const children = stressNg
    ? [spawn(stressNg, ["--cpu", String(cores), "--quiet"], { detached: true, stdio: "ignore" })]
    : Array.from({ length: cores }, () => spawn(process.execPath, ["-e", SPIN], { detached: true, stdio: "ignore" }));
  const pids = children.map((child) => child.pid).filter((pid): pid is number => pid !== undefined);
  return {
    by: stressNg ? `stress-ng --cpu ${cores}` : `${cores} spinning Node process${cores === 1 ? "" : "es"}`,
    pids,
    stop: async () => {
      for (const pid of pids) {
        try {
          process.kill(-pid, "SIGTERM");
        } catch {
          // Already gone.
        }
      }
      await Promise.all(children.map(exited));
    },
  };
}
