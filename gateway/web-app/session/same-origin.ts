import type { IncomingMessage } from "node:http";
import { ApiError } from "../../../shared/errors";

/**
 * The session endpoints answer the web application's own scripts alone. A page of another
 * site can make a browser send a form or a simple request with the cookie, but it cannot
 * add a header of its choosing without the browser asking this server first (CORS, which
 * the gateway never grants), nor say it comes from here: so each request must carry
 * `X-Stint-Web: 1`, and its `Origin`, when the browser sends one, must be this server's.
 */
export const WEB_HEADER = "x-stint-web";

const refused = (message: string) => new ApiError("forbidden", message);

/** Host and port only; anything else in `Host` matches no origin. */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The origins this server is reached at: `PUBLIC_URL`'s, and the host the request was sent
 * to, over either scheme (a TLS-terminating proxy may not say so; a browser never lets a
 * page of another origin send this origin).
 */
function ownOrigins(req: IncomingMessage, publicUrl: string | undefined): string[] {
  const origins: string[] = [];
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  const host = req.headers.host ?? "";
  if (SAFE_HOST.test(host)) {
    for (const scheme of ["http", "https"]) {
      try {
        origins.push(new URL(`${scheme}://${host}`).origin);
      } catch {
        // Not a host a URL can have: no origin of ours.
      }
    }
  }
  return origins;
}

/** Throws the 403 unless the request comes from the web application on this server. */
export function requireSameOriginApp(req: IncomingMessage, publicUrl: string | undefined): void {
  if (req.headers[WEB_HEADER] !== "1") throw refused("Send X-Stint-Web: 1: the session endpoints serve the web application only");
  const origin = req.headers.origin;
  if (origin !== undefined && !ownOrigins(req, publicUrl).includes(origin)) throw refused("The request comes from another site");
  // Browsers that say where a request comes from: another site's page is refused even without an Origin.
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") throw refused("The request comes from another site");
}
