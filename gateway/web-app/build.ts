import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, resolve } from "node:path";
import { staticFile, type StaticFile } from "../openapi/static-file";
import { HTML_HEADERS } from "./headers";

/**
 * The built web application (`vite build`): an `index.html`, content-hashed files under
 * `assets/`, and a few other files beside `index.html` (an icon). Read once when the
 * gateway starts, all of it into memory: the files are small, and a request then never
 * touches the file system, so no path a client sends can reach a file outside the build.
 */

/** A hashed file never changes under its name: cached for a year and never revalidated. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Files whose names do not change with their content (an icon): kept a little while. */
export const SHORT_LIVED = "public, max-age=300";
/** The page names the current hashed files: revalidated every time, a 304 when unchanged. */
export const REVALIDATE = "no-cache";

export const ASSETS_FOLDER = "assets";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".wasm": "application/wasm",
};

/** Names a build gives its files: no path syntax, no dot files, nothing a URL would need to escape. */
const SERVABLE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function isServableName(name: string): boolean {
  return SERVABLE_NAME.test(name) && !name.includes("..");
}

export interface WebBuild {
  /** The folder it was read from, for the log. */
  folder: string;
  /** `index.html`, or undefined when the application is not built. */
  index?: StaticFile;
  /** Files under `assets/`, by name. */
  assets: ReadonlyMap<string, StaticFile>;
  /** The other files beside `index.html` (each with an extension), by name. */
  topLevel: ReadonlyMap<string, StaticFile>;
}

/** The project's root: the nearest folder upwards holding `package.json` (from `gateway/` in sources, `dist/gateway/` once compiled). */
function projectRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
  }
  return process.cwd();
}

/** Where the build is when `WEB_DIR` is unset: `dist/web` under the project root. */
export function defaultWebDir(): string {
  return join(projectRoot(), "dist", "web");
}

function fileOf(path: string, name: string, cacheControl: string): StaticFile {
  const contentType = CONTENT_TYPES[extname(name).toLowerCase()] ?? "application/octet-stream";
  const headers = contentType.startsWith("text/html") ? HTML_HEADERS : undefined;
  return staticFile(readFileSync(path), contentType, cacheControl, headers);
}

/** The regular files of a folder with servable names; nothing when the folder is missing. */
function filesIn(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.filter((name) => isServableName(name) && statSync(join(folder, name), { throwIfNoEntry: false })?.isFile() === true).sort();
}

/** A file of the build, or undefined when it cannot be read: the gateway starts without it rather than not at all. */
function readable(path: string, name: string, cacheControl: string): StaticFile | undefined {
  try {
    return fileOf(path, name, cacheControl);
  } catch {
    return undefined;
  }
}

export function readWebBuild(folder: string): WebBuild {
  const root = resolve(folder);
  const assets = new Map<string, StaticFile>();
  const topLevel = new Map<string, StaticFile>();
  let index: StaticFile | undefined;
  for (const name of filesIn(root)) {
    if (name === "index.html") index = readable(join(root, name), name, REVALIDATE);
    // Only names with an extension: any other top-level path is one of the application's own pages.
    if (name === "index.html" || extname(name) === "") continue;
    const file = readable(join(root, name), name, SHORT_LIVED);
    if (file) topLevel.set(name, file);
  }
  const assetsFolder = join(root, ASSETS_FOLDER);
  for (const name of filesIn(assetsFolder)) {
    const file = readable(join(assetsFolder, name), name, IMMUTABLE);
    if (file) assets.set(name, file);
  }
  return { folder: root, index, assets, topLevel };
}
