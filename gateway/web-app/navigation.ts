import type { IncomingMessage } from "node:http";
import { OAUTH_BASE } from "../oauth/metadata";
import { DOCS_PATH } from "../openapi/docs-page";
import { STYLE_MOUNTS } from "../styles";
import { ASSETS_FOLDER } from "./build";

/** Where the web application's session cookie is kept and refreshed (see `session-route.ts`). */
export const WEB_SESSION_PATH = "/web-session";

/**
 * Paths that belong to the API, the reference, the OAuth pages, the health probes, the
 * session endpoints or the build's files: under these a path nothing serves keeps its JSON
 * 404, whatever the client accepts.
 */
export const RESERVED_PREFIXES: readonly string[] = [
  ...STYLE_MOUNTS.map((mount) => mount.path),
  "/health",
  DOCS_PATH,
  OAUTH_BASE,
  "/.well-known",
  WEB_SESSION_PATH,
  `/${ASSETS_FOLDER}`,
];

/** Longer paths are no page of the application. */
export const MAX_NAVIGATION_PATH_LENGTH = 2048;

/** Percent-encoded slashes, backslashes, dots and NUL: no page of the application is named with them. */
const ENCODED_PATH_SYNTAX = /%(2f|5c|2e|00)/i;

/** Whether `Accept` names `text/html` with a weight above zero (browsers navigating do; `fetch` and API clients do not). */
export function acceptsHtml(accept: string | undefined): boolean {
  return (accept ?? "").split(",").some((entry) => {
    const [type = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    return type === "text/html" && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** A path a page of the application could have: plain segments, no extension in the last one, outside the reserved prefixes. */
export function isApplicationPath(path: string): boolean {
  if (!path.startsWith("/") || path.length > MAX_NAVIGATION_PATH_LENGTH) return false;
  if (ENCODED_PATH_SYNTAX.test(path) || path.includes("\\") || path.includes("\0") || path.includes("//")) return false;
  const segments = path.slice(1).split("/");
  if (segments.some((segment) => segment === "." || segment === "..")) return false;
  const last = segments.at(-1) === "" ? (segments.at(-2) ?? "") : (segments.at(-1) ?? "");
  if (last.includes(".")) return false;
  // moleculer-web matches paths without regard to case; so does this.
  const lower = path.toLowerCase();
  return !RESERVED_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/**
 * Whether a request nothing else served is a browser opening one of the application's
 * own pages (history routing: `/timesheet`, `/projects/abc`): a GET or HEAD for HTML at an
 * application path. Everything else keeps the gateway's JSON 404 or 405.
 */
export function isAppNavigation(req: IncomingMessage & { originalUrl?: string }): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const path = (req.originalUrl ?? req.url ?? "").split("?")[0] ?? "";
  return isApplicationPath(path) && acceptsHtml(req.headers.accept);
}
