/**
 * The storage port: the one interface every service persists through. It stays within
 * what MongoDB, FerretDB 1.x and the embedded store all do: `_id` uniqueness, unique
 * indexes on required fields, find-one-and-update, and aggregation with
 * $match/$group/$sort/$project/$unwind/$skip/$limit/$count and $sum.
 * No partial/sparse/TTL indexes, no multi-document transactions.
 *
 * Documents are plain JSON values (strings, numbers, booleans, null, arrays, objects).
 */
export interface StoredDocument {
  _id: string;
}

/** Equality on fields, or one of `$in`, `$nin`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`; plus `$or`/`$and`. */
export type Filter = Record<string, unknown>;

export type SortOrder = 1 | -1;

export interface FindOptions {
  sort?: Record<string, SortOrder>;
  skip?: number;
  limit?: number;
}

export interface StreamOptions {
  /**
   * Only these top-level fields, and `_id`; every field when absent. Each named field is in
   * every document read: `null` when the stored document lacks it.
   */
  fields?: readonly string[];
  /** Leave `_id` out (with `fields`): a read of every entry of a year has no use for it. */
  omitId?: boolean;
  sort?: Record<string, SortOrder>;
  /** Documents per batch, at most; 1000 when absent. */
  batchSize?: number;
}

export interface Update {
  $set?: Record<string, unknown>;
  $unset?: Record<string, true | "" | 1>;
  $inc?: Record<string, number>;
}

export interface FindOneAndUpdateOptions {
  /** Create the document from the filter's equality fields and `$set` when none matches. */
  upsert?: boolean;
  /** Return the document as it is after the update (default) or before it. */
  returnDocument?: "before" | "after";
}

export interface IndexSpec {
  fields: Record<string, SortOrder>;
  unique?: boolean;
}

export type PipelineStage = Record<string, unknown>;

/** How much a store read to answer a query, where it can tell. */
export interface QueryReport {
  /** Documents read to answer; `null` when the store does not say (FerretDB 1.x does not). */
  documentsExamined: number | null;
  returned: number;
}

export interface Collection<T extends StoredDocument> {
  /** Throws `DuplicateKeyError` when `_id` or a unique index is taken. */
  insertOne(doc: T): Promise<void>;
  /**
   * Inserts each document whose `_id` and unique fields are free and skips the others;
   * answers how many were inserted. The documents are independent: on any other error,
   * some of them may have been inserted. For bulk loads (imports), in one round trip.
   */
  insertMany(docs: readonly T[]): Promise<number>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter): Promise<number>;
  /** Atomic; throws `DuplicateKeyError` when the change would break a unique index. */
  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions): Promise<T | null>;
  deleteOne(filter: Filter): Promise<boolean>;
  deleteMany(filter: Filter): Promise<number>;
  aggregate<R = Record<string, unknown>>(pipeline: PipelineStage[]): Promise<R[]>;
  /**
   * The documents a filter selects, in batches, each read from the store only when the one
   * before it has been taken (a cursor), so that reading every document of a collection
   * holds one batch at a time. Stopping early (`break`, `return`) releases the cursor. A
   * document written while a stream is read may or may not be in it.
   */
  stream(filter: Filter, options?: StreamOptions): AsyncIterable<T[]>;
  /** Answers `find` and reports how many documents the store read to do it. */
  explain(filter: Filter, options?: FindOptions): Promise<QueryReport>;
}

export interface CollectionSpec {
  name: string;
  indexes?: IndexSpec[];
}

export interface DocumentStore {
  readonly kind: "mongodb" | "embedded";
  /** Opens a collection, creating it and its indexes when missing. */
  collection<T extends StoredDocument>(spec: CollectionSpec): Promise<Collection<T>>;
  /** Resolves when the store answers; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DuplicateKeyError extends Error {
  constructor(readonly collection: string) {
    super(`duplicate key in ${collection}`);
    this.name = "DuplicateKeyError";
  }
}
