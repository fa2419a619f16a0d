import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import mongoose, { type Connection } from "mongoose";
import { assertBlobKey, assertBlobPrefix, type BlobInfo, type BlobStore } from "./port";

type Bucket = InstanceType<typeof mongoose.mongo.GridFSBucket>;
type FileId = InstanceType<typeof mongoose.mongo.ObjectId>;

const SERVER_SELECTION_TIMEOUT_MS = 5000;

/** Regular-expression characters taken literally, for a prefix search. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Blobs in GridFS, in the MongoDB database the documents live in (bucket `blobs`): no
 * server beyond the one a distributed deployment has. The key is the GridFS file name.
 * GridFS writes a file's chunks before its entry, so a reader finds only whole files;
 * writing a key again adds a new file and then removes the older ones of that name.
 */
class GridFsBlobStore implements BlobStore {
  readonly kind = "gridfs" as const;

  constructor(
    private readonly connection: Connection,
    private readonly bucket: Bucket,
  ) {}

  private async idsOf(key: string): Promise<{ _id: FileId; uploadDate: Date }[]> {
    return (await this.bucket.find({ filename: key }, { projection: { _id: 1, uploadDate: 1 } }).toArray()) as {
      _id: FileId;
      uploadDate: Date;
    }[];
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    const upload = this.bucket.openUploadStream(key, { metadata: { contentType } });
    await pipeline(async function* () {
      yield bytes;
    }, upload);
    const older = (await this.idsOf(key)).filter((file) => !file._id.equals(upload.id));
    for (const file of older) await this.removeFile(file._id);
  }

  async get(key: string): Promise<Readable | null> {
    assertBlobKey(key);
    const newest = (await this.idsOf(key)).sort((a, b) => b.uploadDate.getTime() - a.uploadDate.getTime())[0];
    return newest ? this.bucket.openDownloadStream(newest._id) : null;
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    for (const file of await this.idsOf(key)) await this.removeFile(file._id);
  }

  /** Gone already (a concurrent delete) is as good as deleted. */
  private async removeFile(id: FileId): Promise<void> {
    try {
      await this.bucket.delete(id);
    } catch (error) {
      if (!(error instanceof Error && /File not found/i.test(error.message))) throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    assertBlobPrefix(prefix);
    const filter = prefix === "" ? {} : { filename: { $regex: `^${literal(prefix)}` } };
    for await (const file of this.bucket.find(filter, { projection: { filename: 1, length: 1, uploadDate: 1 } })) {
      yield { key: file.filename, size: file.length, writtenAt: file.uploadDate.toISOString() };
    }
  }

  async ping(): Promise<void> {
    if (!this.connection.db) throw new Error("not connected to MongoDB");
    await this.connection.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

/** GridFS over a connection of its own to `url` (the database the URL names). */
export async function openGridFsBlobStore(url: string, bucketName = "blobs"): Promise<BlobStore> {
  const connection = mongoose.createConnection(url, { serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS });
  try {
    await connection.asPromise();
    if (!connection.db) throw new Error("connected to MongoDB without a database");
    return new GridFsBlobStore(connection, new mongoose.mongo.GridFSBucket(connection.db, { bucketName }));
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
}
