import { EVERY_ROLE, type CredentialAccess } from "../../shared/access";
import { defineOperations } from "../../shared/operations";
import { list, single } from "../../shared/schemas";
import { listScreenshotsInput, screenshotByIdInput, uploadScreenshotInput } from "./inputs";
import { IMAGE_TYPES, MAX_PIXELS, THUMBNAIL_WIDTH, MAX_SCREENSHOT_BYTES, screenshotSchema } from "./contract";

/** Members upload, see and delete their own screenshots; admins and the owner all of the organization's (docs/api.md#screenshots). */
const READ: CredentialAccess = { permission: "screenshots:read", roles: EVERY_ROLE };
const WRITE: CredentialAccess = { permission: "screenshots:write", roles: EVERY_ROLE };

const TAG = "Screenshots";
const RESOURCE = "Screenshot";
const SEEN_BY = "Members see only their own screenshots; admins and the owner every screenshot of the organization.";
const ID = { id: "The screenshot's id (`scr_...`)" };

export const screenshotOperations = defineOperations("screenshots", {
  upload: {
    method: "POST",
    path: "/screenshots",
    summary: "Upload a screenshot",
    description: [
      `A form (\`multipart/form-data\`) with \`time_entry_id\`, optionally \`taken_at\`, and then \`file\`: a PNG, JPEG or WebP image of at most ${MAX_SCREENSHOT_BYTES / (1024 * 1024)} MiB. Fields after the file are not read.`,
      "The entry must be the caller's own, and `taken_at` (default: now) must fall inside it; for a running entry, after its start. These are checked before the file is read.",
      `The image's type is read from its bytes, never from its name or declared type. A file that is not a PNG, JPEG or WebP image, one that is cut off or damaged, or one of more than ${MAX_PIXELS / 1_000_000} megapixels (read from its header, before any pixel is decoded) is a 400; a larger file a 413, answered as soon as the limit is passed, with the connection closed.`,
      `EXIF, XMP, comments and other metadata are removed from what is stored and served; the picture itself is kept byte for byte. \`sha256\` is the stored image's. A WebP thumbnail ${THUMBNAIL_WIDTH} px wide (narrower images keep their width) is made at once. Announces \`screenshot.captured\`.`,
    ].join("\n\n"),
    tag: TAG,
    resource: RESOURCE,
    input: uploadScreenshotInput,
    access: WRITE,
    upload: { field: "file", mediaType: IMAGE_TYPES.join(", "), maxBytes: MAX_SCREENSHOT_BYTES },
    success: { status: 201, description: "The screenshot", body: single(screenshotSchema), location: "/screenshots/{data.id}" },
    errors: [413],
  },
  list: {
    method: "GET",
    path: "/screenshots",
    summary: "List screenshots",
    description: `Newest \`taken_at\` first (ties by id). Filters: \`user_id\`, \`project_id\`, \`time_entry_id\`, and \`start_date\`/\`end_date\` (inclusive UTC days of \`taken_at\`). ${SEEN_BY} A member filtering by another user is a 403.`,
    tag: TAG,
    resource: RESOURCE,
    input: listScreenshotsInput,
    access: READ,
    success: { status: 200, description: "A page of screenshots", body: list(screenshotSchema) },
  },
  get: {
    method: "GET",
    path: "/screenshots/:id",
    summary: "Read a screenshot",
    description: SEEN_BY,
    tag: TAG,
    resource: RESOURCE,
    input: screenshotByIdInput,
    access: READ,
    success: { status: 200, description: "The screenshot", body: single(screenshotSchema) },
    parameters: ID,
  },
  image: {
    method: "GET",
    path: "/screenshots/:id/image",
    summary: "Download a screenshot's image",
    description: `The stored image (metadata removed), with its type, an \`ETag\` (its SHA-256) and \`Cache-Control: private\`; send \`If-None-Match\` with the \`ETag\` for a 304. ${SEEN_BY}`,
    tag: TAG,
    resource: RESOURCE,
    input: screenshotByIdInput,
    access: READ,
    success: { status: 200, description: "The image's bytes", image: IMAGE_TYPES },
    parameters: ID,
  },
  thumbnail: {
    method: "GET",
    path: "/screenshots/:id/thumbnail",
    summary: "Download a screenshot's thumbnail",
    description: `A WebP image ${THUMBNAIL_WIDTH} px wide, with an \`ETag\` and \`Cache-Control: private\`; send \`If-None-Match\` for a 304. ${SEEN_BY}`,
    tag: TAG,
    resource: RESOURCE,
    input: screenshotByIdInput,
    access: READ,
    success: { status: 200, description: "The thumbnail's bytes", image: ["image/webp"] },
    parameters: ID,
  },
  remove: {
    method: "DELETE",
    path: "/screenshots/:id",
    summary: "Delete a screenshot",
    description: `Deletes the screenshot with its image and thumbnail, and announces \`screenshot.deleted\`. Members delete only their own; admins and the owner any of the organization's.`,
    tag: TAG,
    resource: RESOURCE,
    input: screenshotByIdInput,
    access: WRITE,
    success: { status: 204, description: "Deleted" },
    parameters: ID,
  },
});
