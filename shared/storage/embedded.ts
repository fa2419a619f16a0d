import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { DatabaseSync, SQLInputValue, SQLOutputValue } from "node:sqlite";
import { Aggregator } from "mingo";
import { GroupCommit } from "./group-commit";
import { KIND, kindAt, valueSql } from "./json-paths";
import { migrateNedbFiles } from "./nedb-migration";
import { nodeSqlite } from "./node-sqlite";
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
  type SortOrder,
  type StoredDocument,
  type StreamOptions,
  type SumPricing,
  type SumRounding,
  type SumRow,
  type SumSpec,
  type Update,
} from "./port";
import { assertPortablePipeline, assertStreamFields, STREAM_BATCH } from "./portable";
import { SqlConnection } from "./sql-connection";
import { filterToSql, sortToSql } from "./sql-filter";
import { groupToSql } from "./sql-group";
import { EVERY_TOP_LEVEL_FIELD, TrackedKinds } from "./tracked-kinds";
import { applyUpdate, isPlainObject, upsertDocument, type Doc } from "./update";

/**
 * The embedded document store: one SQLite database (`node:sqlite`, built into Node 22) in
 * `dataDir`, for a single process. One table per collection holds each document as JSON
 * (SQLite's binary form, JSONB, so that reading a field does not parse the document) beside
 * its `_id`; a collection's indexes are SQLite indexes on the same JSON expressions
 * the queries use, so SQLite reads through them. Filters and sorts go to SQL where SQL
 * answers them as MongoDB would (`sql-filter.ts`), `$match` + `$group` + `$sum` too
 * (`sql-group.ts`); the rest is evaluated by mingo, in SQL's loop or after it.
 *
 * The database is in WAL mode with `synchronous=FULL`: a write is acknowledged only when it
 * is on disk. One connection writes, committing each turn of the event loop's writes
 * together (`group-commit.ts`); another reads, and so sees only committed data.
 */

export const DATABASE_FILE = "stint.sqlite";

const COLLECTION_NAME = /^[A-Za-z0-9_-]{1,100}$/;
/** Documents are stored as SQLite's binary JSON (JSONB), which its JSON functions read without parsing text; read back as text. */
const DOC_TEXT = "json(doc) AS doc";
/** The stored form, for a query whose documents are turned into text all together (`readDocs`). */
const DOC_STORED = "doc";
/** Enough page cache to keep the hot parts of the indexes in memory, small enough to keep the process lean. */
const CACHE_KIB = 16 * 1024;
/**
 * What a field read stands for when the document lacks the field: an object whose one key
 * starts with "$", which MongoDB reserves for its operators and no document of Stint's holds.
 */
const MISSING_FIELD_KEY = "$stint:missing";
const MISSING_FIELD_SQL = `json('{"${MISSING_FIELD_KEY}":1}')`;

function isMissingMarker(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.hasOwn(value, MISSING_FIELD_KEY);
}

/** Below this many rows, reading a collection any way is quick: no need to choose. */
const SCAN_ABOVE_ROWS = 10_000;

function tableOf(collection: string): string {
  return `"c_${collection}"`;
}

function isUniqueViolation(error: unknown): boolean {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  // SQLITE_CONSTRAINT_PRIMARYKEY and SQLITE_CONSTRAINT_UNIQUE.
  return errcode === 1555 || errcode === 2067;
}

/**
 * The fields of a `$project` that only includes top-level fields by name (`{ a: 1, b: 1 }`,
 * `_id` kept unless `_id: 0`), or undefined for any other stage.
 */
function topLevelInclusion(stage: PipelineStage | undefined): { names: string[]; id: boolean } | undefined {
  const projection = stage && "$project" in stage ? stage.$project : undefined;
  if (!isPlainObject(projection)) return undefined;
  const names: string[] = [];
  let id = true;
  for (const [name, value] of Object.entries(projection)) {
    if (name === "_id" && (value === 0 || value === false)) id = false;
    else if (name === "_id" && (value === 1 || value === true)) continue;
    else if ((value === 1 || value === true) && /^[A-Za-z0-9_]{1,100}$/.test(name)) names.push(name);
    else return undefined;
  }
  return names.length > 0 ? { names, id } : undefined;
}

/** mingo's `$count` answers `{ n: 0 }` for no input where MongoDB answers nothing; this is MongoDB's own rewrite of it. */
function withMongoCount(pipeline: readonly PipelineStage[]): PipelineStage[] {
  return pipeline.flatMap((stage) =>
    "$count" in stage ? [{ $group: { _id: null, [stage.$count as string]: { $sum: 1 } } }, { $project: { _id: 0 } }] : [stage],
  );
}

