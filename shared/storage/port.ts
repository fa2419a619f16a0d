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

/** Rounding of each value to a whole step before it is added (`up`, `down`, or `nearest` with halves up). */
export interface SumRounding {
  mode: "up" | "down" | "nearest";
  step: number;
}

/**
 * Sums of one whole-number field by groups (`sumBy`): the documents a filter selects,
 * grouped by the values of `keys` (top-level scalar fields, a missing one as null); those
 * whose `field` is null or missing are counted apart and add nothing.
 */
export interface SumSpec {
  keys: readonly string[];
  field: string;
  /** Also add each value rounded (`rounded` in the rows). */
  round?: SumRounding;
  /** Also price each document (`amount` in the rows); its rate is one more key, after `keys`. */
  price?: SumPricing;
}

/**
 * Each document's rate and amount: where `when` is true, the rate of the timeline its two
 * `by` fields pick at its `at` (text compared with the timeline's starts), and the amount
 * its rounded value at that rate, `value × rate × multiplier / divisor` rounded half up,
 * 0 unless both are above 0. No rate (`null`) where `when` is not true or none is in force.
 */
export interface SumPricing {
  by: readonly [string, string];
  at: string;
  when: string;
  /** A `null` key stands for any value no other timeline names in its place. */
  timelines: readonly { keys: readonly [string | null, string | null]; starts: readonly string[]; rates: readonly (number | null)[] }[];
  multiplier: number;
  divisor: number;
}

/**
 * One group: its keys' values in the order of `keys` (and the rate, with `price`); how many
 * documents hold a number in the field, their sum, their rounded sum; how many hold none;
 * their amounts' sum (0 without `price`).
 */
export type SumRow = [keys: unknown[], count: number, sum: number, rounded: number, missing: number, amount: number];

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
  /**
   * Built by the embedded store alone: an index that keeps a copy of the fields a long read
   * takes, so that SQLite answers it from the index in its order instead of opening every
   * document where it lies (a page read each). MongoDB reads documents by itself and would
   * only pay for the copy on every write, so it skips it.
   */
  embeddedOnly?: boolean;
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
  /**
   * Grouped sums computed beside the data, where the store can do it cheaper than a stream
   * read in code: no document leaves the store, so the memory is that of the groups.
   * Optional: a store without it (or answering `undefined` for a spec it cannot answer)
   * is read with `stream` and added up in code.
   */
  sumBy?(filter: Filter, spec: SumSpec): Promise<SumRow[] | undefined>;
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
