import { randomBytes } from "node:crypto";
import { OneAtATime } from "./one-at-a-time";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import Datastore from "@seald-io/nedb";
import { Aggregator, Query } from "mingo";
import {
  DuplicateKeyError,
  type Collection,
  type CollectionSpec,
  type DocumentStore,
  type Filter,
  type FindOneAndUpdateOptions,
  type FindOptions,
  type IndexSpec,
  type PipelineStage,
  type QueryReport,
  type StoredDocument,
  type Update,
} from "./port";
import { assertPortablePipeline, assertPortableUpdate, equalityFields } from "./portable";

/**
 * The embedded document store: one nedb datafile per collection under `dataDir`, for a
 * single process (two processes on one folder would overwrite each other's files).
 *
 * nedb keeps the documents, the unique indexes (compound ones too) and the datafile, and
 * runs its operations one at a time. Filters are evaluated by mingo rather than by nedb's
 * own matcher, because nedb differs from MongoDB (`{ field: null }` does not match a
 * missing field there); the same mingo runs sorts and aggregation pipelines.
 */

type Doc = Record<string, unknown>;
type NedbQuery = Record<string, unknown>;

const COMPACTION_INTERVAL_MS = 10 * 60_000;
const COLLECTION_NAME = /^[A-Za-z0-9_-]{1,100}$/;

function isNedbUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { errorType?: unknown }).errorType === "uniqueViolated";
}

function isPlainObject(value: unknown): value is Doc {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A nedb query that lets mingo decide, plus the filter's plain string, number and boolean
 * equalities, on which nedb and MongoDB agree and which let nedb narrow by an index.
 */
function toNedbQuery(filter: Filter, onExamine?: () => void): NedbQuery {
  const matcher = new Query(filter);
  const query: NedbQuery = {
    // First, so that nedb runs it for every document it reads: `onExamine` counts them.
    $where(this: Doc): boolean {
      onExamine?.();
      return matcher.test(this);
    },
  };
  for (const [path, value] of Object.entries(filter)) {
    if (!path.startsWith("$") && !path.includes(".") && ["string", "number", "boolean"].includes(typeof value)) query[path] = value;
  }
  return query;
}

// Updates, applied the way MongoDB applies them, to a copy of the document.

function splitPath(path: string): string[] {
  const parts = path.split(".");
  if (parts.some((part) => part === "" || part.startsWith("$"))) throw new Error(`bad field path "${path}"`);
  return parts;
}

/** The object holding the path's last part, creating missing objects on the way when `create`. */
function parentOf(doc: Doc, parts: string[], create: boolean): Doc | undefined {
  let node: Doc = doc;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === undefined && create) {
      const created: Doc = {};
      node[part] = created;
      node = created;
    } else if (isPlainObject(next)) {
      node = next;
    } else if (next === undefined) {
      return undefined;
    } else {
      // MongoDB would index into an array here; the port keeps update paths to objects.
      throw new Error(`cannot update "${parts.join(".")}": "${part}" is not an object`);
    }
  }
  return node;
}

function lastOf(parts: string[]): string {
  const last = parts[parts.length - 1];
  if (last === undefined) throw new Error("empty field path");
  return last;
}

function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = splitPath(path);
  (parentOf(doc, parts, true) as Doc)[lastOf(parts)] = structuredClone(value);
}

