/**
 * Which of an application's registered redirect URIs an authorization request names
 * (docs/api.md#redirect-uris). Matching is exact, character for
 * character (RFC 9700 §2.1), with two allowances:
 *
 * - A loopback IP redirect URI (`http://127.0.0.1` or `http://[::1]`) matches on any port
 *   (RFC 8252 §7.3): a native application listens on whatever port the system gives it when
 *   it starts the request. Everything but the port still matches exactly. `localhost` gets no
 *   such allowance: RFC 8252 §8.3 recommends against it (the name may resolve elsewhere, and
 *   listening on it may open more than the loopback interface), so it matches exactly.
 * - A request may leave `redirect_uri` out when the application registered exactly one
 *   (RFC 6749 §3.1.2.3): that one is used.
 */

/** `http://`, a loopback IP literal, an optional port, then the rest (path and query), never a fragment. */
const LOOPBACK_IP_URI = /^http:\/\/(127\.0\.0\.1|\[::1\])(?::([1-9]\d{0,4}))?([/?][^#]*)?$/;
const HIGHEST_PORT = 65_535;

/** The URI without its port when it is a loopback IP redirect URI with a valid port (or none); otherwise null. */
function loopbackWithoutPort(uri: string): string | null {
  const match = LOOPBACK_IP_URI.exec(uri);
  if (!match) return null;
  const [, host, port, rest] = match;
  if (port !== undefined && Number(port) > HIGHEST_PORT) return null;
  return `http://${host}${rest ?? ""}`;
}

export type RedirectUriMatch =
  /** The request's redirect URI, or the one registered when it gave none (`given` false). */
  { ok: true; uri: string; given: boolean } | { ok: false; reason: "unregistered" | "ambiguous" };

export function matchRedirectUri(registered: readonly string[], requested: string | undefined): RedirectUriMatch {
  if (requested === undefined) {
    const [only] = registered;
    return registered.length === 1 && only !== undefined ? { ok: true, uri: only, given: false } : { ok: false, reason: "ambiguous" };
  }
  if (registered.includes(requested)) return { ok: true, uri: requested, given: true };
  const portless = loopbackWithoutPort(requested);
  if (portless !== null && registered.some((uri) => loopbackWithoutPort(uri) === portless))
    return { ok: true, uri: requested, given: true };
  return { ok: false, reason: "unregistered" };
}