/** A pipeline's leading `$sort`, `$skip` and `$limit`, in that order, as find options, and the stages after them. */
function leadingPage(stages: PipelineStage[]): { options: FindOptions; rest: PipelineStage[] } {
  const options: FindOptions = {};
  let index = 0;
  const next = () => stages[index];
  if (next() && "$sort" in (next() as PipelineStage)) options.sort = (stages[index++] as PipelineStage).$sort as FindOptions["sort"];
  if (next() && "$skip" in (next() as PipelineStage)) options.skip = (stages[index++] as PipelineStage).$skip as number;
  if (next() && "$limit" in (next() as PipelineStage)) options.limit = (stages[index++] as PipelineStage).$limit as number;
  return { options, rest: stages.slice(index) };
}

/** The named fields of a document and its `_id`, a missing one as null (what a stream with `fields` gives). */
function projected(doc: Doc, fields: readonly string[], omitId = false): Doc {
  const shaped: Doc = omitId ? {} : { _id: doc._id };
  for (const field of fields) shaped[field] = doc[field] ?? null;
  return shaped;
}

function pageStages(options: FindOptions): PipelineStage[] {
  const stages: PipelineStage[] = [];
  if (options.sort && Object.keys(options.sort).length > 0) stages.push({ $sort: options.sort });
  if (options.skip) stages.push({ $skip: options.skip });
  // As in MongoDB's find, a limit of 0 means no limit.
  if (options.limit) stages.push({ $limit: options.limit });
  return stages;
}

interface Query {
  sql: string;
  params: SQLInputValue[];
}

/** How a streamed field is read in SQL, and its value back from what SQL gives. */
interface FieldColumn {
  sql: string;
  value(cell: SQLOutputValue): unknown;
}

/**
 * A streamed field as SQL reads it: `json_extract`, the very expression of the indexes, for
 * a field known to hold one kind of scalar (and null or nothing), so that SQLite can answer
 * from an index that holds the field without opening the document; likewise for one known
 * to hold arrays and objects alone, read as their JSON text; `->`'s JSON text otherwise
 * (booleans mixed with numbers, scalars mixed with arrays, or kinds not known). Missing reads as null.
 */
function fieldColumn(name: string, kinds: number | undefined): FieldColumn {
  const only = (allowed: number) => kinds !== undefined && (kinds & ~(allowed | KIND.null)) === 0;
  if (only(KIND.string) || only(KIND.number)) return { sql: valueSql(name), value: (cell) => cell ?? null };
  if (only(KIND.boolean)) return { sql: valueSql(name), value: (cell) => (cell === null ? null : cell === 1) };
  const parsed = (cell: SQLOutputValue) => (typeof cell === "string" ? (JSON.parse(cell) as unknown) : null);
  // Arrays and objects alone: `json_extract` gives their JSON text, as `->` does, and is the expression an index holds.
  if (only(KIND.array | KIND.object)) return { sql: valueSql(name), value: parsed };
  return { sql: `(doc -> '$."${name}"')`, value: parsed };
}

/**
 * A value rounded to a whole step in SQL's integer arithmetic (which truncates toward zero),
 * as `Math.ceil`, `Math.floor` and `Math.floor(x + step / 2)` give it for any whole number.
 */
function roundedSql(value: string, rounding: SumRounding): string {
  const step = rounding.step;
  switch (rounding.mode) {
    case "up":
      return `(CASE WHEN ${value} >= 0 THEN (${value} + ${step - 1}) / ${step} ELSE ${value} / ${step} END) * ${step}`;
    case "down":
      return `(CASE WHEN ${value} >= 0 THEN ${value} / ${step} ELSE -((${step - 1} - ${value}) / ${step}) END) * ${step}`;
    case "nearest": {
      const doubled = `(2 * ${value} + ${step})`;
      return `(CASE WHEN ${doubled} >= 0 THEN ${doubled} / ${2 * step} ELSE -((${2 * step - 1} - ${doubled}) / ${2 * step}) END) * ${step}`;
    }
  }
}

/** Timelines priced in SQL at most: each is a branch of the one expression every row evaluates. */
const MOST_PRICED_STEPS = 2000;

function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * A document's rate as one SQL expression (`SumPricing`): a CASE on the first field's value,
 * in each branch one on the second's, in each of those the timeline's starts, latest first.
 * `undefined` when the fields hold kinds SQL would compare otherwise than code, a rate is not
 * a whole number, or the timelines are too many to write out.
 */
