import type { Readable } from "node:stream";
import type { ApiContext } from "./context";
import type { FileMediaType } from "./operations";

/**
 * Answers a routed action with a file: moleculer-web streams it with its type and as an
 * attachment named `fileName` (ASCII letters, digits, `.`, `-` and `_` only, so the header
 * needs no quoting rules).
 */
export function answerWithFile(ctx: ApiContext<unknown>, file: { stream: Readable; mediaType: FileMediaType; fileName: string }): Readable {
  if (!/^[A-Za-z0-9._-]+$/.test(file.fileName)) throw new Error(`unsafe file name ${JSON.stringify(file.fileName)}`);
  ctx.meta.$responseType = file.mediaType === "text/csv" ? "text/csv; charset=utf-8" : file.mediaType;
  ctx.meta.$responseHeaders = { ...ctx.meta.$responseHeaders, "Content-Disposition": `attachment; filename="${file.fileName}"` };
  return file.stream;
}
