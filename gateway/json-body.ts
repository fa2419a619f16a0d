import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "../shared/errors";

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const mediaType = header.split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/** Request bodies are JSON: any other media type is a 415 (decisions §6). */
export function requireJsonBody(req: IncomingMessage, _res: ServerResponse, next: (err?: unknown) => void): void {
  if (hasBody(req) && !isJsonContentType(req.headers["content-type"])) {
    next(new ApiError("unsupported_media_type", "Request bodies must be JSON, sent as Content-Type: application/json"));
    return;
  }
  next();
}