function checkConflicts(update: Update): void {
  const paths = [...Object.keys(update.$set ?? {}), ...Object.keys(update.$unset ?? {}), ...Object.keys(update.$inc ?? {})];
  for (const [i, a] of paths.entries()) {
    for (const b of paths.slice(i + 1)) {
      if (a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`)) throw new Error(`updating the path "${a}" would conflict with "${b}"`);
    }
  }
  const idChange = "_id" in (update.$unset ?? {}) || "_id" in (update.$inc ?? {});
  if (idChange) throw new Error("_id cannot be changed");
}

/** Applies `$set`, `$unset` and `$inc` to `doc` in place. */
function applyUpdate(doc: Doc, update: Update): void {
  assertPortableUpdate(update);
  checkConflicts(update);
  for (const [path, value] of Object.entries(update.$set ?? {})) {
    if (path === "_id") {
      if (value !== doc._id) throw new Error("_id cannot be changed");
      continue;
    }
    setPath(doc, path, value);
  }
  for (const path of Object.keys(update.$unset ?? {})) {
    const parts = splitPath(path);
    const parent = parentOf(doc, parts, false);
    if (parent) delete parent[lastOf(parts)];
  }
  for (const [path, by] of Object.entries(update.$inc ?? {})) {
    if (typeof by !== "number") throw new Error(`$inc of "${path}" needs a number`);
    const parts = splitPath(path);
    const parent = parentOf(doc, parts, true) as Doc;
    const field = lastOf(parts);
    const current = parent[field];
    if (current === undefined) parent[field] = by;
    else if (typeof current === "number") parent[field] = current + by;
    else throw new Error(`cannot apply $inc to the non-numeric field "${path}"`);
  }
}

function newDocumentId(): string {
  return randomBytes(12).toString("hex");
}

/** What an upsert inserts: the filter's equality fields, then the update. */
function upsertDocument(filter: Filter, update: Update): Doc {
  const doc: Doc = {};
  for (const [path, value] of equalityFields(filter)) setPath(doc, path, value);
  applyUpdate(doc, update);
  if (doc._id === undefined) doc._id = newDocumentId();
  if (typeof doc._id !== "string") throw new Error("_id must be a string");
  return doc;
}

/** With a leading `$match`, the documents it selects and the rest of the pipeline; else everything. */
function splitLeadingMatch(pipeline: PipelineStage[]): { filter: Filter; rest: PipelineStage[] } {
  const first = pipeline[0];
  if (first && "$match" in first) return { filter: first.$match as Filter, rest: pipeline.slice(1) };
  return { filter: {}, rest: pipeline };
}

/** mingo's `$count` answers `{ n: 0 }` for no input where MongoDB answers nothing; this is MongoDB's own rewrite of it. */
function withMongoCount(pipeline: PipelineStage[]): PipelineStage[] {
  return pipeline.flatMap((stage) =>
    "$count" in stage ? [{ $group: { _id: null, [stage.$count as string]: { $sum: 1 } } }, { $project: { _id: 0 } }] : [stage],
  );
}

class EmbeddedCollection<T extends StoredDocument> implements Collection<T> {
  /** Writes run one after another, so that a read-modify-write sees no other write in between. */
  private readonly writes = new OneAtATime();

  constructor(
    private readonly name: string,
    private readonly db: Datastore<Doc>,
    private readonly checkOpen: () => void,
  ) {}

  async ensureIndex(index: IndexSpec): Promise<void> {
    // nedb names a compound index by its sorted fields, so opening it again finds the same one.
    const fields = Object.keys(index.fields);
    await this.translated(() => this.db.ensureIndexAsync({ fieldName: fields.length === 1 ? (fields[0] as string) : fields, unique: index.unique ?? false }));
  }

  compact(): Promise<void> {
    return this.db.compactDatafileAsync();
  }

  /** Resolves once every write queued so far has finished. */
  idle(): Promise<unknown> {
    return this.writes.idle();
  }

  private serialized<R>(work: () => Promise<R>): Promise<R> {
    try {
      this.checkOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.writes.run(work);
  }

  private async translated<R>(work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      if (isNedbUniqueViolation(error)) throw new DuplicateKeyError(this.name);
      throw error;
    }
  }

  /** Copies of the matching documents (nedb copies what it returns). */
  private async matching(filter: Filter, limit?: number): Promise<Doc[]> {
    const cursor = this.db.findAsync(toNedbQuery(filter));
    return (await (limit === undefined ? cursor : cursor.limit(limit))) as unknown as Doc[];
  }

  insertOne(doc: T): Promise<void> {
    if (typeof doc._id !== "string") return Promise.reject(new Error("_id must be a string"));
    return this.serialized(() => this.translated(async () => void (await this.db.insertAsync(doc as unknown as Doc))));
  }

  async findOne(filter: Filter): Promise<T | null> {
    this.checkOpen();
    const [found] = await this.matching(filter, 1);
    return (found as T | undefined) ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    this.checkOpen();
    const { sort, skip, limit } = options;
    if (!sort && !skip && !limit) return (await this.matching(filter)) as T[];
    const stages: PipelineStage[] = [];
    if (sort && Object.keys(sort).length > 0) stages.push({ $sort: sort });
    if (skip) stages.push({ $skip: skip });
    // As in MongoDB's find, a limit of 0 means no limit.
    if (limit) stages.push({ $limit: limit });
    return new Aggregator(stages).run(await this.matching(filter)) as T[];
  }

  async explain(filter: Filter, options: FindOptions = {}): Promise<QueryReport> {
    this.checkOpen();
    let documentsExamined = 0;
    const matched = (await this.db.findAsync(toNedbQuery(filter, () => documentsExamined++))) as unknown as Doc[];
    const { sort, skip, limit } = options;
    const stages: PipelineStage[] = [];
    if (sort && Object.keys(sort).length > 0) stages.push({ $sort: sort });
    if (skip) stages.push({ $skip: skip });
    if (limit) stages.push({ $limit: limit });
    return { documentsExamined, returned: new Aggregator(stages).run(matched).length };
  }

  async count(filter: Filter): Promise<number> {
    this.checkOpen();
    return (await this.db.countAsync(toNedbQuery(filter))) as unknown as number;
  }

  findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const after = options.returnDocument !== "before";
    return this.serialized(() =>
      this.translated(async () => {
        const [current] = await this.matching(filter, 1);
        if (current) {
          const next = structuredClone(current);
          applyUpdate(next, update);
          await this.db.updateAsync({ _id: current._id }, next, {});
          return (after ? next : current) as T;
        }
        if (!options.upsert) return null;
        const created = upsertDocument(filter, update);
        await this.db.insertAsync(created);
        return after ? (created as T) : null;
      }),
    );
  }

  deleteOne(filter: Filter): Promise<boolean> {
    return this.serialized(async () => (await this.db.removeAsync(toNedbQuery(filter), { multi: false })) > 0);
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.serialized(() => this.db.removeAsync(toNedbQuery(filter), { multi: true }));
  }

  async aggregate<R = Record<string, unknown>>(pipeline: PipelineStage[]): Promise<R[]> {
    this.checkOpen();
    assertPortablePipeline(pipeline);
    const { filter, rest } = splitLeadingMatch(pipeline);
    const docs = await this.matching(filter);
    return new Aggregator(withMongoCount(rest)).run(docs) as R[];
  }
}

class EmbeddedStore implements DocumentStore {
  readonly kind = "embedded";
  /** One collection object per name, so that every caller shares its queue of writes. */
  private readonly collections = new Map<string, Promise<EmbeddedCollection<StoredDocument>>>();
  private closed = false;
  private readonly compaction: NodeJS.Timeout;

  constructor(private readonly dataDir: string) {
    // Appends grow the datafiles; rewriting them now and then keeps them small. nedb's own
    // timer would hold the process open, so this one is unref'd.
    this.compaction = setInterval(() => void this.compact(), COMPACTION_INTERVAL_MS).unref();
  }

  private readonly checkOpen = (): void => {
    if (this.closed) throw new Error("the embedded store is closed");
  };

  private async opened(): Promise<EmbeddedCollection<StoredDocument>[]> {
    const results = await Promise.allSettled(this.collections.values());
    return results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  }

  private async compact(): Promise<void> {
    await Promise.allSettled((await this.opened()).map((collection) => collection.compact()));
  }

  private load(name: string): Promise<EmbeddedCollection<StoredDocument>> {
    let loading = this.collections.get(name);
    if (!loading) {
      // `onload` keeps nedb from rethrowing a failed load where nobody can catch it;
      // the same failure rejects `autoloadPromise`, which is awaited here.
      const db = new Datastore<Doc>({ filename: join(this.dataDir, `${name}.db`), autoload: true, onload: () => undefined });
      loading = (db.autoloadPromise ?? db.loadDatabaseAsync()).then(() => new EmbeddedCollection<StoredDocument>(name, db, this.checkOpen));
      this.collections.set(name, loading);
      loading.catch(() => this.collections.delete(name));
    }
    return loading;
  }

  async collection<T extends StoredDocument>(spec: CollectionSpec): Promise<Collection<T>> {
    this.checkOpen();
    if (!COLLECTION_NAME.test(spec.name)) throw new Error(`collection names are letters, digits, "_" and "-": ${JSON.stringify(spec.name)}`);
    const collection = await this.load(spec.name);
    for (const index of spec.indexes ?? []) await collection.ensureIndex(index);
    return collection as unknown as Collection<T>;
  }

  async ping(): Promise<void> {
    this.checkOpen();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.compaction);
    const collections = await this.opened();
    await Promise.all(collections.map((collection) => collection.idle()));
    // Compaction waits in nedb's queue behind any read still running, then rewrites each datafile.
    await this.compact();
  }
}

/** Opens (creating when missing) the embedded store kept in `dataDir`. */
export async function openEmbeddedStore(dataDir: string): Promise<DocumentStore> {
  await mkdir(dataDir, { recursive: true });
  return new EmbeddedStore(dataDir);
}
