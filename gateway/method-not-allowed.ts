import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "../shared/errors";

/** What the gateway reads of each alias moleculer-web registered (its service's `aliases`). */
export interface RegisteredAlias {
  /** `GET`, `POST`, ..., or `*` for every method. */
  method: string;
  /** Matches the full path the alias serves, mount included. */
  re: RegExp;
  /** Its path parameters (`:id`, ...). */
  keys: readonly unknown[];
  /** A function alias's handler (an action alias has none). */
  handler?: unknown;
}

/** Marks the aliases that answer 405 themselves: they serve nothing. */
const REFUSES = Symbol("refuses the method");

const refuses = (alias: RegisteredAlias) => typeof alias.handler === "function" && REFUSES in alias.handler;

/** The order `Allow` lists methods in, whatever order the aliases were registered in. */
const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** Wherever GET is served, HEAD is too (see `alias-index.ts`). */
const withHead = (methods: Iterable<string>): Set<string> => {
  const all = new Set(methods);
  if (all.has("GET")) all.add("HEAD");
  return all;
};

const rank = (method: string) => {
  const at = METHOD_ORDER.indexOf(method);
  return at < 0 ? METHOD_ORDER.length : at;
};

/**
 * The methods served at `path` (without its query string), in a stable order. Where a
 * literal path and a parameterised one both match (`/time-entries/current` and
 * `/time-entries/:id`), the path is the literal one's, as in the API's documents.
 */
export function methodsServedAt(aliases: readonly RegisteredAlias[], path: string): string[] {
  // The pattern, not moleculer-web's `match`: that one also decodes the parameters, and throws on `%ff`.
  const matching = aliases.filter((alias) => alias.method !== "*" && !refuses(alias) && alias.re.test(path));
  const fewestParameters = Math.min(...matching.map((alias) => alias.keys.length));
  const methods = withHead(matching.filter((alias) => alias.keys.length === fewestParameters).map((alias) => alias.method));
  return [...methods].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The path moleculer-web routed on: without the query string or a trailing slash. */
function routedPathOf(req: IncomingMessage & { parsedUrl?: string }): string {
  if (req.parsedUrl) return req.parsedUrl;
  const path = (req.url ?? "").split("?")[0] ?? "";
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/**
 * moleculer-web answers a method a path does not serve as it answers a path that does not
 * exist: 404. When some alias serves the path with another method, the answer is a 405
 * whose `Allow` header lists those methods (RFC 9110 §15.5.6); otherwise the 404 stands.
 * Returns the error to send in place of moleculer-web's 404.
 */
export function notFoundOrMethodNotAllowed(
  aliases: readonly RegisteredAlias[],
  req: IncomingMessage,
  res: ServerResponse,
  notFound: Error,
): Error {
  const allowed = methodsServedAt(aliases, routedPathOf(req));
  if (allowed.length === 0) return notFound;
  res.setHeader("Allow", allowed.join(", "));
  return new ApiError("method_not_allowed", `${req.method ?? "This method"} is not served here; this path serves ${allowed.join(", ")}`, {
    allowed_methods: allowed,
  });
}

/** The methods `Allow` names, as it names them. */
function allowHeader(allowed: readonly string[]): string {
  return [...withHead(allowed)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).join(", ");
}

/** An alias that answers 405 at once: a method a fixed path does not serve (see `shadowedMethodsOf`). */
export function methodNotAllowedAlias(allowed: readonly string[]) {
  const allow = allowHeader(allowed);
  const handler = (req: IncomingMessage, res: ServerResponse, next: (err: unknown) => void): void => {
    res.setHeader("Allow", allow);
    next(
      new ApiError("method_not_allowed", `${req.method ?? "This method"} is not served here; this path serves ${allow}`, {
        allowed_methods: allow.split(", "),
      }),
    );
  };
  return Object.assign(handler, { [REFUSES]: true });
}
