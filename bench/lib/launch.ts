import { existsSync } from "node:fs";
import { join } from "node:path";
import type { BenchContext } from "./context";
import { LOOPBACK, freePort, waitForHttp } from "./net";
import type { ManagedProcess } from "./processes";
import { markProbed, PROBE_SCRIPT, probeEnvironment } from "./cpu-usage";

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
  const compiled = compiledEntry(script);
  const child = ctx.processes.spawn({
    label,
    command: process.execPath,
    // The probe answers the bench's requests for the process's own CPU time (and profiles it on request).
    args: compiled ? ["--import", PROBE_SCRIPT, compiled] : ["--import", "tsx", "--import", PROBE_SCRIPT, script],
    cwd: REPO_ROOT,
    env: { ...env, ...probeEnvironment(ctx.scratchRoot, label) },
  });
  markProbed(child.pid);
  return child;
}

/**
 * With `BENCH_COMPILED=1`, the app's entry runs as `npm run build` compiled it
 * (`dist/main.js`, as the container image runs it) instead of through tsx. Other scripts
 * (the bare server, bench-only entries) always run through tsx.
 */
function compiledEntry(script: string): string | undefined {
  if (process.env.BENCH_COMPILED !== "1" || script !== "main.ts") return undefined;
  const entry = join(REPO_ROOT, "dist", "main.js");
  if (!existsSync(entry)) throw new Error("BENCH_COMPILED=1 needs dist/main.js: run `npm run build` first");
  return entry;
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
