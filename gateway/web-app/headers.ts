/**
 * What every HTML page of the web application is sent with. The application loads
 * scripts, styles, fonts and data from this host alone, runs no inline script or style,
 * and may not be framed; forms post back here only.
 */
export const WEB_APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const HTML_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Content-Security-Policy": WEB_APP_CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "DENY",
});
