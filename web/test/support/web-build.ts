import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";

const ROOT = join(__dirname, "..", "..", "..");

let built: Promise<void> | undefined;

/**
 * Builds the web application into `dist/web/` once per test process, before any Stint of the
 * suite starts (the gateway reads the folder when it starts), so a suite never tests an old build.
 * Jest sets NODE_ENV=test, which Vite would pass on to React as a development build (double
 * effects, twice the requests, a bigger bundle): the suites test the production build people get.
 */
export function buildWebApp(): Promise<void> {
  built ??= promisify(execFile)(process.execPath, [join(ROOT, "node_modules", "vite", "bin", "vite.js"), "build", "--config", join(ROOT, "web", "vite.config.mts"), "--logLevel", "error"], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" } }).then(() => undefined);
  return built;
}
