import type { APIPromise } from "../api-promise.js";
import type { RequestOptions } from "../core.js";
import type { PagePromise } from "../pagination.js";
import { path, Resource } from "../resource.js";
import type { QueryOf, Screenshot } from "../types.js";

export type ScreenshotListParams = QueryOf<"screenshots.list">;

export interface ScreenshotUploadParams {
  /** The image: a `Blob` (or `File`) or its bytes. Stint reads its type from the bytes (PNG, JPEG or WebP, at most 10 MiB). */
  file: Blob | Uint8Array | ArrayBuffer;
  /** The file's name, when `file` is not a `File` (default `screenshot`). */
  filename?: string;
  /** The caller's own time entry the screenshot was taken during. */
  timeEntryId: string;
  /** When it was taken (ISO 8601; default: now), inside the entry. */
  takenAt?: string;
}

export interface ImageRequestOptions extends RequestOptions {
  /** The `etag` of a copy already held: if it is still current, the answer is `notModified` and carries no bytes. */
  ifNoneMatch?: string;
}

/** A screenshot's image or thumbnail, or word that the copy whose `ETag` was sent is still current. */
export type ScreenshotImage =
  | {
      notModified: false;
      data: Uint8Array;
      /** `image/png`, `image/jpeg` or `image/webp`. */
      contentType: string | undefined;
      /** Send it back as `ifNoneMatch` to fetch the bytes only when they have changed. */
      etag: string | undefined;
    }
  | { notModified: true; data: null; contentType: undefined; etag: string | undefined };

/**
 * Screenshots taken during time entries. Members upload, see and delete their own; admins
 * and the owner see and delete every one of the organization's.
 */
export class Screenshots extends Resource {
  /** Uploads an image (`multipart/form-data`) for one of the caller's entries; a file that is not an image is a `BadRequestError`. */
  upload(params: ScreenshotUploadParams, options?: RequestOptions): APIPromise<Screenshot> {
    // The declared type is only a label: Stint decides the type from the bytes.
    const file = {
      field: "file",
      content: params.file,
      mediaType: "application/octet-stream",
      filename: params.filename,
      defaultName: "screenshot",
    };
    return this.uploadFile("/screenshots", { time_entry_id: params.timeEntryId, taken_at: params.takenAt }, file, options);
  }

  /** Newest first; filter by user, project, entry, and whole UTC days of `takenAt`. */
  list(params?: ScreenshotListParams, options?: RequestOptions): PagePromise<Screenshot> {
    return this.page<Screenshot>("/screenshots", params, options);
  }

  /** One screenshot's metadata (its size, type, hash and the entry it belongs to). */
  get(id: string, options?: RequestOptions): APIPromise<Screenshot> {
    return this.call("GET", path("screenshots", id), {}, options);
  }

  /** The stored image (its metadata removed), as bytes. */
  image(id: string, options?: ImageRequestOptions): APIPromise<ScreenshotImage> {
    return this.bytesOf(path("screenshots", id, "image"), options);
  }

  /** A WebP thumbnail, 400 px wide. */
  thumbnail(id: string, options?: ImageRequestOptions): APIPromise<ScreenshotImage> {
    return this.bytesOf(path("screenshots", id, "thumbnail"), options);
  }

  /** Deletes the screenshot with its image and thumbnail. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.callForNothing("DELETE", path("screenshots", id), options);
  }

  private bytesOf(where: string, options: ImageRequestOptions = {}): APIPromise<ScreenshotImage> {
    const { ifNoneMatch, ...request } = options;
    const headers = {
      Accept: "image/*, application/json",
      ...(ifNoneMatch === undefined ? {} : { "If-None-Match": ifNoneMatch }),
      ...request.headers,
    };
    return this.file(
      { method: "GET", path: where, notModifiedIsAnswer: true },
      { ...request, headers },
      (data, response): ScreenshotImage => {
        const etag = response.headers.get("etag") ?? undefined;
        if (response.status === 304) return { notModified: true, data: null, contentType: undefined, etag };
        return { notModified: false, data, contentType: response.headers.get("content-type") ?? undefined, etag };
      },
    );
  }
}
