import { join } from "node:path";
import { openFileBlobStore } from "./files";
import type { BlobStore } from "./port";
import type { S3Settings } from "./s3";

export interface BlobStoreChoice {
  s3?: S3Settings;
  mongoUrl?: string;
  dataDir: string;
}

/**
 * Where a deployment keeps blobs: S3 when a bucket is named, GridFS beside MongoDB, files under
 * `DATA_DIR` otherwise. The S3 and MongoDB clients are loaded only by the deployments that use
 * them (docs/design.md, "Memory at rest").
 */
export async function openBlobStore(choice: BlobStoreChoice): Promise<BlobStore> {
  if (choice.s3) return (await import("./s3.js")).openS3BlobStore(choice.s3);
  if (choice.mongoUrl) return (await import("./gridfs.js")).openGridFsBlobStore(choice.mongoUrl);
  return openFileBlobStore(join(choice.dataDir, "blobs"));
}
