import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse/sync";
import { ApiError } from "../../shared/errors";
import { MAX_IMPORT_BYTES } from "./contract";
import type { Layout } from "./layouts";

/** The start of the file kept in memory to read its header. */
const HEAD_BYTES = 64 * 1024;

export interface ReceivedFile {
  path: string;
  /** The header's columns, lower-cased and trimmed, in the file's order. */
  columns: string[];
}

const badFile = (message: string) => ApiError.validation([{ field: "file", reason: "invalid", message }]);

/**
 * Writes the uploaded file to a temporary file while it arrives, counting its bytes and
 * checking that it is UTF-8 text, so that a bad file is a 400 and a large one a 413 before
 * any job exists. The import then reads it back from disk, in its own time.
 */
export async function receiveFile(file: Readable, jobId: string): Promise<ReceivedFile> {
  const path = join(tmpdir(), `stint-import-${jobId}.csv`);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let bytes = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  async function* checked(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      bytes += chunk.length;
      if (bytes > MAX_IMPORT_BYTES)
        throw new ApiError("payload_too_large", `The file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MiB`);
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        throw badFile("is not UTF-8 text: save the CSV as UTF-8");
      }
      if (chunk.includes(0)) throw badFile("is not a CSV file: it holds binary data");
      if (headBytes < HEAD_BYTES) {
        head.push(chunk);
        headBytes += chunk.length;
      }
      yield chunk;
    }
  }
  try {
    await pipeline(file, checked, createWriteStream(path));
    try {
      decoder.decode();
    } catch {
      throw badFile("is not UTF-8 text: it ends inside a character");
    }
    if (bytes === 0) throw badFile("is empty");
    return { path, columns: headerOf(Buffer.concat(head).toString("utf8")) };
  } catch (error) {
    file.resume();
    await rm(path, { force: true });
    if (error instanceof ApiError) throw error;
    // The stream broke off: the form ended early, or the gateway refused the rest.
    const sent = error as { code?: unknown; type?: unknown; message?: unknown };
    if (sent.code === 413 || sent.type === "payload_too_large")
      throw new ApiError("payload_too_large", `The file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MiB`);
    throw badFile("did not arrive whole: the upload ended early");
  }
}

function headerOf(text: string): string[] {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  try {
    const [columns] = parse(firstLine, { relax_quotes: true }) as string[][];
    return (columns ?? []).map((column) => column.trim().toLowerCase());
  } catch {
    throw badFile("has no readable CSV header row");
  }
}

/** The header must name every column the source's layout reads. */
export function checkColumns(received: ReceivedFile, layout: Layout, source: string): void {
  const missing = layout.required.filter((column) => !received.columns.includes(column));
  if (missing.length > 0) {
    throw badFile(`is not a ${source} detailed export: its header lacks ${missing.map((column) => `"${column}"`).join(", ")}`);
  }
}

export async function removeFile(received: ReceivedFile): Promise<void> {
  await rm(received.path, { force: true });
}
