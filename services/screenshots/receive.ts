import type { Readable } from "node:stream";
import { ApiError } from "../../shared/errors";

/** The largest file taken (decisions §8a). */
export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;

/** An upload whose turn has come gets this long to send its file: a sender trickling bytes cannot hold a turn for ever. */
const RECEIVE_TIMEOUT_MS = 2 * 60 * 1000;

const tooSlow = (timeoutMs: number) => ApiError.validation([{ field: "file", reason: "invalid", message: `did not arrive within ${timeoutMs / 1000} seconds` }]);
const tooLarge = () => new ApiError("payload_too_large", `The file is larger than ${MAX_SCREENSHOT_BYTES / (1024 * 1024)} MiB`);

/**
 * Reads the uploaded file into memory as it arrives, counting: past 10 MiB it stops at
 * once with a 413, so no more than the limit is ever held. (The gateway stops reading the
 * request at the same point and closes the connection after the answer.) The picture is
 * needed whole anyway: its type, header and checksum are read from it before it is stored.
 */
export async function receiveImage(file: Readable, timeoutMs = RECEIVE_TIMEOUT_MS): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    file.destroy();
  }, timeoutMs).unref();
  try {
    for await (const chunk of file) {
      size += (chunk as Buffer).length;
      if (size > MAX_SCREENSHOT_BYTES) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    file.destroy();
    if (error instanceof ApiError) throw error;
    const sent = error as { code?: unknown; type?: unknown };
    if (sent.code === 413 || sent.type === "payload_too_large") throw tooLarge();
    if (timedOut) throw tooSlow(timeoutMs);
    throw ApiError.validation([{ field: "file", reason: "invalid", message: "did not arrive whole: the upload ended early" }]);
  } finally {
    clearTimeout(timer);
  }
  if (timedOut) throw tooSlow(timeoutMs);
  if (size === 0) throw ApiError.validation([{ field: "file", reason: "invalid", message: "is empty" }]);
  return Buffer.concat(chunks, size);
}
