import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { issuerOf } from "../../oauth/issuer";
import type { TrustedProxies } from "../../rate-limit/client-address";
import { WEB_SESSION_PATH } from "../navigation";

/**
 * The web application's sign-in, kept as its refresh token in a cookie that scripts cannot
 * read (`HttpOnly`), that no other site's page sends (`SameSite=Strict`), and that is sent
 * to the session endpoints alone (`Path=/web-session`), never with API calls.
 */
export const WEB_SESSION_COOKIE = "stint_session";

/** What a refresh token looks like (`rt_` and letters and digits), with room to change: nothing that needs quoting in a cookie. */
export const COOKIE_SAFE_TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

export interface CookieSettings {
  publicUrl: string | undefined;
  trustedProxies: TrustedProxies;
  /** How long the cookie is kept: the lifetime of a refresh token. */
  maxAgeSeconds: number;
}

/** The session cookie's value, when the request carries one that could be a token. */
export function sessionTokenOf(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== WEB_SESSION_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    if (COOKIE_SAFE_TOKEN.test(value)) return value;
  }
  return undefined;
}

/** Whether the browser reached us over HTTPS: a TLS socket, a trusted proxy's `X-Forwarded-Proto`, or an https `PUBLIC_URL`. */
function overHttps(req: IncomingMessage, settings: CookieSettings): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted === true) return true;
  if (settings.publicUrl?.startsWith("https:")) return true;
  return issuerOf(req, undefined, settings.trustedProxies).startsWith("https:");
}

function attributes(req: IncomingMessage, settings: CookieSettings, maxAge: number): string {
  return `HttpOnly; SameSite=Strict; Path=${WEB_SESSION_PATH}; Max-Age=${maxAge}${overHttps(req, settings) ? "; Secure" : ""}`;
}

/** `Set-Cookie` keeping `token` for a refresh token's lifetime. */
export function sessionCookie(req: IncomingMessage, settings: CookieSettings, token: string): string {
  return `${WEB_SESSION_COOKIE}=${token}; ${attributes(req, settings, settings.maxAgeSeconds)}`;
}

/** `Set-Cookie` removing the session. */
export function clearedSessionCookie(req: IncomingMessage, settings: CookieSettings): string {
  return `${WEB_SESSION_COOKIE}=; ${attributes(req, settings, 0)}`;
}