function rateSql(price: SumPricing, known: (name: string, allowed: number) => boolean): string | undefined {
  const [first, second] = price.by;
  if (!known(first, KIND.string) || !known(second, KIND.string) || !known(price.at, KIND.string) || !known(price.when, KIND.boolean))
    return undefined;
  const steps = price.timelines.reduce((total, timeline) => total + timeline.starts.length, 0);
  if (
    steps > MOST_PRICED_STEPS ||
    !price.timelines.every((timeline) => timeline.rates.every((rate) => rate === null || Number.isSafeInteger(rate)))
  )
    return undefined;
  const timelineSql = (timeline: SumPricing["timelines"][number]): string => {
    const rates = timeline.rates.map((rate) => (rate === null ? "NULL" : String(rate)));
    if (rates.length === 1) return rates[0] as string;
    const branches = timeline.starts
      .map((start, at) => ({ start, rate: rates[at] as string }))
      .slice(1)
      .reverse();
    return `(CASE ${branches.map((branch) => `WHEN ${valueSql(price.at)} >= ${sqlText(branch.start)} THEN ${branch.rate}`).join(" ")} ELSE ${rates[0]} END)`;
  };
  const byFirst = new Map<string | null, Map<string | null, string>>();
  for (const timeline of price.timelines) {
    const [one, two] = timeline.keys;
    const within = byFirst.get(one) ?? new Map<string | null, string>();
    within.set(two, timelineSql(timeline));
    byFirst.set(one, within);
  }
  const caseOn = <K>(field: string, branches: Map<string | null, K>, inner: (value: K) => string | undefined): string | undefined => {
    const otherwise = branches.get(null);
    if (otherwise === undefined) return undefined;
    const named = [...branches].filter(([key]) => key !== null);
    const parts = named.map(([key, branch]) => [key as string, inner(branch)] as const);
    const fallback = inner(otherwise);
    if (fallback === undefined || parts.some(([, sql]) => sql === undefined)) return undefined;
    // SQLite tries a CASE's branches in turn: a tree of comparisons finds a value in a few steps, whatever the number of values.
    const sorted = [...parts].sort(([a], [b]) => Buffer.compare(Buffer.from(a as string), Buffer.from(b as string)));
    const tree = (from: number, to: number): string => {
      if (to - from <= 2)
        return `(CASE ${sorted
          .slice(from, to)
          .map(([key, sql]) => `WHEN ${field} = ${sqlText(key)} THEN ${sql}`)
          .join(" ")} ELSE ${fallback} END)`;
      const middle = (from + to) >> 1;
      return `(CASE WHEN ${field} < ${sqlText(sorted[middle]?.[0] as string)} THEN ${tree(from, middle)} ELSE ${tree(middle, to)} END)`;
    };
    return parts.length === 0 ? fallback : tree(0, sorted.length);
  };
  const rate = caseOn(valueSql(first), byFirst, (within) => caseOn(valueSql(second), within, (sql) => sql));
  return rate && `(CASE WHEN ${valueSql(price.when)} THEN ${rate} END)`;
}

/** Where a priced sum's statement takes its rate expression: no SQL text holds it. */
const RATE_MARK = "\u0000rate\u0000";

/** Whether every amount of a group is a whole number SQL computes exactly: its numerator stays a safe integer. */
function exactlyPriced(highest: number, rate: number, price: SumPricing): boolean {
  return Number.isSafeInteger(2 * Math.max(highest, 0) * Math.max(rate, 0) * price.multiplier + price.divisor);
}

/** An index's name and the fields it holds. */
interface KnownIndex {
  name: string;
  fields: readonly string[];
  orders: readonly SortOrder[];
}

export class EmbeddedCollection<T extends StoredDocument> implements Collection<T> {
  private readonly table: string;
  private readonly indexes: KnownIndex[] = [];
  private readonly rates = new WeakMap<SumPricing, string | undefined>();
  private readonly pricedStatements = new WeakMap<SumPricing, Map<string, string>>();

  constructor(
    private readonly name: string,
    private readonly tracked: TrackedKinds,
    private readonly writer: SqlConnection,
    private readonly reader: SqlConnection,
    private readonly commits: GroupCommit,
    private readonly checkOpen: () => void,
  ) {
    this.table = tableOf(name);
  }

  /** `SELECT <columns> FROM <table> WHERE <filter> <tail>`; `examined` puts the read counter first, so it sees every row SQLite reads. */
  private query(
    columns: string,
    filter: Filter,
    tail = "",
    tailParams: SQLInputValue[] = [],
    examined = false,
    scan = false,
    index?: string,
  ): Query {
    const translated = filterToSql(filter, this.tracked.of);
    const conditions: string[] = examined ? ["stint_examined(id)"] : [];
    const params: SQLInputValue[] = [];
    if (translated.narrows) {
      conditions.push(translated.where);
      params.push(...translated.params);
    }
    if (translated.residual) {
      conditions.push("stint_matches(json(doc), ?)");
      params.push(JSON.stringify(translated.residual));
    }
    const where = conditions.length > 0 ? ` WHERE ${conditions.join(" AND ")}` : "";
    const read = scan ? " NOT INDEXED" : index ? ` INDEXED BY ${index}` : "";
    return { sql: `SELECT ${columns} FROM ${this.table}${read}${where}${tail}`, params: [...params, ...tailParams] };
  }

  /** The SQL of a find, with whatever page work code must do after it. */
  private findQuery(filter: Filter, options: FindOptions, examined = false): { query: Query; after: PipelineStage[] } {
    const sort = options.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined;
    const orderBy = sort ? sortToSql(sort, this.tracked.of) : "";
    if (orderBy === undefined) return { query: this.query(DOC_STORED, filter, "", [], examined), after: pageStages(options) };
    const tail = `${orderBy ? ` ORDER BY ${orderBy}` : ""} LIMIT ? OFFSET ?`;
    return { query: this.query(DOC_STORED, filter, tail, [options.limit ? options.limit : -1, options.skip ?? 0], examined), after: [] };
  }

