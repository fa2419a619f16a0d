import { MAX_IMPORT_BYTES } from "./contract";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../../shared/errors";
import type { DateEvidence } from "./file-values";
import type { Layout } from "./layouts";
import { FileSurvey, type FileHeader } from "./survey";

/** A file received whole and kept on disk, with what its first reading found. */
export interface ReceivedFile {
  path: string;
  header: FileHeader;
  evidence: DateEvidence;
}

const badFile = (message: string) => ApiError.validation([{ field: "file", reason: "invalid", message }]);
const SAVE_AS_UTF8 = 'Save it as UTF-8 ("CSV UTF-8" in Excel, "Unicode (UTF-8)" in LibreOffice)';

/** Where, if anywhere, bytes stop being UTF-8: the first that can neither begin nor go on with a character. */
function firstNonUtf8(bytes: Uint8Array): number {
  for (let at = 0; at < bytes.length;) {
    const byte = bytes[at] as number;
    const more =
      byte < 0x80 ? 0 : byte >= 0xc2 && byte <= 0xdf ? 1 : byte >= 0xe0 && byte <= 0xef ? 2 : byte >= 0xf0 && byte <= 0xf4 ? 3 : -1;
    if (more < 0) return at;
    for (let next = 1; next <= more; next++) {
      if (at + next >= bytes.length) return -1;
      if (((bytes[at + next] as number) & 0xc0) !== 0x80) return at;
    }
    at += more + 1;
  }
  return -1;
}

/** UTF-16 text without a byte-order mark: a zero byte beside nearly every character of its ASCII text, on one side. */
function looksLikeUtf16(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 256);
  const pairs = Math.floor(sample.length / 2);
  if (pairs < 4) return false;
  let evenZeros = 0;
  let oddZeros = 0;
  sample.forEach((byte, at) => {
    if (byte === 0) {
      if (at % 2 === 0) evenZeros += 1;
      else oddZeros += 1;
    }
  });
  const mostly = pairs * 0.7;
  const few = pairs * 0.1;
  return (oddZeros >= mostly && evenZeros <= few) || (evenZeros >= mostly && oddZeros <= few);
}

function countLines(bytes: Uint8Array, end: number): number {
  let lines = 0;
  for (let at = 0; at < end; at++) if (bytes[at] === 0x0a) lines += 1;
  return lines;
}

/**
 * The file's bytes, checked as they pass: at most `MAX_IMPORT_BYTES`, no UTF-16 or UTF-32,
 * no binary data, nothing UTF-8 does not allow. Each problem is a 400 that says what to do.
 */
class TextCheck {
  private bytes = 0;
  private lines = 1;
  private readonly start: number[] = [];
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });

  /** The chunk's text; a UTF-8 byte-order mark at the start is dropped. */
  decode(chunk: Buffer): string {
    this.bytes += chunk.length;
    if (this.bytes > MAX_IMPORT_BYTES)
      throw new ApiError("payload_too_large", `The file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MiB`);
    this.lookAtStart(chunk);
    const nul = chunk.indexOf(0);
    if (nul >= 0) {
      throw badFile(
        looksLikeUtf16(chunk)
          ? `is UTF-16 text, not UTF-8. ${SAVE_AS_UTF8}`
          : `is not a CSV file: line ${this.lines + countLines(chunk, nul)} holds binary data`,
      );
    }
    try {
      const text = this.decoder.decode(chunk, { stream: true });
      this.lines += countLines(chunk, chunk.length);
      return text;
    } catch {
      const at = Math.max(0, firstNonUtf8(chunk));
      const hex = (chunk[at] ?? 0).toString(16).toUpperCase().padStart(2, "0");
      throw badFile(
        `is not UTF-8 text: line ${this.lines + countLines(chunk, at)} has the byte 0x${hex}, which UTF-8 does not allow (is it Latin-1 or Windows-1252?). ${SAVE_AS_UTF8}`,
      );
    }
  }

  /** What is left at the end: the file may not stop inside a character, nor be empty. */
  finish(): string {
    if (this.bytes === 0) throw badFile("is empty");
    try {
      return this.decoder.decode();
    } catch {
      throw badFile(`is not UTF-8 text: it ends inside a character. ${SAVE_AS_UTF8}`);
    }
  }

  private lookAtStart(chunk: Buffer): void {
    if (this.start.length >= 2) return;
    for (const byte of chunk.subarray(0, 2 - this.start.length)) this.start.push(byte);
    const [first, second] = this.start;
    if ((first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff)) {
      throw badFile(`is UTF-16 text (it begins with a UTF-16 byte-order mark), not UTF-8. ${SAVE_AS_UTF8}`);
    }
  }
}

/**
 * Writes the uploaded file to `path` while it arrives, checking its bytes and reading its
 * header and dates on the way, so that a bad file is a 400 and a large one a 413 before any
 * job exists. The import then reads it back from disk, in its own time.
 */
export async function receiveFile(file: Readable, path: string, layout: Layout): Promise<ReceivedFile> {
  const check = new TextCheck();
  const survey = new FileSurvey(layout);
  async function* checked(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      survey.write(check.decode(chunk));
      yield chunk;
    }
    survey.write(check.finish());
  }
  try {
    await pipeline(file, checked, createWriteStream(path));
    return { path, header: survey.end(), evidence: survey.evidence };
  } catch (error) {
    file.resume();
    await rm(path, { force: true });
    if (error instanceof ApiError) throw error;
    // The stream broke off: the form ended early, or the gateway refused the rest.
    const sent = error as { code?: unknown; type?: unknown };
    if (sent.code === 413 || sent.type === "payload_too_large")
      throw new ApiError("payload_too_large", `The file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MiB`);
    throw badFile("did not arrive whole: the upload ended early");
  }
}

export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
