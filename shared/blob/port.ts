import type { Readable } from "node:stream";

/**
 * The blob port: whole files (screenshots and their thumbnails) kept beside the document
 * store. Three adapters: files under `DATA_DIR` (embedded), GridFS in the MongoDB the
 * documents live in (distributed), and any S3-compatible object store (`S3_BUCKET`).
 *
 * Keys are chosen by the application and never shown to clients: lower-case letters,
 * digits, `_`, `-` and `.` in segments separated by `/`. A key is written once; writing it
 * again replaces it whole. Readers never see half a blob.
 */
export interface BlobInfo {
  key: string;
  size: number;
  /** When the blob was written, ISO 8601. */
  writtenAt: string;
}

export interface BlobStore {
  readonly kind: "files" | "gridfs" | "s3";
  /** Stores `bytes` under `key`; resolves once they are durable. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The blob's bytes as a stream, or `null` when there is no such blob. */
  get(key: string): Promise<Readable | null>;
  /** Removes the blob; removing one that does not exist is no error. */
  delete(key: string): Promise<void>;
  /** Every blob whose key starts with `prefix`, in no particular order. */
  list(prefix: string): AsyncIterable<BlobInfo>;
  /** Resolves when the store answers; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const KEY = /^[a-z0-9_.-]+(\/[a-z0-9_.-]+)*$/i;

/** Refuses keys that could climb out of a folder or mean something to a store (`..`, absolute paths). */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((segment) => segment === "." || segment === "..") || key.length > 512) {
    throw new Error(`not a usable blob key: ${JSON.stringify(key)}`);
  }
}

/** A prefix is a key's start: the same characters, possibly ending in `/`, or empty. */
export function assertBlobPrefix(prefix: string): void {
  if (prefix === "") return;
  assertBlobKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
}
