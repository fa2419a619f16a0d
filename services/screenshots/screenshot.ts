import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { ImageType, Screenshot } from "./contract";

/**
 * A screenshot as stored. Its picture and thumbnail are blobs whose keys are kept here
 * and never shown: clients reach the bytes only through `image_url` and `thumbnail_url`.
 */
export interface ScreenshotDocument extends StoredDocument, Omit<Screenshot, "id" | "image_url" | "thumbnail_url"> {
  organization_id: string;
  image_key: string;
  thumbnail_key: string;
  thumbnail_sha256: string;
}

/** Every list filter has an index with the sort (`taken_at` descending, ties by id). */
export const SCREENSHOTS_COLLECTION: CollectionSpec = {
  name: "screenshots",
  indexes: [
    { fields: { organization_id: 1, taken_at: -1, _id: -1 } },
    { fields: { organization_id: 1, user_id: 1, taken_at: -1, _id: -1 } },
    { fields: { organization_id: 1, project_id: 1, taken_at: -1, _id: -1 } },
    { fields: { organization_id: 1, time_entry_id: 1, taken_at: -1, _id: -1 } },
  ],
};

/** Where blobs of screenshots live: `screenshots/<organization>/<screenshot>/...`. */
export const BLOB_PREFIX = "screenshots/";

export function blobKeysOf(organizationId: string, id: string, type: ImageType): { image: string; thumbnail: string } {
  const folder = `${BLOB_PREFIX}${organizationId}/${id}`;
  return { image: `${folder}/image.${type.slice("image/".length)}`, thumbnail: `${folder}/thumbnail.webp` };
}

/** Style A's mount: links in answers of either style lead to the same bytes. */
export type Mount = "/api/v1" | "/api";

export function presentScreenshot(doc: ScreenshotDocument, mount: Mount = "/api/v1"): Screenshot {
  const base = `${mount}/screenshots/${doc._id}`;
  return {
    id: doc._id,
    user_id: doc.user_id,
    time_entry_id: doc.time_entry_id,
    project_id: doc.project_id,
    taken_at: doc.taken_at,
    width: doc.width,
    height: doc.height,
    size_bytes: doc.size_bytes,
    mime_type: doc.mime_type,
    sha256: doc.sha256,
    image_url: `${base}/image`,
    thumbnail_url: `${base}/thumbnail`,
    created_at: doc.created_at,
  };
}
