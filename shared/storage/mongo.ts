import { randomBytes } from "node:crypto";
import { OneAtATime } from "./one-at-a-time";
import mongoose, { Schema, type Connection, type Model } from "mongoose";
import {
  DuplicateKeyError,
  type Collection,
  type CollectionSpec,
  type DocumentStore,
  type Filter,
  type FindOneAndUpdateOptions,
  type FindOptions,
  type PipelineStage,
  type QueryReport,
  type StoredDocument,
  type StreamOptions,
  type Update,
} from "./port";
import { assertPortablePipeline, assertPortableUpdate, assertStreamFields, equalityFields, STREAM_BATCH } from "./portable";

/**
 * The storage port on MongoDB (or FerretDB) through mongoose: one model per collection whose
 * schema only says that `_id` is a string, so documents are stored and read back (`lean`)
 * exactly as given. Indexes are created here from the collection's spec, never by mongoose.
 */

type Doc = Record<string, unknown>;

const SERVER_SELECTION_TIMEOUT_MS = 5000;

function isDuplicateKey(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message, writeErrors } = error as { code?: unknown; message?: unknown; writeErrors?: unknown };
  if (code === 11000) return true;
  if (Array.isArray(writeErrors) && writeErrors.some((writeError: { code?: unknown }) => writeError.code === 11000)) return true;
  // FerretDB 1.24 on SQLite reports a unique index broken by findAndModify as a generic
  // error (code 1) quoting SQLite, not as E11000.
  return typeof message === "string" && message.includes("UNIQUE constraint failed");
}

function newDocumentId(): string {
  return randomBytes(12).toString("hex");
}

class MongoCollection<T extends StoredDocument> implements Collection<T> {
  /** Set on FerretDB only: this collection's findOneAndUpdate calls, one at a time. */
  private readonly updates: OneAtATime | undefined;

  constructor(
    private readonly name: string,
    private readonly model: Model<Doc>,
    serializeUpdates: boolean,
  ) {
    if (serializeUpdates) this.updates = new OneAtATime();
  }

  /**
   * FerretDB 1.x runs findAndModify as a query and then a separate write, so two concurrent
   * calls can both read the same document: `$inc`s get lost, two claims take one job. On
   * FerretDB this process's calls therefore run one at a time, which makes them atomic
   * against each other, not against other processes. MongoDB needs none of this.
   */
  private inTurn<R>(work: () => Promise<R>): Promise<R> {
    return this.updates ? this.updates.run(work) : work();
  }

