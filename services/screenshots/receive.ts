import type { Readable } from "node:stream";
import { ApiError } from "../../shared/errors";

/** The largest file taken (decisions §8a). */
export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;

const tooLarge = () => new ApiError("payload_too_large", `The file is larger than ${MAX_SCREENSHOT_BYTES / (1024 * 1024)} MiB`);

/**
 * Reads the uploaded file into memory as it arrives, counting: past 10 MiB it stops at
 * once with a 413, so no more than the limit is ever held. (The gateway stops reading the
 * request at the same point and closes the connection after the answer.) The picture is
 * needed whole anyway: its type, header and checksum are read from it before it is stored.
 */
export async function receiveImage(file: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
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
    throw ApiError.validation([{ field: "file", reason: "invalid", message: "did not arrive whole: the upload ended early" }]);
  }
  if (size === 0) throw ApiError.validation([{ field: "file", reason: "invalid", message: "is empty" }]);
  return Buffer.concat(chunks, size);
}
