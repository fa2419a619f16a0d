/**
 * Whether `npm start` must build before it serves, told part by part: the server
 * (compiled by tsc into `dist/`) and the web application (bundled by Vite into
 * `dist/web/`). A part is built again when its inputs' contents changed since its last
 * finished build, when its output is missing, or when another command wrote its output
 * since; otherwise the build is skipped, which is what makes a second start take seconds
 * rather than a compiler's minute.
 *
 * A stamp in `dist/` records, per part, a hash of the inputs taken when the build began
 * and the modification time of one output file right after it finished. A part's entry
 * is removed before its build starts and written again only once the build succeeded,
 * each time by renaming a complete file over the old one: a build killed half-way is
 * never taken as done. Deleting `dist/` deletes the stamp, so everything is built again.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export type BuildPart = "server" | "web";
export const BUILD_PARTS: readonly BuildPart[] = ["server", "web"];

/** Inside `dist/`, so that deleting the build forgets it. */
export const STAMP_FILE = "dist/.build-stamp.json";

/**
 * The compiler's incremental build information. Also inside `dist/`: it must describe the
 * output beside it, since the compiler trusts it and writes only what changed since.
 */
export const TS_BUILD_INFO_FILE = "dist/.tsbuildinfo";

/** What both parts depend on besides their sources: the packages installed, and their versions. */
const DEPENDENCY_INPUTS = ["package.json", "package-lock.json"];

/** The server's sources are what tsconfig.build.json includes; these decide how they compile. */
const SERVER_CONFIG_INPUTS = ["tsconfig.json", "tsconfig.build.json", ...DEPENDENCY_INPUTS];

/** What Vite reads (web/vite.config.mts): the app, its static files, and the client library's sources. */
const WEB_INPUTS = [
  "web/index.html",
  "web/src",
  "web/public",
  "web/vite.config.mts",
  "web/tsconfig.json",
  "sdk/js/src",
  ...DEPENDENCY_INPUTS,
];

/** One file each part's build always writes; its modification time shows who wrote it last. */
const MARKER_OUTPUT: Record<BuildPart, string> = { server: "dist/main.js", web: "dist/web/index.html" };

/**
 * What the stamp holds. Checked by hand rather than with zod: loading zod would take most
 * of the time this check is meant to save.
 */
interface PartStamp {
  /** sha256 of the inputs' paths and contents, taken when the build began. */
  inputs: string;
  /** The marker output's mtimeMs right after the build finished. */
  marker: number;
}
type BuildStamp = { format: 1 } & Partial<Record<BuildPart, PartStamp>>;

function isPartStamp(value: unknown): value is PartStamp {
  if (typeof value !== "object" || value === null) return false;
  const { inputs, marker } = value as Record<string, unknown>;
  return typeof inputs === "string" && /^[0-9a-f]{64}$/.test(inputs) && typeof marker === "number";
}

