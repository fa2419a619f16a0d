import type { Readable } from "node:stream";
import { ApiError } from "../../shared/errors";
import { MAX_SCREENSHOT_BYTES } from "./contract";

/** An upload whose turn has come gets this long to send its file: a sender trickling bytes cannot hold a turn for ever. */
const RECEIVE_TIMEOUT_MS = 2 * 60 * 1000;

const tooSlow = (timeoutMs: number) =>
  ApiError.validation([{ field: "file", reason: "invalid", message: `did not arrive within ${timeoutMs / 1000} seconds` }]);
const tooLarge = () => new ApiError("payload_too_large", `The file is larger than ${MAX_SCREENSHOT_BYTES / (1024 * 1024)} MiB`);

/**
 * Reads the uploaded file into memory as it arrives (into `into` when given), counting: past 10 MiB it stops at
 * once with a 413, so no more than the limit is ever held. (The gateway stops reading the
 * request at the same point and closes the connection after the answer.) The picture is
 * needed whole anyway: its type, header and checksum are read from it before it is stored.
 */
export async function receiveImage(file: Readable, into?: Buffer, timeoutMs = RECEIVE_TIMEOUT_MS): Promise<Buffer> {
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
      if (into) (chunk as Buffer).copy(into, size - (chunk as Buffer).length);
      else chunks.push(chunk as Buffer);
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
  return into ? into.subarray(0, size) : Buffer.concat(chunks, size);
}

const spareBuffers: Buffer[] = [];

/**
 * Lends `work` a buffer the size of the largest file, kept for the next upload afterwards:
 * uploads take turns, so there are never more of these than turns, and a file is copied
 * into one as it arrives instead of being joined from its chunks into a new buffer each
 * time. Only the part an upload wrote is ever read, so what an earlier one left is not seen.
 */
export async function withUploadBuffer<R>(work: (buffer: Buffer) => Promise<R>): Promise<R> {
  const buffer = spareBuffers.pop() ?? Buffer.allocUnsafeSlow(MAX_SCREENSHOT_BYTES);
  try {
    return await work(buffer);
  } finally {
    spareBuffers.push(buffer);
  }
}