  /**
   * The documents a query of `doc` selects, in its order, as one JSON text that JavaScript
   * parses once: a row object and a string per document cost more than the read itself, and
   * node:sqlite leaves those strings in the old generation, where they wait for a full
   * collection. SQLite never merges a subquery with a LIMIT into an aggregate around it, so
   * the rows reach `json_group_array` in the subquery's order.
   */
  private readDocs(query: Query): Doc[] {
    const text = this.reader.get(`SELECT json_group_array(json(doc)) AS docs FROM (${query.sql})`, query.params)?.docs;
    return typeof text === "string" ? (JSON.parse(text) as Doc[]) : [];
  }

  /** The one document a query of `doc` as text selects, if any. */
  private readDoc(query: Query): Doc | undefined {
    const text = this.reader.get(query.sql, query.params)?.doc;
    return typeof text === "string" ? (JSON.parse(text) as Doc) : undefined;
  }

  /** Records the kinds `doc` brings to the tracked paths; in the write's transaction, before its data. */
  private observe(doc: Doc): void {
    for (const [path, kinds] of this.tracked.observe(doc)) this.record(path, kinds);
  }

  private record(path: string, kinds: number): void {
    this.writer.run(
      "INSERT INTO stint_paths (collection, path, kinds) VALUES (?, ?, ?) ON CONFLICT (collection, path) DO UPDATE SET kinds = excluded.kinds | stint_paths.kinds",
      [this.name, path, kinds],
    );
  }

  private translated<R>(work: () => R): R {
    try {
      return work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateKeyError(this.name);
      throw error;
    }
  }

