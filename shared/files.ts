import type { Readable } from "node:stream";
import type { ApiContext } from "./context";
import type { FileMediaType } from "./operations";
import { offerStream, type PulledStream } from "./pulled-stream";

/**
 * Answers a routed action of `service` with a file, as an attachment named `fileName` (ASCII
 * letters, digits, `.`, `-` and `_` only, so the header needs no quoting rules). The file is
 * shelved and the gateway pulls it a piece at a time as the client takes it
 * (`shared/pulled-stream.ts`), so a file of any size holds a piece of memory in each process.
 */
export function answerWithFile(
  ctx: ApiContext<unknown>,
  service: string,
  file: { stream: Readable; mediaType: FileMediaType; fileName: string },
): PulledStream {
  if (!/^[A-Za-z0-9._-]+$/.test(file.fileName)) throw new Error(`unsafe file name ${JSON.stringify(file.fileName)}`);
  ctx.meta.$responseType = file.mediaType === "text/csv" ? "text/csv; charset=utf-8" : file.mediaType;
  ctx.meta.$responseHeaders = { ...ctx.meta.$responseHeaders, "Content-Disposition": `attachment; filename="${file.fileName}"` };
  return offerStream(ctx, service, file.stream, file.mediaType === "text/csv" ? "utf8" : "base64");
}

/** Whether an `If-None-Match` header names `etag` (or is `*`); weak tags compare by their value. */
export function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || strip(tag) === etag);
}

/**
 * Answers a routed action with an image shown inline: its type, an `ETag`, and
 * `Cache-Control: private` (it is the caller's, so no shared cache may keep it). When the
 * caller's `If-None-Match` names the same `ETag` the answer is a 304 and `open` is never
 * called, so nothing is read from storage.
 */
export async function answerWithImage(
  ctx: ApiContext<unknown>,
  image: { etag: string; mediaType: string; open(): Promise<Readable> },
): Promise<Readable | null> {
  const etag = `"${image.etag}"`;
  ctx.meta.$responseHeaders = {
    ...ctx.meta.$responseHeaders,
    ETag: etag,
    "Cache-Control": "private, max-age=0, must-revalidate",
    "X-Content-Type-Options": "nosniff",
  };
  if (matchesETag(ctx.meta.ifNoneMatch, etag)) {
    ctx.meta.$statusCode = 304;
    return null;
  }
  ctx.meta.$responseType = image.mediaType;
  return image.open();
}
