import { KIND, valueSql } from "./json-paths";
import type { KindsOf } from "./sql-filter";
import { isPlainObject, type Doc } from "./update";

/**
 * A `$group` of the storage port as SQL's GROUP BY, for the shapes a summary report uses:
 * `_id` null, a constant, a top-level `"$field"` or an object of them, with at most one
 * `{ $sum: <number or "$field"> }`. Anything else is grouped in code.
 *
 * Keys are read with `->`, which gives a value's JSON text, so `true`, `1` and `"1"` stay
 * three groups and come back as what they were. A single key groups null and missing
 * together (MongoDB's null group); in an object key a missing field is left out, as
 * MongoDB and mingo leave it. `$sum` adds numbers only, as MongoDB does, and is 0 for none.
 */
export interface SqlGroup {
  /** Select list: the keys as `k0, k1, ...`, then the total as `total` when there is one. */
  select: string;
  /** GROUP BY list, or `undefined` for a single group over everything. */
  groupBy: string | undefined;
  /** The output document of one result row. */
  build(row: Record<string, unknown>): Doc;
}

const TOP_LEVEL_FIELD = /^\$[A-Za-z0-9_-]{1,100}$/;

function jsonOf(field: string): string {
  return field === "_id" ? "json_quote(id)" : `(doc -> '$."${field}"')`;
}

function numberOf(field: string): string {
  const value = field === "_id" ? "NULL" : `json_extract(doc, '$."${field}"')`;
  const type = field === "_id" ? "'text'" : `json_type(doc, '$."${field}"')`;
  return `CASE ${type} WHEN 'integer' THEN ${value} WHEN 'real' THEN ${value} END`;
}

function parsed(text: unknown): unknown {
  return typeof text === "string" ? (JSON.parse(text) as unknown) : null;
}

/** Whether a field held only the kinds given (and nothing else), as far as the store knows. */
function heldOnly(kindsOf: KindsOf, field: string, allowed: number): boolean {
  const kinds = field === "_id" ? undefined : kindsOf(field);
  return kinds !== undefined && (kinds & ~allowed) === 0;
}

function total(accumulator: unknown, kindsOf: KindsOf): string | undefined {
  if (!isPlainObject(accumulator)) return undefined;
  const sum = accumulator.$sum;
  if (typeof sum === "number") return `COUNT(*) * ${JSON.stringify(sum)}`;
  if (typeof sum !== "string" || !TOP_LEVEL_FIELD.test(sum)) return undefined;
  const field = sum.slice(1);
  // A field known to hold only numbers (or nothing) is summed as it is, without asking each value's type.
  if (heldOnly(kindsOf, field, KIND.number | KIND.null)) return `COALESCE(SUM(${valueSql(field)}), 0)`;
  return `COALESCE(SUM(${numberOf(field)}), 0)`;
}

/** A single key: a field known to hold only strings (or nothing) is read as SQL text, cheaper than its JSON. */
function singleKey(field: string, kindsOf: KindsOf): { sql: string; value: (cell: unknown) => unknown } {
  if (heldOnly(kindsOf, field, KIND.string | KIND.null)) return { sql: valueSql(field), value: (cell) => cell ?? null };
  return { sql: `COALESCE(${jsonOf(field)}, 'null')`, value: parsed };
}

export function groupToSql(spec: Record<string, unknown>, kindsOf: KindsOf): SqlGroup | undefined {
  const { _id: key, ...accumulators } = spec;
  const named = Object.entries(accumulators);
  if (named.length > 1) return undefined;
  const [name, accumulator] = named[0] ?? [];
  const totalSql = name === undefined ? undefined : total(accumulator, kindsOf);
  if (name !== undefined && totalSql === undefined) return undefined;
  const totalSelect = totalSql === undefined ? [] : [`${totalSql} AS total`];
  const withTotal = (doc: Doc, row: Record<string, unknown>): Doc => (name === undefined ? doc : { ...doc, [name]: row.total });

  if (typeof key === "string" && key.startsWith("$")) {
    if (!TOP_LEVEL_FIELD.test(key)) return undefined;
    const single = singleKey(key.slice(1), kindsOf);
    return {
      select: [`${single.sql} AS k0`, ...totalSelect].join(", "),
      groupBy: "k0",
      build: (row) => withTotal({ _id: single.value(row.k0) }, row),
    };
  }
  if (isPlainObject(key)) {
    const fields = Object.entries(key);
    if (
      fields.length === 0 ||
      fields.some(([field, value]) => field.startsWith("$") || typeof value !== "string" || !TOP_LEVEL_FIELD.test(value))
    )
      return undefined;
    return {
      select: [...fields.map(([, value], index) => `${jsonOf((value as string).slice(1))} AS k${index}`), ...totalSelect].join(", "),
      groupBy: fields.map((_, index) => `k${index}`).join(", "),
      build: (row) => {
        const id: Doc = {};
        fields.forEach(([field], index) => {
          const text = row[`k${index}`];
          if (text !== null && text !== undefined) id[field] = parsed(text);
        });
        return withTotal({ _id: id }, row);
      },
    };
  }
  if (key === null || typeof key === "number" || typeof key === "boolean" || typeof key === "string") {
    return { select: ["COUNT(*) AS n", ...totalSelect].join(", "), groupBy: undefined, build: (row) => withTotal({ _id: key }, row) };
  }
  return undefined;
}