  private write<R>(work: () => R): Promise<R> {
    try {
      this.checkOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.commits.run(() => this.translated(work));
  }

  private insertNow(doc: Doc): void {
    this.observe(doc);
    this.writer.run(`INSERT INTO ${this.table} (id, doc) VALUES (?, jsonb(?))`, [doc._id as string, JSON.stringify(doc)]);
  }

  insertOne(doc: T): Promise<void> {
    if (typeof doc._id !== "string") return Promise.reject(new Error("_id must be a string"));
    if (!isPlainObject(doc)) return Promise.reject(new Error("a document is an object"));
    return this.write(() => this.insertNow(doc as unknown as Doc));
  }

  insertMany(docs: readonly T[]): Promise<number> {
    if (docs.some((doc) => typeof doc._id !== "string")) return Promise.reject(new Error("_id must be a string"));
    if (!docs.every((doc) => isPlainObject(doc))) return Promise.reject(new Error("a document is an object"));
    // One write of the group: each INSERT is its own statement, so a taken key undoes only its own.
    return this.write(() => {
      let inserted = 0;
      for (const doc of docs) {
        try {
          this.insertNow(doc as unknown as Doc);
          inserted += 1;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      return inserted;
    });
  }

  async findOne(filter: Filter): Promise<T | null> {
    this.checkOpen();
    return (this.readDoc(this.query(DOC_TEXT, filter, " LIMIT 1")) as T | undefined) ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    this.checkOpen();
    const { query, after } = this.findQuery(filter, options);
    const docs = this.readDocs(query);
    return (after.length > 0 ? new Aggregator(after).run(docs) : docs) as T[];
  }

  async explain(filter: Filter, options: FindOptions = {}): Promise<QueryReport> {
    this.checkOpen();
    const { query, after } = this.findQuery(filter, options, true);
    const { result, examined } = this.reader.counting(() => this.readDocs(query));
    const returned = after.length > 0 ? new Aggregator(after).run(result).length : result.length;
    return { documentsExamined: examined, returned };
  }

  /** SQLite's plan for a find (`EXPLAIN QUERY PLAN`), one line per step: which index, or a scan. */
  async queryPlan(filter: Filter, options: FindOptions = {}): Promise<string[]> {
    this.checkOpen();
    const { query } = this.findQuery(filter, options);
    return this.reader.all(`EXPLAIN QUERY PLAN ${query.sql}`, query.params).map((row) => String(row.detail));
  }

  async count(filter: Filter): Promise<number> {
    this.checkOpen();
    const query = this.query("COUNT(*) AS n", filter);
    return Number(this.reader.get(query.sql, query.params)?.n ?? 0);
  }

  findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const after = options.returnDocument !== "before";
    return this.write(() => {
      const query = this.query(DOC_TEXT, filter, " LIMIT 1");
      const row = this.writer.get(query.sql, query.params);
      if (row) {
        const current = JSON.parse(row.doc as string) as Doc;
        const next = structuredClone(current);
        applyUpdate(next, update);
        this.observe(next);
        this.writer.run(`UPDATE ${this.table} SET doc = jsonb(?) WHERE id = ?`, [JSON.stringify(next), current._id as string]);
        return (after ? next : current) as T;
      }
      if (!options.upsert) return null;
      const created = upsertDocument(filter, update);
      this.insertNow(created);
      return after ? (created as T) : null;
    });
  }

  deleteOne(filter: Filter): Promise<boolean> {
    return this.write(() => {
      const query = this.query("id", filter, " LIMIT 1");
      return this.writer.run(`DELETE FROM ${this.table} WHERE id = (${query.sql})`, query.params) > 0;
    });
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.write(() => {
      const query = this.query("id", filter);
      return this.writer.run(`DELETE FROM ${this.table} WHERE id IN (${query.sql})`, query.params);
    });
  }

  async aggregate<R = Record<string, unknown>>(pipeline: PipelineStage[]): Promise<R[]> {
    this.checkOpen();
    assertPortablePipeline(pipeline);
    const stages = withMongoCount(pipeline);
    const first = stages[0];
    const filter = first && "$match" in first ? (first.$match as Filter) : {};
    const rest = first && "$match" in first ? stages.slice(1) : stages;
    const group = rest[0] && "$group" in rest[0] && isPlainObject(rest[0].$group) ? groupToSql(rest[0].$group, this.tracked.of) : undefined;
    if (group) {
      const tail = group.groupBy ? ` GROUP BY ${group.groupBy}` : " HAVING COUNT(*) > 0";
      const query = this.query(group.select, filter, tail, [], false, this.mostOf(filter));
      const grouped = this.reader.all(query.sql, query.params).map((row) => group.build(row));
      return new Aggregator(rest.slice(1)).run(grouped) as R[];
    }
    const fields = rest.length === 1 ? topLevelInclusion(rest[0]) : undefined;
    if (fields) return this.readFields(filter, fields) as R[];
    const page = leadingPage(rest);
    const docs = await this.find(filter, page.options);
    return new Aggregator(page.rest).run(docs) as R[];
  }

  /**
   * Read by one statement of its own, stepped a batch at a time between turns of the event
   * loop, so rows die young; a sort SQL cannot give as MongoDB would is done in code, on the
   * whole selection (the port's sorts on indexed fields never need it).
   */
  async *stream(filter: Filter, options: StreamOptions = {}): AsyncGenerator<T[]> {
    this.checkOpen();
    const size = options.batchSize ?? STREAM_BATCH;
    const read = this.streamQuery(filter, options);
    if (!read) {
      const docs = await this.find(filter, { sort: options.sort });
      const shaped = options.fields ? docs.map((doc) => projected(doc as unknown as Doc, options.fields ?? [], options.omitId)) : docs;
      for (let start = 0; start < shaped.length; start += size) yield shaped.slice(start, start + size) as T[];
      return;
    }
    const rows = this.reader.rowArrays(read.query.sql, read.query.params);
    try {
      let batch: Doc[] | undefined = [];
      for (let full = true; full;) {
        this.checkOpen();
        batch = [];
        while (batch.length < size) {
          const next = rows.next();
          if (next.done) break;
          batch.push(read.build(next.value));
        }
        full = batch.length === size;
        if (batch.length > 0) yield batch as unknown as T[];
        // The read is synchronous: between batches the event loop turns, so other requests are answered meanwhile.
        // The batch taken is let go first, so that a collection meanwhile finds it dead rather than moving it to the old generation.
        batch = undefined;
        if (full) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      rows.return?.();
    }
  }

  /**
   * Grouped sums in SQL (the port's `sumBy`). The rows are read by a subquery SQLite keeps
   * apart from the GROUP BY around it (a LIMIT keeps it from being merged), through an
   * index that holds every field the query names where there is one: SQLite then reads the
   * values from the index and never opens a document, which it does not do by itself once
   * the query aggregates. `undefined` when SQL cannot give the numbers code would: a key
   * or the field holding kinds SQL does not tell apart, or a fractional value to round.
   */
  async sumBy(filter: Filter, spec: SumSpec): Promise<SumRow[] | undefined> {
    this.checkOpen();
    const known = (name: string, allowed: number) => {
      const kinds = this.tracked.of(name);
      return name !== "_id" && kinds !== undefined && (kinds & ~(allowed | KIND.null)) === 0;
    };
    if (!known(spec.field, KIND.number) || !spec.keys.every((key) => known(key, KIND.string | KIND.number | KIND.boolean)))
      return undefined;
    const price = spec.price;
    const rate = price && this.rateOf(price, known);
    if (price && rate === undefined) return undefined;
    const keys = spec.keys.map((name) => fieldColumn(name, this.tracked.of(name)));
    const value = valueSql(spec.field);
    // The rate (tens of kilobytes of SQL) stands in as a mark until the statement is complete: see `pricedSql`.
    const columns = [...keys.map((key, at) => `${key.sql} AS k${at}`), `${value} AS v`, ...(rate ? [`${RATE_MARK} AS rt`] : [])].join(", ");
    const named = [...spec.keys, spec.field, ...(price ? [...price.by, price.at, price.when] : [])];
    const inner = this.query(columns, filter, " LIMIT -1", [], false, false, this.coveringIndex(filter, named));
    const groups = [...keys.map((_, at) => `k${at}`), ...(rate ? ["rt"] : [])];
    const groupBy = groups.length > 0 ? ` GROUP BY ${groups.join(", ")}` : " HAVING COUNT(*) > 0";
    const rounded = spec.round ? roundedSql("v", spec.round) : "v";
    // Half up for a positive ratio n / d: floor((2n + d) / 2d), in whole numbers.
    const amount = price
      ? `COALESCE(SUM(CASE WHEN rt > 0 AND ${rounded} > 0 THEN (2 * ${rounded} * rt * ${price.multiplier} + ${price.divisor}) / ${2 * price.divisor} ELSE 0 END), 0)`
      : "0";
    const select = [
      ...groups,
      "COUNT(v) AS n",
      "COALESCE(SUM(v), 0) AS s",
      `COALESCE(SUM(${rounded}), 0) AS r`,
      "COUNT(*) - COUNT(v) AS missing",
      `${amount} AS a`,
      "MAX(typeof(v) = 'real') AS fractional",
      `MAX(${rounded}) AS highest`,
    ];
    const marked = `SELECT ${select.join(", ")} FROM (${inner.sql})${groupBy}`;
    const rows = this.reader.all(price && rate ? this.pricedSql(price, rate, marked) : marked, inner.params);
    if (rows.some((row) => row.fractional === 1)) return undefined;
    if (price && !rows.every((row) => exactlyPriced(Number(row.highest ?? 0), Number(row.rt ?? 0), price))) return undefined;
    return rows.map((row) => [
      [...keys.map((key, at) => key.value(row[`k${at}`] as SQLOutputValue)), ...(rate ? [row.rt ?? null] : [])],
      Number(row.n),
      Number(row.s),
      Number(row.r),
      Number(row.missing),
      Number(row.a),
    ]);
  }

  /**
   * A priced statement with its rate written in, kept per pricing and statement: a summary
   * asks the same statement for each of its days (other parameters), and writing a new text
   * of the rate's size for each, then hashing and comparing it to find the prepared
   * statement, was a tenth of what amounts added to a year's sums (bench/history/reports.md, "Amounts").
   */
  private pricedSql(price: SumPricing, rate: string, marked: string): string {
    let statements = this.pricedStatements.get(price);
    if (!statements) {
      statements = new Map();
      this.pricedStatements.set(price, statements);
    }
    let sql = statements.get(marked);
    if (sql === undefined) {
      sql = marked.replace(RATE_MARK, () => rate);
      statements.set(marked, sql);
    }
    return sql;
  }

  /** The rate expression of a pricing, written once for the many sums (a day each) asked with it. */
  private rateOf(price: SumPricing, known: (name: string, allowed: number) => boolean): string | undefined {
    if (!this.rates.has(price)) this.rates.set(price, rateSql(price, known));
    return this.rates.get(price);
  }

  /**
   * An index a query can read instead of the documents: it holds every field named, and its
   * first field is one the filter asks to equal a value, so that it also narrows the read.
   * With `sort`, the index starts with every field the filter asks to equal a value, then
   * lists the sort's fields in its order (or wholly reversed): SQLite then reads no entry the
   * filter does not select, in order, and never sorts the rows itself.
   */
  private coveringIndex(filter: Filter, named: readonly string[], sort?: Record<string, SortOrder>): string | undefined {
    const fields = Object.keys(filter);
    if (fields.some((field) => field.startsWith("$"))) return undefined;
    // SQLite refuses a statement whose INDEXED BY it cannot use: only where SQL answers the whole filter.
    const translated = filterToSql(filter, this.tracked.of);
    if (!translated.narrows || translated.residual) return undefined;
    const needed = new Set([...fields, ...named]);
    const equal = (field: string | undefined) => field !== undefined && field in filter && !isPlainObject(filter[field]);
    const sorted = Object.entries(sort ?? {});
    const equalities = fields.filter(equal);
    const inOrder = (index: KnownIndex) => {
      if (!sort) return true;
      const leading = index.fields.slice(0, equalities.length);
      const after = equalities.length;
      return (
        equalities.every((field) => leading.includes(field)) &&
        [1, -1].some((direction) =>
          sorted.every(([field, order], at) => index.fields[after + at] === field && index.orders[after + at] === order * direction),
        )
      );
    };
    return this.indexes.find(
      (index) =>
        equal(index.fields[0]) &&
        [...needed, ...sorted.map(([field]) => field)].every((field) => index.fields.includes(field)) &&
        inOrder(index),
    )?.name;
  }

  /** The SQL of a stream and how a row becomes a document; `undefined` when code must sort. */
  private streamQuery(filter: Filter, options: StreamOptions): { query: Query; build(row: SQLOutputValue[]): Doc } | undefined {
    const sort = options.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined;
    const orderBy = sort ? sortToSql(sort, this.tracked.of) : "";
    if (options.fields) assertStreamFields(options.fields);
    if (orderBy === undefined) return undefined;
    const tail = orderBy ? ` ORDER BY ${orderBy}` : "";
    if (!options.fields) return { query: this.query(DOC_TEXT, filter, tail), build: (row) => JSON.parse(row[0] as string) as Doc };
    const names = options.fields;
    const columns = names.map((name) => fieldColumn(name, this.tracked.of(name)));
    const first = options.omitId ? 0 : 1;
    // An index holding every field read, in the sort's order, gives them: no document is opened (a page read each, wherever it lies).
    const index = sort ? this.coveringIndex(filter, options.omitId ? names : [...names, "_id"], sort) : undefined;
    return {
      query: this.query(
        [...(options.omitId ? [] : ["id"]), ...columns.map((column) => column.sql)].join(", "),
        filter,
        tail,
        [],
        false,
        false,
        index,
      ),
      build(row) {
        const doc: Doc = options.omitId ? {} : { _id: row[0] };
        for (let at = 0; at < names.length; at++)
          doc[names[at] as string] = (columns[at] as FieldColumn).value(row[at + first] as SQLOutputValue);
        return doc;
      },
    };
  }

  /** SQLite's plan for a stream (`EXPLAIN QUERY PLAN`); empty when code sorts. */
  async streamPlan(filter: Filter, options: StreamOptions = {}): Promise<string[]> {
    this.checkOpen();
    const read = this.streamQuery(filter, options);
    if (!read) return [];
    return this.reader.all(`EXPLAIN QUERY PLAN ${read.query.sql}`, read.query.params).map((row) => String(row.detail));
  }

  /**
   * `$match` then `$project` of a few top-level fields (a report's read of a year): SQL
   * hands over every row's fields as one JSON text, `[[id, field, ...], ...]`, so no
   * document is parsed whole, none goes through mingo, and JavaScript parses once (a row
   * object per row and a parse per field cost twice the read itself; arrays are a third
   * less text than objects to build and parse). A field a document lacks is left out, as
   * MongoDB leaves it out: `->` gives SQL NULL for it (and JSON `null` for a stored null),
   * which the text carries as a marker.
   */
  private readFields(filter: Filter, fields: { names: readonly string[]; id: boolean }): Doc[] {
    const values = ["id", ...fields.names.map((name) => `ifnull(doc -> '$."${name}"', ${MISSING_FIELD_SQL})`)];
    const query = this.query(`json_group_array(json_array(${values.join(", ")})) AS rows`, filter, "", [], false, this.mostOf(filter));
    const text = this.reader.get(query.sql, query.params)?.rows;
    const rows = typeof text === "string" ? (JSON.parse(text) as unknown[][]) : [];
    const names = fields.names;
    return rows.map((row) => {
      const doc: Record<string, unknown> = fields.id ? { _id: row[0] } : {};
      for (let at = 0; at < names.length; at++) {
        const value = row[at + 1];
        if (!isMissingMarker(value)) doc[names[at] as string] = value;
      }
      return doc as Doc;
    });
  }

  /**
   * Whether a filter SQL answers alone selects most of the collection. Reading most rows
   * through an index visits them out of storage order, which costs about twice a plain
   * scan; SQLite cannot tell, having no statistics on JSON ranges, so a `$group` asks: the
   * count comes from the index alone, the size from the largest rowid.
   */
  private mostOf(filter: Filter): boolean {
    const translated = filterToSql(filter, this.tracked.of);
    if (!translated.narrows || translated.residual) return false;
    const size = Number(this.reader.get(`SELECT max(rowid) AS n FROM ${this.table}`)?.n ?? 0);
    if (size < SCAN_ABOVE_ROWS) return false;
    const query = this.query("COUNT(*) AS n", filter);
    return Number(this.reader.get(query.sql, query.params)?.n ?? 0) * 2 > size;
  }

  /** Creates the table and indexes of `spec` when missing, and starts tracking the paths its indexes name. Runs in a write. */
  ensure(spec: CollectionSpec): void {
    this.writer.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (id TEXT PRIMARY KEY NOT NULL, doc BLOB NOT NULL)`);
    if (!this.tracked.loaded) {
      this.tracked.load(
        this.writer
          .all("SELECT path, kinds FROM stint_paths WHERE collection = ?", [this.name])
          .map((row) => ({ path: String(row.path), kinds: Number(row.kinds) })),
      );
    }
    if (!this.tracked.tracksEveryTopLevelField && this.writer.get(`SELECT 1 AS found FROM ${this.table} LIMIT 1`) === undefined) {
      this.tracked.trackEveryTopLevelField();
      this.record(EVERY_TOP_LEVEL_FIELD, 0);
    }
    for (const index of spec.indexes ?? []) this.ensureIndex(index);
  }

  /**
   * A SQLite index on the fields' JSON expressions (`_id` is the `id` column), named by a
   * hash of its spec so that opening the collection again finds it. A unique index lets
   * several documents lack the field (SQLite's NULLs are distinct, MongoDB's are not): the
   * port keeps unique indexes to required fields, where the two agree.
   */
  private ensureIndex(index: IndexSpec): void {
    const fields = Object.entries(index.fields);
    if (fields.length === 0) throw new Error("an index needs at least one field");
    const untracked = fields.map(([path]) => path).filter((path) => path !== "_id" && !this.tracked.isTracked(path));
    const columns = fields.map(([path, order]) => `${valueSql(path)}${order === -1 ? " DESC" : ""}`).join(", ");
    const canonical = JSON.stringify({ fields, unique: index.unique ?? false });
    const indexName = `"i_${this.name}_${createHash("sha256").update(canonical).digest("hex").slice(0, 16)}"`;
    this.writer.exec(`CREATE ${index.unique ? "UNIQUE " : ""}INDEX IF NOT EXISTS ${indexName} ON ${this.table} (${columns})`);
    if (!this.indexes.some((known) => known.name === indexName))
      this.indexes.push({ name: indexName, fields: fields.map(([path]) => path), orders: fields.map(([, order]) => order) });
    if (untracked.length > 0) this.track(untracked);
  }

  /** Starts tracking paths: the kinds they hold in the documents stored so far, read once. */
  private track(paths: readonly string[]): void {
    const kinds = new Map(paths.map((path) => [path, 0]));
    for (const row of this.writer.iterate(`SELECT ${DOC_TEXT} FROM ${this.table}`)) {
      const doc = JSON.parse(row.doc as string) as Doc;
      for (const path of paths) kinds.set(path, (kinds.get(path) ?? 0) | kindAt(doc, path));
    }
    for (const [path, held] of kinds) {
      // A path no document has yet holds nothing, which is not "null": start from what it holds.
      const known = held === 0 ? KIND.null : held;
      this.tracked.set(path, known);
      this.record(path, known);
    }
  }
}

export class EmbeddedStore implements DocumentStore {
  readonly kind = "embedded";
  private readonly collections = new Map<string, EmbeddedCollection<StoredDocument>>();
  private readonly commits: GroupCommit;
  private closed = false;

  constructor(
    private readonly writer: SqlConnection,
    private readonly reader: SqlConnection,
  ) {
    this.commits = new GroupCommit(writer.db);
  }

  private readonly checkOpen = (): void => {
    if (this.closed) throw new Error("the embedded store is closed");
  };

  async collection<T extends StoredDocument>(spec: CollectionSpec): Promise<EmbeddedCollection<T>> {
    this.checkOpen();
    if (!COLLECTION_NAME.test(spec.name))
      throw new Error(`collection names are letters, digits, "_" and "-": ${JSON.stringify(spec.name)}`);
    let collection = this.collections.get(spec.name);
    if (!collection) {
      collection = new EmbeddedCollection<StoredDocument>(
        spec.name,
        new TrackedKinds(),
        this.writer,
        this.reader,
        this.commits,
        this.checkOpen,
      );
      this.collections.set(spec.name, collection);
    }
    const opened = collection;
    await this.commits.run(() => opened.ensure(spec));
    return opened as unknown as EmbeddedCollection<T>;
  }

  async ping(): Promise<void> {
    this.checkOpen();
    this.reader.get("SELECT 1 AS ok");
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.commits.flushed();
    this.reader.close();
    // Lets SQLite keep statistics for the planner from what this run asked.
    this.writer.exec("PRAGMA optimize");
    this.writer.close();
  }
}

function connect(file: string, role: "writer" | "reader"): DatabaseSync {
  const db = new (nodeSqlite().DatabaseSync)(file);
  // Waits for a lock another process holds (the admin tool, briefly) rather than failing at once.
  db.exec(`PRAGMA busy_timeout = 5000; PRAGMA cache_size = -${CACHE_KIB}; PRAGMA synchronous = FULL`);
  if (role === "writer") db.exec("PRAGMA journal_mode = WAL; PRAGMA journal_size_limit = 67108864");
  else db.exec("PRAGMA query_only = 1");
  return db;
}

export interface EmbeddedStoreOptions {
  /** Told, once, what was moved over from the files of an older version. */
  onMigrated?: (summary: string) => void;
}

/** Opens (creating when missing) the embedded store kept in `dataDir`, moving over the nedb files an older version left there. */
export async function openEmbeddedStore(dataDir: string, options: EmbeddedStoreOptions = {}): Promise<EmbeddedStore> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, DATABASE_FILE);
  const writer = new SqlConnection(connect(file, "writer"));
  try {
    writer.exec(
      "CREATE TABLE IF NOT EXISTS stint_paths (collection TEXT NOT NULL, path TEXT NOT NULL, kinds INTEGER NOT NULL, PRIMARY KEY (collection, path))",
    );
    const migrated = await migrateNedbFiles(dataDir, writer, tableOf);
    if (migrated) options.onMigrated?.(migrated);
    return new EmbeddedStore(writer, new SqlConnection(connect(file, "reader")));
  } catch (error) {
    writer.close();
    throw error;
  }
}
