import type { IncomingMessage, ServerResponse } from "node:http";
import { METADATA_PATH } from "./oauth/metadata";
import { STYLE_MOUNTS } from "./styles";

/**
 * Cross-origin requests (docs/api.md#browser-applications-on-another-origin-cors): a web
 * application served from an origin `CORS_ORIGINS` names may call the API with a bearer
 * token, the OAuth token, revocation and device endpoints, and read the OAuth metadata.
 *
 * The gateway's own, rather than moleculer-web's `cors` setting, which refuses a request
 * from an unlisted origin with a 403 (the web application's same-origin posts carry
 * `Origin` too), answers a preflight only where an alias matches it, and writes its headers
 * after the route's middlewares, so a body refused there (malformed JSON) would reach the
 * browser without them. Here every answer at a path that serves other origins, errors
 * included, carries the headers, because they are set before routing.
 *
 * Never with cookies: no `Access-Control-Allow-Credentials`, so a browser sends none and
 * reads no answer to a request that carried some. The pages (sign-in, consent, device) are
 * navigated to, never fetched; introspection is for servers; the web application's session
 * (`/web-session`) and the API's password sign-in (`/auth/...`) stay same-origin.
 */

const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";
/** What the client library and an OAuth client send; a browser adds the CORS-safelisted ones itself. */
const ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, If-None-Match, X-Request-ID, X-Stint-Client, X-Stint-Retry-Count";
/** What a client reads of an answer beyond the safelisted headers: its id, the limits, where a creation lives, validators, files. */
const EXPOSED_HEADERS =
  "X-Request-ID, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Location, ETag, Idempotent-Replayed, Content-Disposition, WWW-Authenticate";
/** How long a browser may keep a preflight's answer (Chromium keeps it two hours at most). */
export const PREFLIGHT_MAX_AGE_SECONDS = 3600;

/** The OAuth endpoints a browser application calls itself, under each mount. */
const OAUTH_CALLS = new Set(["/auth/oauth/token", "/auth/oauth/revoke", "/auth/oauth/device/code"]);

/** Whether a path (without its query) is served to other origins. Routing ignores case and a trailing slash, so this does too. */
export function servesOtherOrigins(path: string): boolean {
  const lower = path.toLowerCase().replace(/(.)\/+$/, "$1");
  if (lower === METADATA_PATH || lower.startsWith(`${METADATA_PATH}/`)) return true;
  // The mounts longest first (`/api/v1` before `/api`), as `styleOfPath` reads them.
  const mount = STYLE_MOUNTS.find((candidate) => lower.startsWith(`${candidate.path}/`));
  if (!mount) return false;
  const rest = lower.slice(mount.path.length);
  return !rest.startsWith("/auth/") || OAUTH_CALLS.has(rest);
}

/**
 * The gateway's CORS step, run on every request before routing: sets the headers an allowed
 * origin gets, and answers a preflight itself (true). A preflight that is not allowed is
 * answered without them, which the browser takes as a refusal; it never reaches a route.
 */
export function crossOriginRequests(origins: readonly string[]): (req: IncomingMessage, res: ServerResponse) => boolean {
  const allowed = new Set(origins);
  return (req, res) => {
    const origin = req.headers.origin;
    const preflight = req.method === "OPTIONS" && origin !== undefined && req.headers["access-control-request-method"] !== undefined;
    if (allowed.size === 0 && !preflight) return false;
    const served = servesOtherOrigins((req.url ?? "").split("?")[0] ?? "");
    // Caches keep answers for one origin apart from another's (or from no origin's).
    if (served && allowed.size > 0) res.setHeader("Vary", "Origin");
    const granted = served && origin !== undefined && allowed.has(origin);
    if (granted) res.setHeader("Access-Control-Allow-Origin", origin);
    if (preflight) {
      res.writeHead(
        204,
        granted
          ? {
              "Access-Control-Allow-Methods": ALLOWED_METHODS,
              "Access-Control-Allow-Headers": ALLOWED_HEADERS,
              "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
            }
          : {},
      );
      res.end();
      return true;
    }
    if (granted) res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    return false;
  };
}
