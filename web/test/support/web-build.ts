import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";

const ROOT = join(__dirname, "..", "..", "..");

let built: Promise<void> | undefined;

/**
 * Builds the web application into `dist/web/` once per test process, before any Stint of the
 * suite starts (the gateway reads the folder when it starts), so a suite never tests an old build.
 * As `npm run build` builds it: for production (jest sets `NODE_ENV=test`, which would make
 * Vite bundle React's development build).
 */
export function buildWebApp(): Promise<void> {
  built ??= promisify(execFile)(
    process.execPath,
    [
      join(ROOT, "node_modules", "vite", "bin", "vite.js"),
      "build",
      "--config",
      join(ROOT, "web", "vite.config.mts"),
      "--logLevel",
      "error",
    ],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" } },
  ).then(() => undefined);
  return built;
}
