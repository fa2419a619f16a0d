import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
export function startTypeScript(
  ctx: BenchContext,
  label: string,
  script: string,
  env: Record<string, string>,
  compared?: string,
  nodeOptions: readonly string[] = [],
): ManagedProcess {
  const tree = compared ?? REPO_ROOT;
  const compiled = compared === undefined ? compiledEntry(script) : undefined;
  const child = ctx.processes.spawn({
    label,
    command: process.execPath,
    // The probe answers the bench's requests for the process's own CPU time (and profiles it on request).
    args: [...nodeOptions, ...(compiled ? ["--import", PROBE_SCRIPT, compiled] : ["--import", "tsx", "--import", PROBE_SCRIPT, script])],
    cwd: tree,
    env: { ...env, ...probeEnvironment(ctx.scratchRoot, label) },
  });
  markProbed(child.pid);
  return child;
}

/**
 * The Node options the checkout's `npm run serve` starts the app with (such as
 * `--experimental-async-context-frame`), so that the app runs here as it runs deployed;
 * none for a checkout without that script.
 */
function serveNodeOptions(tree: string): string[] {
  try {
    const scripts = (JSON.parse(readFileSync(join(tree, "package.json"), "utf8")) as { scripts?: Record<string, string> }).scripts ?? {};
    const words = (scripts.serve ?? "").trim().split(/\s+/);
    return words[0] === "node" ? words.slice(1).filter((word) => word.startsWith("--")) : [];
  } catch {
    return [];
  }
}

/** Where bench-only entries are compiled with the app they start (git-ignored). */
const COMPILED_BENCH_DIR = join(REPO_ROOT, "dist-bench");
/** Scripts that are the bench's own baselines rather than the app: always through tsx. */
const BASELINE_SCRIPTS = new Set(["bench/bare-server.ts"]);
const compiledThisRun = new Set<string>();

/**
 * A bench-only entry that starts the app (`bench/app-with-open-route.ts`) compiled together
 * with the app it imports, with the options of `npm run build`, into `dist-bench/`: once a
 * run, so that its figures are those of the JavaScript a deployment runs.
 */
function compileBenchEntry(script: string): string {
  if (!compiledThisRun.has(script)) {
    mkdirSync(COMPILED_BENCH_DIR, { recursive: true });
    const config = join(COMPILED_BENCH_DIR, "tsconfig.json");
    // The build's own files (and so its declarations) and the entry, with the build's options.
    writeFileSync(
      config,
      JSON.stringify({ extends: "../tsconfig.build.json", compilerOptions: { rootDir: "..", outDir: "." }, files: [join("..", script)] }),
    );
    execFileSync(process.execPath, [join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", config], {
      cwd: REPO_ROOT,
      stdio: "inherit",
    });
    compiledThisRun.add(script);
  }
  return join(COMPILED_BENCH_DIR, script.replace(/\.ts$/, ".js"));
}

/**
 * With `BENCH_COMPILED=1`, the app's entry runs as `npm run build` compiled it
 * (`dist/main.js`, as the container image runs it) instead of through tsx, and a bench entry
 * that starts the app runs compiled with it (`compileBenchEntry`). The bare server and the
 * compared checkout's app always run through tsx.
 */
function compiledEntry(script: string): string | undefined {
  // A compared checkout runs through tsx: with this checkout compared to itself, a run measures compiling.
  if (process.env.BENCH_COMPILED !== "1" || BASELINE_SCRIPTS.has(script)) return undefined;
  if (script !== "main.ts") return compileBenchEntry(script);
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
  /** Another checkout of the app to run instead of this one (`BENCH_COMPARE_TREE`). */
  tree?: string;
}

export interface AppProcess {
  process: ManagedProcess;
  /** `http://127.0.0.1:<port>` when the process serves HTTP. */
  baseUrl?: string;
}

/** Starts `main.ts` (or `options.script`) with a fresh data folder, on loopback. Readiness is awaited by `waitForReady`. */
export async function startApp(ctx: BenchContext, options: AppProcessOptions): Promise<AppProcess> {
  const env: Record<string, string> = {
    DATA_DIR: ctx.tempDir(options.label),
    ...QUIET_LOGS,
    ...(options.tree ? {} : extraAppEnvironment()),
    ...options.env,
  };
  let baseUrl: string | undefined;
  if (options.http) {
    const port = await freePort();
    env.PORT = String(port);
    env.HOST = LOOPBACK;
    baseUrl = `http://${LOOPBACK}:${port}`;
  }
  // Every app process (main.ts or a bench entry that starts the app) runs with the Node options it is deployed with.
  return {
    process: startTypeScript(
      ctx,
      options.label,
      options.script ?? "main.ts",
      env,
      options.tree,
      serveNodeOptions(options.tree ?? REPO_ROOT),
    ),
    baseUrl,
  };
}

/** Waits for `GET /health/ready` to answer 200, failing early if any of `watch` exits. */
export async function waitForReady(ctx: BenchContext, baseUrl: string, watch: readonly ManagedProcess[]): Promise<void> {
  await waitForHttp(new URL("/health/ready", baseUrl).toString(), 200, { timeoutMs: ctx.settings.readyTimeoutSec * 1000, watch });
}

/**
 * `BENCH_COMPARE_TREE`: another checkout of the app (with its dependencies installed or
 * linked), whose app targets a set may run beside this checkout's in the same run, so that
 * a change is measured against what it changed under the same load on the machine.
 */
export function compareTree(): string | undefined {
  const tree = process.env.BENCH_COMPARE_TREE?.trim();
  if (!tree) return undefined;
  if (!existsSync(join(tree, "main.ts"))) throw new Error(`BENCH_COMPARE_TREE=${tree} holds no main.ts`);
  return tree;
}

/**
 * `BENCH_APP_ENV="NAME=value;NAME=value"`: variables every app process gets on top of the
 * bench's own, for measuring a setting's effect (for example
 * `NODE_OPTIONS=--experimental-async-context-frame`). A target's own variables win; the
 * processes of `BENCH_COMPARE_TREE` do not get them, so that with this checkout as the
 * compared one, a run measures the setting against its absence.
 */
function extraAppEnvironment(): Record<string, string> {
  const given = process.env.BENCH_APP_ENV?.trim();
  if (!given) return {};
  return Object.fromEntries(
    given
      .split(";")
      .filter((pair) => pair.trim() !== "")
      .map((pair) => {
        const at = pair.indexOf("=");
        if (at <= 0) throw new Error(`BENCH_APP_ENV: "${pair}" is not NAME=value`);
        return [pair.slice(0, at).trim(), pair.slice(at + 1)];
      }),
  );
}
