import { join } from "node:path";
import type { BenchContext } from "./context";
import { LOOPBACK, freePort, waitForHttp } from "./net";
import type { ManagedProcess } from "./processes";

/** The repository root: `bench/lib/..`. */
export const REPO_ROOT = join(__dirname, "..", "..");

/** Log settings every process under test gets: warnings only, so logging costs next to nothing. */
const QUIET_LOGS = { LOG_LEVEL: "warn", LOG_FORMAT: "json" };

/**
 * Runs a TypeScript file with the bench's own Node (22, through npm) and tsx as a loader in
 * the same process. `tsx main.ts` would put tsx's CLI between us and the app as a parent
 * process; loading tsx with `--import` keeps one process, so the PID the bench samples for
 * memory and signals on stop is the app itself.
 */
export function startTypeScript(ctx: BenchContext, label: string, script: string, env: Record<string, string>): ManagedProcess {
  return ctx.processes.spawn({
    label,
    command: process.execPath,
    args: ["--import", "tsx", script],
    cwd: REPO_ROOT,
    env,
  });
}

export interface AppProcessOptions {
  label: string;
  /** Extra variables: `SERVICES`, `NATS_URL`, `NAMESPACE`. Without them the app runs embedded. */
  env?: Record<string, string>;
  /** Whether this process runs the gateway; then it gets a port and is waited for on `/health/ready`. */
  http: boolean;
  /** The entry file, from the repository root; `main.ts` unless a scenario needs its own. */
  script?: string;
}

export interface AppProcess {
  process: ManagedProcess;
  /** `http://127.0.0.1:<port>` when the process serves HTTP. */
  baseUrl?: string;
}

/** Starts `main.ts` (or `options.script`) with a fresh data folder, on loopback. Readiness is awaited by `waitForReady`. */
export async function startApp(ctx: BenchContext, options: AppProcessOptions): Promise<AppProcess> {
  const env: Record<string, string> = { DATA_DIR: ctx.tempDir(options.label), ...QUIET_LOGS, ...options.env };
  let baseUrl: string | undefined;
  if (options.http) {
    const port = await freePort();
    env.PORT = String(port);
    env.HOST = LOOPBACK;
    baseUrl = `http://${LOOPBACK}:${port}`;
  }
  return { process: startTypeScript(ctx, options.label, options.script ?? "main.ts", env), baseUrl };
}

/** Waits for `GET /health/ready` to answer 200, failing early if any of `watch` exits. */
export async function waitForReady(ctx: BenchContext, baseUrl: string, watch: readonly ManagedProcess[]): Promise<void> {
  await waitForHttp(new URL("/health/ready", baseUrl).toString(), 200, { timeoutMs: ctx.settings.readyTimeoutSec * 1000, watch });
}
