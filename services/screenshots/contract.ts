/**
 * What the screenshots service shows the world: a screenshot as its answers show it, the
 * image types it takes and the limits of an upload. Imports only `shared/` and packages
 * (never the image library), so the gateway can load it.
 */
import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The largest file taken (docs/api.md#uploading). */
export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;

/** The largest picture taken, in pixels (docs/api.md#uploading): decompression bombs stop here. */
export const MAX_PIXELS = 50_000_000;
/** Thumbnails are this wide (narrower pictures keep their width), in WebP. */
export const THUMBNAIL_WIDTH = 400;

/** A screenshot as every answer shows it. */
export interface Screenshot {
  id: string;
  user_id: string;
  time_entry_id: string;
  project_id: string;
  taken_at: string;
  width: number;
  height: number;
  size_bytes: number;
  mime_type: ImageType;
  sha256: string;
  image_url: string;
  thumbnail_url: string;
  created_at: string;
}

const pixels = (description: string) => z.int().min(1).max(MAX_PIXELS).describe(description);

export const screenshotSchema = z
  .object({
    id: idSchema("screenshot"),
    user_id: idSchema("user").describe("Who uploaded it; the entry is theirs"),
    time_entry_id: idSchema("timeEntry"),
    project_id: idSchema("project").describe("The entry's project when the screenshot was uploaded"),
    taken_at: timestamp.describe("When it was taken: inside the entry"),
    width: pixels("Width in pixels"),
    height: pixels("Height in pixels"),
    size_bytes: z.int().min(1).max(MAX_SCREENSHOT_BYTES).describe("Size of the stored image (metadata removed)"),
    mime_type: z.enum(IMAGE_TYPES).describe("The image's type, read from its bytes"),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe("SHA-256 of the stored image, lower-case hex"),
    image_url: z.string().describe("Path of the image under this API (send the same credential)"),
    thumbnail_url: z.string().describe("Path of the 400 px wide WebP thumbnail under this API"),
    created_at: timestamp,
  })
  .meta({ id: "Screenshot" });
assertSameShape<SameShape<z.output<typeof screenshotSchema>, Screenshot>>();
