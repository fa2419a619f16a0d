/**
 * What kind of image a file is, read from its own first bytes (never from its name or
 * declared type), and the same image without its metadata: EXIF (with its GPS position
 * and camera serial numbers), XMP, text comments and timestamps are removed chunk by
 * chunk, and the picture's own bytes are kept exactly, so nothing is re-encoded or lost.
 * What decides how the picture looks stays: palette, transparency, gamma, colour profile.
 */
import type { ImageType } from "./contract";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the bytes say, or `null` for anything but PNG, JPEG and WebP. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return null;
}

/** The structure of the file is broken: it ends early or a length points past its end. */
export class MalformedImageError extends Error {
  constructor(what: string) {
    super(`malformed image: ${what}`);
    this.name = "MalformedImageError";
  }
}

export function stripMetadata(bytes: Buffer, type: ImageType): Buffer {
  switch (type) {
    case "image/png":
      return stripPng(bytes);
    case "image/jpeg":
      return stripJpeg(bytes);
    case "image/webp":
      return stripWebp(bytes);
  }
}

/** Chunks that decide what the picture looks like; every other one (text, EXIF, time, private chunks) goes. */
const PNG_KEPT = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT"]);

function stripPng(bytes: Buffer): Buffer {
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = PNG_SIGNATURE.length;
  let ended = false;
  while (!ended) {
    if (at + 12 > bytes.length) throw new MalformedImageError("a PNG chunk is cut off");
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) throw new MalformedImageError(`the PNG chunk ${type} is cut off`);
    if (PNG_KEPT.has(type)) kept.push(bytes.subarray(at, end));
    ended = type === "IEND";
    at = end;
  }
  return Buffer.concat(kept);
}

/** APPn segments that matter to the picture: JFIF (APP0), the ICC profile (APP2) and Adobe's colour transform (APP14). */
function jpegSegmentKept(marker: number, body: Buffer): boolean {
  if (marker === 0xfe) return false; // COM: a text comment
  if (marker < 0xe0 || marker > 0xef) return true; // not APPn: tables, frame headers
  const name = body.toString("latin1", 0, 12);
  if (marker === 0xe0) return name.startsWith("JFIF\0");
  if (marker === 0xe2) return name === "ICC_PROFILE\0";
  if (marker === 0xee) return name.startsWith("Adobe");
  return false; // APP1 (EXIF, XMP) and the rest
}

function stripJpeg(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  for (;;) {
    // Markers may be preceded by any number of 0xFF fill bytes.
    while (at < bytes.length && bytes[at] === 0xff && bytes[at + 1] === 0xff) at++;
    if (at + 4 > bytes.length || bytes[at] !== 0xff) throw new MalformedImageError("a JPEG segment is cut off or misplaced");
    const marker = bytes[at + 1] as number;
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new MalformedImageError("a JPEG segment is cut off");
    if (marker === 0xda) {
      // Start of scan: the picture's data and everything after it are kept as they are.
      kept.push(bytes.subarray(at));
      return Buffer.concat(kept);
    }
    if (jpegSegmentKept(marker, bytes.subarray(at + 4, end))) kept.push(bytes.subarray(at, end));
    at = end;
  }
}

const WEBP_DROPPED = new Set(["EXIF", "XMP "]);
/** VP8X flags that announce EXIF (bit 3) and XMP (bit 2) chunks. */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

function stripWebp(bytes: Buffer): Buffer {
  const declared = bytes.readUInt32LE(4) + 8;
  if (declared > bytes.length) throw new MalformedImageError("the WebP file is cut off");
  const kept: Buffer[] = [];
  let at = 12;
  while (at < declared) {
    if (at + 8 > declared) throw new MalformedImageError("a WebP chunk is cut off");
    const type = bytes.toString("latin1", at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > declared) throw new MalformedImageError(`the WebP chunk ${type.trim()} is cut off`);
    if (!WEBP_DROPPED.has(type)) {
      const chunk = Buffer.from(bytes.subarray(at, Math.min(end, declared)));
      if (type === "VP8X" && size >= 1) chunk[8] = (chunk[8] as number) & ~VP8X_METADATA_FLAGS;
      kept.push(chunk);
    }
    at = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(body.length + 4, 4);
  header.write("WEBP", 8, "latin1");
  return Buffer.concat([header, body]);
}
