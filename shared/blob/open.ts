import { join } from "node:path";
import { openFileBlobStore } from "./files";
import { openGridFsBlobStore } from "./gridfs";
import type { BlobStore } from "./port";
import { openS3BlobStore, type S3Settings } from "./s3";

export interface BlobStoreChoice {
  s3?: S3Settings;
  mongoUrl?: string;
  dataDir: string;
}

/** Where a deployment keeps blobs: S3 when a bucket is named, GridFS beside MongoDB, files under `DATA_DIR` otherwise. */
export function openBlobStore(choice: BlobStoreChoice): Promise<BlobStore> {
  if (choice.s3) return openS3BlobStore(choice.s3);
  if (choice.mongoUrl) return openGridFsBlobStore(choice.mongoUrl);
  return openFileBlobStore(join(choice.dataDir, "blobs"));
}
