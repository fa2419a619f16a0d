/**
 * The build behind `npm start` and `npm run build`.
 *
 *   tsx cli/build.ts          builds only the parts whose inputs changed (see build-plan.ts)
 *   tsx cli/build.ts --full   builds both parts from scratch
 *
 * Each part is built by its npm script (`build:server`, `build:web`), so the commands are
 * written once, in package.json. The server compiles incrementally: tsc keeps what it
 * knows in dist/.tsbuildinfo and writes only the files a change reaches.
 */
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { BUILD_PARTS, decideBuilds, forgetBuild, recordBuild, TS_BUILD_INFO_FILE, type BuildPart, type PartDecision } from "./build-plan";

const NPM_SCRIPT: Record<BuildPart, string> = { server: "build:server", web: "build:web" };
const PART_NAME: Record<BuildPart, string> = { server: "the server", web: "the web application" };

/** The folder of package.json, from the source (cli/) or from a compiled copy (dist/cli/). */
function projectRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
  }
  throw new Error("no package.json above cli/build.ts");
}

/** Runs an npm script with the npm that runs this one (npm_execpath), or the one on PATH. */
function runNpmScript(root: string, script: string, extraArgs: string[]): boolean {
  const npm = process.env.npm_execpath;
  const args = ["run", "--silent", script, ...(extraArgs.length > 0 ? ["--", ...extraArgs] : [])];
  const result = npm
    ? spawnSync(process.execPath, [npm, ...args], { cwd: root, stdio: "inherit" })
    : spawnSync("npm", args, { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
  return result.status === 0;
}

function buildPart(root: string, part: BuildPart, fromScratch: boolean): boolean {
  forgetBuild(root, part);
  if (part === "server" && fromScratch) rmSync(join(root, TS_BUILD_INFO_FILE), { force: true });
  const extraArgs = part === "server" ? ["--incremental", "--tsBuildInfoFile", TS_BUILD_INFO_FILE] : [];
  return runNpmScript(root, NPM_SCRIPT[part], extraArgs);
}

function main(): number {
  const root = projectRoot();
  const full = process.argv.includes("--full");
  let decisions: Record<BuildPart, PartDecision | undefined>;
  try {
    decisions = decideBuilds(root);
  } catch (error) {
    // Not knowing what changed is no reason to refuse to start: build everything.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Cannot tell what changed since the last build (${message}): building everything.\n`);
    decisions = { server: undefined, web: undefined };
  }

  const toBuild = BUILD_PARTS.filter((part) => full || decisions[part]?.build !== false);
  if (toBuild.length === 0) {
    process.stdout.write("The server and the web application are as last built: starting without a build.\n");
    return 0;
  }
  for (const part of toBuild) {
    const decision = decisions[part];
    const reason = full ? "npm run build builds everything" : decision?.build ? decision.reason : "its inputs are unknown";
    const fromScratch = full || !decision?.build || decision.fromScratch;
    process.stdout.write(`Building ${PART_NAME[part]}${fromScratch ? "" : " (what changed)"}: ${reason}.\n`);
    if (!buildPart(root, part, fromScratch)) {
      process.stderr.write(`Building ${PART_NAME[part]} failed.\n`);
      return 1;
    }
    // The inputs as they were before the build began: a file edited during it shows next time.
    if (decision) recordBuild(root, part, decision.inputs);
  }
  return 0;
}

process.exitCode = main();
