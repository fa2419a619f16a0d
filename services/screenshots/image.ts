import { createHash } from "node:crypto";
import type sharp from "sharp";
import { ApiError } from "../../shared/errors";
import { MAX_PIXELS, THUMBNAIL_WIDTH, type ImageType } from "./contract";
import { MalformedImageError, sniffImageType, stripMetadata } from "./image-format";

export interface PreparedImage {
  type: ImageType;
  width: number;
  height: number;
  /** The picture as it is stored and served: the upload without its metadata. */
  bytes: Buffer;
  sha256: string;
  thumbnail: Buffer;
  thumbnailSha256: string;
}

const badFile = (message: string) => ApiError.validation([{ field: "file", reason: "invalid", message }]);

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

let loadingSharp: Promise<typeof sharp> | undefined;

/**
 * The image library, loaded with the first upload rather than at start: a process that is
 * sent no picture never holds it (docs/design.md, "Memory at rest").
 */
function loadSharp(): Promise<typeof sharp> {
  return (loadingSharp ??= import("sharp").then(({ default: library }) => {
    // One thread per picture (uploads take turns, one per core), and no cache of decoded
    // pictures: each is read once, and a cache would only hold memory.
    library.concurrency(1);
    library.cache(false);
    return library;
  }));
}

/**
 * Checks an uploaded picture and makes what is stored of it. In this order, so that a
 * hostile file costs as little as possible: its type from its first bytes; its size from
 * its header alone (no pixel decoded), refused above 50 megapixels; its metadata stripped;
 * then one full decode, which makes the thumbnail and finds a truncated or corrupt file.
 */
export async function prepareImage(upload: Buffer): Promise<PreparedImage> {
  const type = sniffImageType(upload);
  if (!type) throw badFile("is not a PNG, JPEG or WebP image (judged by its content, not its name)");
  const sharp = await loadSharp();
  let header: sharp.Metadata;
  try {
    header = await sharp(upload).metadata();
  } catch {
    throw badFile("is not a readable image: its header is damaged");
  }
  const { width, height } = header;
  if (!width || !height) throw badFile("is not a readable image: it names no size");
  if (width * height > MAX_PIXELS) throw badFile(`is ${width}×${height} pixels: more than ${MAX_PIXELS / 1_000_000} megapixels`);
  let bytes: Buffer;
  try {
    bytes = stripMetadata(upload, type);
  } catch (error) {
    if (error instanceof MalformedImageError) throw badFile("is not a whole image: it is cut off or damaged");
    throw error;
  }
  let thumbnail: Buffer;
  try {
    // `failOn: "warning"` (the strictest) refuses a picture whose data ends early.
    thumbnail = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "warning" })
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw badFile("is not a whole image: it is cut off or damaged");
  }
  return { type, width, height, bytes, sha256: sha256(bytes), thumbnail, thumbnailSha256: sha256(thumbnail) };
}