  private async translated<R>(work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateKeyError(this.name);
      throw error;
    }
  }

  async insertOne(doc: T): Promise<void> {
    if (typeof doc._id !== "string") throw new Error("_id must be a string");
    await this.translated(() => this.model.insertOne(doc));
  }

  async insertMany(docs: readonly T[]): Promise<number> {
    if (docs.some((doc) => typeof doc._id !== "string")) throw new Error("_id must be a string");
    if (docs.length === 0) return 0;
    try {
      // Unordered: one taken key does not stop the documents after it.
      const result = await this.model.collection.insertMany(docs.map((doc) => ({ ...doc })) as never[], { ordered: false });
      return result.insertedCount;
    } catch (error) {
      const failed = error as { writeErrors?: unknown; insertedCount?: unknown; result?: { insertedCount?: unknown } };
      const writeErrors = Array.isArray(failed.writeErrors)
        ? (failed.writeErrors as { code?: unknown }[])
        : failed.writeErrors
          ? [failed.writeErrors as { code?: unknown }]
          : [];
      if (writeErrors.length === 0 || !writeErrors.every((writeError) => writeError.code === 11000)) throw error;
      const inserted = typeof failed.insertedCount === "number" ? failed.insertedCount : failed.result?.insertedCount;
      return typeof inserted === "number" ? inserted : docs.length - writeErrors.length;
    }
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.model.findOne(filter).lean().exec()) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const query = this.model.find(filter);
    if (options.sort && Object.keys(options.sort).length > 0) query.sort(options.sort);
    if (options.skip) query.skip(options.skip);
    if (options.limit) query.limit(options.limit);
    return (await query.lean().exec()) as unknown as T[];
  }

  count(filter: Filter): Promise<number> {
    return this.model.countDocuments(filter).exec();
  }

  async explain(filter: Filter, options: FindOptions = {}): Promise<QueryReport> {
    const query = this.model.find(filter);
    if (options.sort && Object.keys(options.sort).length > 0) query.sort(options.sort);
    // The page's reads are those of its first skip + limit documents. (FerretDB 1.x refuses
    // `skip` in an explain, so it is folded into the limit.)
    if (options.limit) query.limit((options.skip ?? 0) + options.limit);
    const plan = (await query.explain("executionStats")) as unknown as { executionStats?: { totalDocsExamined?: number } };
    const examined = plan.executionStats?.totalDocsExamined;
    // MongoDB reports what it read; FerretDB 1.x reports no execution statistics.
    return { documentsExamined: typeof examined === "number" ? examined : null, returned: (await this.find(filter, options)).length };
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    assertPortableUpdate(update);
    const change: Record<string, unknown> = { ...update };
    // MongoDB would make an ObjectId for an upsert without an `_id` in its filter; the port's ids are strings.
    if (options.upsert && !equalityFields(filter).has("_id")) change.$setOnInsert = { _id: newDocumentId() };
    const found = await this.inTurn(() =>
      this.translated(() =>
        this.model
          .findOneAndUpdate(filter, change, { upsert: options.upsert ?? false, new: options.returnDocument !== "before" })
          .lean()
          .exec(),
      ),
    );
    return found as T | null;
  }

  async deleteOne(filter: Filter): Promise<boolean> {
    return (await this.model.deleteOne(filter).exec()).deletedCount > 0;
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.model.deleteMany(filter).exec()).deletedCount;
  }

  async aggregate<R = Record<string, unknown>>(pipeline: PipelineStage[]): Promise<R[]> {
    assertPortablePipeline(pipeline);
    // mongoose refuses an empty pipeline; MongoDB answers it with every document, as this does.
    const stages = pipeline.length > 0 ? pipeline : [{ $match: {} }];
    return this.model.aggregate<R>(stages as unknown as mongoose.PipelineStage[]).exec();
  }

  /**
   * A cursor of the driver itself (mongoose would wrap each document), which fetches the
   * next batch from the server only when this one has been taken.
   */
  async *stream(filter: Filter, options: StreamOptions = {}): AsyncGenerator<T[]> {
    const size = options.batchSize ?? STREAM_BATCH;
    const fields = options.fields;
    if (fields) assertStreamFields(fields);
    const cursor = this.model.collection.find(filter, {
      projection: fields ? { ...Object.fromEntries(fields.map((field) => [field, 1])), ...(options.omitId ? { _id: 0 } : {}) } : undefined,
      sort: options.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined,
      batchSize: size,
    });
    try {
      let batch: T[] = [];
      for await (const doc of cursor) {
        // A field the document lacks is `null`, as the embedded store reads it.
        if (fields) for (const field of fields) if (!(field in doc)) (doc as Doc)[field] = null;
        batch.push(doc as unknown as T);
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    } finally {
      await cursor.close();
    }
  }
}

class MongoStore implements DocumentStore {
  readonly kind = "mongodb";
  private readonly collections = new Map<string, MongoCollection<StoredDocument>>();

  constructor(
    private readonly connection: Connection,
    private readonly isFerretDb: boolean,
  ) {}

  /** One model and one collection object per name: mongoose allows one model per name. */
  private named(name: string): { model: Model<Doc>; collection: MongoCollection<StoredDocument> } {
    const existing = this.collections.get(name);
    const model =
      this.connection.models[name] ??
      this.connection.model<Doc>(
        name,
        new Schema<Doc>(
          { _id: { type: String, required: true } },
          {
            collection: name,
            strict: false,
            strictQuery: false,
            versionKey: false,
            minimize: false,
            autoIndex: false,
            autoCreate: false,
            id: false,
          },
        ),
      );
    if (existing) return { model, collection: existing };
    const collection = new MongoCollection<StoredDocument>(name, model, this.isFerretDb);
    this.collections.set(name, collection);
    return { model, collection };
  }

  async collection<T extends StoredDocument>(spec: CollectionSpec): Promise<Collection<T>> {
    const { model, collection } = this.named(spec.name);
    // An existing collection is fine: mongoose ignores "namespace exists".
    await model.createCollection();
    for (const index of spec.indexes ?? []) {
      if (index.embeddedOnly) continue;
      await model.collection.createIndex(index.fields, { unique: index.unique ?? false });
    }
    return collection as unknown as Collection<T>;
  }

  async ping(): Promise<void> {
    const db = this.connection.db;
    if (!db) throw new Error("not connected to MongoDB");
    await db.admin().command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

/** Connects to MongoDB; rejects after about five seconds when no server answers. */
export async function openMongoStore(url: string): Promise<DocumentStore> {
  const connection = mongoose.createConnection(url, {
    serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    autoIndex: false,
    autoCreate: false,
    // Fail at once rather than queue operations while disconnected.
    bufferCommands: false,
  });
  try {
    await connection.asPromise();
    if (!connection.db) throw new Error("connected to MongoDB without a database");
    const buildInfo = await connection.db.admin().command({ buildInfo: 1 });
    return new MongoStore(connection, "ferretdbVersion" in buildInfo);
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
}
