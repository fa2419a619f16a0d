import type { IncomingMessage } from "node:http";
import { fromTrustedProxy, type TrustedProxies } from "../rate-limit/client-address";

/**
 * The OAuth issuer (RFC 8414 §2): the address clients reach the gateway at, `PUBLIC_URL`
 * when set. Otherwise it is read from the request's `Host`, and from `X-Forwarded-Proto`
 * only when a trusted proxy sent it.
 */
export function issuerOf(req: IncomingMessage, publicUrl: string | undefined, trusted: TrustedProxies): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  const forwarded = fromTrustedProxy(req, trusted)
    ? String(req.headers["x-forwarded-proto"] ?? "")
        .split(",")[0]
        ?.trim()
    : undefined;
  const scheme = forwarded === "https" ? "https" : "http";
  const host = req.headers.host ?? "";
  // Only a host and a port: anything else in Host could inject into links and redirects.
  const safeHost = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : "localhost";
  return `${scheme}://${safeHost}`;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** The session cookie is `Secure` unless the deployment is plain HTTP on a loopback address. */
export function cookieIsSecure(issuer: string): boolean {
  const url = new URL(issuer);
  return !(url.protocol === "http:" && LOOPBACK.test(url.hostname));
}
