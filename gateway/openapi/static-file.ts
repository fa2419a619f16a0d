import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";

/** A response body prepared once: its bytes, compressed bytes and validator. */
export interface StaticFile {
  body: Buffer;
  gzipped: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** Extra headers, such as a page's Content-Security-Policy. */
  headers?: Record<string, string>;
}

export function staticFile(body: Buffer | string, contentType: string, cacheControl: string, headers?: Record<string, string>): StaticFile {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
  return { body: bytes, gzipped: gzipSync(bytes), contentType, etag, cacheControl, headers };
}

/** Whether `If-None-Match` names this version (or `*`); weak validators compare equal too. */
function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

/** Whether `Accept-Encoding` takes gzip: listed (or `*`) without `q=0`. */
function acceptsGzip(req: IncomingMessage): boolean {
  return (req.headers["accept-encoding"] ?? "").split(",").some((entry) => {
    const [coding = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    return (coding === "gzip" || coding === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Sends a prepared file: 304 when the caller has it, gzip when the caller takes it. A `Vary` set before (CORS's) or among `extraHeaders` is kept, with `Accept-Encoding` added. */
export function sendStaticFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: StaticFile,
  extraHeaders: Record<string, string> = {},
): void {
  const headers: Record<string, string> = {
    ...extraHeaders,
    ...file.headers,
    ETag: file.etag,
    "Cache-Control": file.cacheControl,
    Vary: [res.getHeader("Vary"), extraHeaders.Vary, "Accept-Encoding"].filter((value) => value !== undefined).join(", "),
    "X-Content-Type-Options": "nosniff",
  };
  if (notModified(req, file.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const gzip = acceptsGzip(req);
  const body = gzip ? file.gzipped : file.body;
  res.writeHead(200, {
    ...headers,
    "Content-Type": file.contentType,
    "Content-Length": String(body.length),
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  });
  res.end(body);
}