function isBuildStamp(value: unknown): value is BuildStamp {
  if (typeof value !== "object" || value === null) return false;
  const stamp = value as Record<string, unknown>;
  return stamp.format === 1 && BUILD_PARTS.every((part) => stamp[part] === undefined || isPartStamp(stamp[part]));
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

export type PartDecision =
  | { part: BuildPart; build: false; inputs: string }
  | {
      part: BuildPart;
      build: true;
      inputs: string;
      /** Why, in words, for the log. */
      reason: string;
      /** The output cannot be trusted as a base: compile everything, not only what changed. */
      fromScratch: boolean;
    };

/** The server's inputs as tsconfig.build.json names them: plain paths, and `**\/*<suffix>` exclusions. */
interface ServerSources {
  roots: string[];
  excludedSuffixes: string[];
  excludedPaths: string[];
}

function readServerSources(root: string): ServerSources {
  const config = JSON.parse(readFileSync(join(root, "tsconfig.build.json"), "utf8")) as { include?: unknown; exclude?: unknown };
  const { include, exclude = [] } = config;
  if (!isStringList(include) || !isStringList(exclude)) {
    throw new Error("tsconfig.build.json names no list of paths to include and exclude");
  }
  const globbed = include.filter((entry) => /[*?{[]/.test(entry));
  if (globbed.length > 0) {
    throw new Error(`tsconfig.build.json includes patterns (${globbed.join(", ")}); only plain paths are read here`);
  }
  const excludedSuffixes: string[] = [];
  const excludedPaths: string[] = [];
  for (const entry of exclude) {
    if (entry.startsWith("**/*") && !/[*?{[]/.test(entry.slice(4))) excludedSuffixes.push(entry.slice(4));
    else if (!/[*?{[]/.test(entry)) excludedPaths.push(entry);
    else throw new Error(`tsconfig.build.json excludes a pattern (${entry}) not read here`);
  }
  return { roots: include, excludedSuffixes, excludedPaths };
}

/** Every file under `path` (a file or a folder, relative to root), sorted; none if it does not exist. */
function filesUnder(root: string, path: string, skip: (relative: string) => boolean): string[] {
  if (skip(path)) return [];
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute)
    .sort()
    .flatMap((name) => (name === "node_modules" ? [] : filesUnder(root, `${path}/${name}`, skip)));
}

function serverSourceFiles(root: string): string[] {
  const sources = readServerSources(root);
  const skip = (path: string) => sources.excludedPaths.includes(path) || sources.excludedSuffixes.some((suffix) => path.endsWith(suffix));
  return sources.roots.flatMap((path) => filesUnder(root, path, skip));
}

function inputFiles(root: string, part: BuildPart): string[] {
  const named = part === "server" ? SERVER_CONFIG_INPUTS : WEB_INPUTS;
  const files = named.flatMap((path) => filesUnder(root, path, () => false));
  if (part === "server") files.push(...serverSourceFiles(root));
  return [...new Set(files)].sort();
}

/**
 * A hash of a part's inputs: each file's path and content, and for the web application
 * NODE_ENV, which decides whether Vite bundles React's production or development build.
 */
export function fingerprintInputs(root: string, part: BuildPart, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash("sha256");
  if (part === "web") hash.update(`NODE_ENV=${env.NODE_ENV ?? ""}\0`);
  for (const path of inputFiles(root, part)) {
    const content = readFileSync(join(root, path));
    hash.update(`${path}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest("hex");
}

/** The compiled file of each server source (`shared/ids.ts` -> `dist/shared/ids.js`) that is missing. */
function missingServerOutputs(root: string): string[] {
  return serverSourceFiles(root)
    .filter((path) => path.endsWith(".ts") && !path.endsWith(".d.ts"))
    .map((path) => `dist/${path.slice(0, -".ts".length)}.js`)
    .filter((output) => !existsSync(join(root, output)));
}

function markerTime(root: string, part: BuildPart): number | undefined {
  const path = join(root, MARKER_OUTPUT[part]);
  return existsSync(path) ? statSync(path).mtimeMs : undefined;
}

type StampReading = { stamp: BuildStamp; unreadable: boolean };

function readStamp(root: string): StampReading {
  const path = join(root, STAMP_FILE);
  if (!existsSync(path)) return { stamp: { format: 1 }, unreadable: false };
  let stamp: unknown;
  try {
    stamp = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return { stamp: { format: 1 }, unreadable: true };
  }
  return isBuildStamp(stamp) ? { stamp, unreadable: false } : { stamp: { format: 1 }, unreadable: true };
}

/** Replaces the stamp in one step: a reader sees the old file or the new one, never half of one. */
function writeStamp(root: string, stamp: BuildStamp): void {
  const path = join(root, STAMP_FILE);
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify(stamp, null, 2)}\n`);
  renameSync(partial, path);
}

function decidePart(root: string, part: BuildPart, reading: StampReading, env: NodeJS.ProcessEnv): PartDecision {
  const inputs = fingerprintInputs(root, part, env);
  const built = reading.stamp[part];
  const rebuild = (reason: string, fromScratch: boolean): PartDecision => ({ part, build: true, inputs, reason, fromScratch });
  if (reading.unreadable) return rebuild(`the build stamp ${STAMP_FILE} cannot be read`, true);
  if (!built) return rebuild("no finished build of it is recorded", true);
  const marker = markerTime(root, part);
  if (marker === undefined) return rebuild(`${MARKER_OUTPUT[part]} is missing`, true);
  if (marker !== built.marker) return rebuild(`${MARKER_OUTPUT[part]} was written by another command since`, true);
  if (part === "server") {
    const missing = missingServerOutputs(root);
    const more = missing.length > 1 ? ` (and ${missing.length - 1} more compiled files)` : "";
    if (missing.length > 0) return rebuild(`${missing[0]} is missing${more}`, true);
  }
  if (inputs !== built.inputs) return rebuild("its sources changed", false);
  return { part, build: false, inputs };
}

/** What each part needs: nothing, a build of what changed, or a build from scratch. */
export function decideBuilds(root: string, env: NodeJS.ProcessEnv = process.env): Record<BuildPart, PartDecision> {
  const reading = readStamp(root);
  return { server: decidePart(root, "server", reading, env), web: decidePart(root, "web", reading, env) };
}

/** Before a part's build starts: until it finishes, the part counts as not built. */
export function forgetBuild(root: string, part: BuildPart): void {
  const { stamp } = readStamp(root);
  if (stamp[part] === undefined) return;
  delete stamp[part];
  writeStamp(root, stamp);
}

/** After a part's build succeeded: its inputs as they were when it began, and its marker as written. */
export function recordBuild(root: string, part: BuildPart, inputs: string): void {
  const marker = markerTime(root, part);
  if (marker === undefined) throw new Error(`the ${part} build finished without writing ${MARKER_OUTPUT[part]}`);
  const { stamp } = readStamp(root);
  writeStamp(root, { ...stamp, [part]: { inputs, marker } });
}
