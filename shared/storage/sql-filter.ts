import type { SQLInputValue } from "node:sqlite";
import { KIND, isSqlPath, onlyScalars, valueSql, type Kinds } from "./json-paths";
import type { Filter, SortOrder } from "./port";
import { isPlainObject } from "./update";

/**
 * A filter of the storage port as SQL over the embedded store's documents. What SQL can
 * answer exactly as MongoDB would becomes `where`; what it cannot is left in `residual`,
 * which the store checks in code on each row `where` lets through. `where` may let through
 * more than the filter matches, never fewer.
 */
export interface SqlFilter {
  /** A SQL condition (`1` when SQL narrows nothing), with its parameters in order. */
  where: string;
  params: SQLInputValue[];
  /** Whether `where` narrows at all. */
  narrows: boolean;
  /** What is left for code to check, or `null` when SQL answers the whole filter. */
  residual: Filter | null;
}

/** What kinds a path has held, for paths the store tracks (those of its indexes); `undefined` for others. */
export type KindsOf = (path: string) => Kinds | undefined;

interface Part {
  sql: string;
  params: SQLInputValue[];
}

type Scalar = string | number | boolean | null;

const RANGE_OPERATORS = { $gt: ">", $gte: ">=", $lt: "<", $lte: "<=" } as const;

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && Object.keys(value).some((key) => key.startsWith("$"));
}

/** The path's SQL and kinds when SQL may compare it, else `undefined`. `_id` is always a string. */
function comparable(path: string, kindsOf: KindsOf): { sql: string; kinds: Kinds } | undefined {
  if (path === "_id") return { sql: "id", kinds: KIND.string };
  if (!isSqlPath(path)) return undefined;
  const kinds = kindsOf(path);
  if (kinds === undefined || !onlyScalars(kinds)) return undefined;
  return { sql: valueSql(path), kinds };
}

/**
 * Equality with a scalar, exact given the kinds: SQL reads `true` as 1, so a number and a
 * boolean are told apart only on a path that never held the other. `_id` compares only
 * with strings (its column would turn a number into text).
 */
function equality(field: { sql: string; kinds: Kinds }, value: unknown): Part | undefined {
  if (value === null) return field.sql === "id" ? { sql: "0", params: [] } : { sql: `${field.sql} IS NULL`, params: [] };
  if (typeof value === "string") return { sql: `${field.sql} = ?`, params: [value] };
  if (field.sql === "id") return undefined;
  if (typeof value === "number" && (field.kinds & KIND.boolean) === 0) return { sql: `${field.sql} = ?`, params: [value] };
  if (typeof value === "boolean" && (field.kinds & KIND.number) === 0) return { sql: `${field.sql} = ?`, params: [value ? 1 : 0] };
  return undefined;
}

function membership(field: { sql: string; kinds: Kinds }, values: unknown): Part | undefined {
  if (!Array.isArray(values)) return undefined;
  const parts: Part[] = [];
  const listed: SQLInputValue[] = [];
  for (const value of values as unknown[]) {
    const part = equality(field, value);
    if (!part) return undefined;
    if (value === null) parts.push(part);
    else listed.push(...part.params);
  }
  if (listed.length > 0) parts.push({ sql: `${field.sql} IN (${listed.map(() => "?").join(", ")})`, params: listed });
  if (parts.length === 0) return { sql: "0", params: [] };
  return {
    sql: parts.length === 1 ? (parts[0] as Part).sql : `(${parts.map((part) => part.sql).join(" OR ")})`,
    params: parts.flatMap((part) => part.params),
  };
}

/**
 * `$nin` (and `$ne`, a list of one): a missing or null field is "not in" unless the list
 * holds null, as in MongoDB; the same kinds rule as equality keeps `true` and 1 apart.
 */
function exclusion(field: { sql: string; kinds: Kinds }, values: unknown): Part | undefined {
  if (!Array.isArray(values)) return undefined;
  const listed: SQLInputValue[] = [];
  let excludesNull = false;
  for (const value of values as unknown[]) {
    const part = equality(field, value);
    if (!part) return undefined;
    if (value === null) excludesNull = true;
    else listed.push(...part.params);
  }
  const notListed = listed.length > 0 ? `${field.sql} NOT IN (${listed.map(() => "?").join(", ")})` : "1";
  if (field.sql === "id") return { sql: notListed, params: listed };
  return { sql: excludesNull ? `(${field.sql} IS NOT NULL AND ${notListed})` : `(${field.sql} IS NULL OR ${notListed})`, params: listed };
}

/**
 * `$gt`, `$gte`, `$lt`, `$lte` on strings or on numbers. MongoDB compares only within a
 * type; SQLite orders every number before every string, so an open end is closed at the
 * edge of the type: a string range starts at `''`, a number range ends before it.
 */
function range(field: { sql: string; kinds: Kinds }, bounds: [keyof typeof RANGE_OPERATORS, unknown][]): Part | undefined {
  const types = new Set(bounds.map(([, value]) => typeof value));
  if (types.size !== 1) return undefined;
  const type = [...types][0];
  if (type === "string" || (type === "number" && field.sql !== "id" && (field.kinds & KIND.boolean) === 0)) {
    const conditions = bounds.map(([operator]) => `${field.sql} ${RANGE_OPERATORS[operator]} ?`);
    const params = bounds.map(([, value]) => value as Scalar as SQLInputValue);
    const hasLower = bounds.some(([operator]) => operator === "$gt" || operator === "$gte");
    const hasUpper = bounds.some(([operator]) => operator === "$lt" || operator === "$lte");
    if (type === "string" && !hasLower) conditions.push(`${field.sql} >= ''`);
    if (type === "number" && !hasUpper) conditions.push(`${field.sql} < ''`);
    return { sql: conditions.join(" AND "), params };
  }
  return undefined;
}

/** One field's condition: SQL parts, and whether they are the whole of it. */
function fieldCondition(path: string, condition: unknown, kindsOf: KindsOf): { parts: Part[]; exact: boolean } {
  const field = comparable(path, kindsOf);
  if (!field) return { parts: [], exact: false };
  if (!isOperatorObject(condition)) {
    const part = equality(field, condition);
    return part ? { parts: [part], exact: true } : { parts: [], exact: false };
  }
  const parts: Part[] = [];
  let exact = true;
  const bounds: [keyof typeof RANGE_OPERATORS, unknown][] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    let part: Part | undefined;
    if (operator in RANGE_OPERATORS) {
      bounds.push([operator as keyof typeof RANGE_OPERATORS, operand]);
      continue;
    }
    if (operator === "$eq") part = equality(field, operand);
    else if (operator === "$in") part = membership(field, operand);
    else if (operator === "$nin") part = exclusion(field, operand);
    else if (operator === "$ne") part = exclusion(field, [operand]);
    if (part) parts.push(part);
    else exact = false;
  }
  if (bounds.length > 0) {
    const part = range(field, bounds);
    if (part) parts.push(part);
    else exact = false;
  }
  return { parts, exact };
}

function joined(parts: readonly Part[]): Part {
  if (parts.length === 0) return { sql: "1", params: [] };
  return { sql: parts.map((part) => part.sql).join(" AND "), params: parts.flatMap((part) => part.params) };
}

/** Translates a filter; see `SqlFilter`. */
export function filterToSql(filter: Filter, kindsOf: KindsOf): SqlFilter {
  const parts: Part[] = [];
  const residual: Filter = {};
  const residualAnd: Filter[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === "$and" && Array.isArray(condition)) {
      for (const branch of condition as unknown[]) {
        const inner = isPlainObject(branch) ? filterToSql(branch, kindsOf) : undefined;
        if (inner?.narrows) parts.push({ sql: inner.where, params: inner.params });
        if (!inner) residualAnd.push(branch as Filter);
        else if (inner.residual) residualAnd.push(inner.residual);
      }
    } else if (key === "$or" && Array.isArray(condition)) {
      const branches = (condition as unknown[]).map((branch) => (isPlainObject(branch) ? filterToSql(branch, kindsOf) : undefined));
      const translated = branches.every((branch): branch is SqlFilter => branch !== undefined);
      // One branch SQL cannot narrow leaves the whole `$or` unnarrowed.
      if (translated && branches.length > 0 && branches.every((branch) => branch.narrows)) {
        parts.push({
          sql: `(${branches.map((branch) => `(${branch.where})`).join(" OR ")})`,
          params: branches.flatMap((branch) => branch.params),
        });
      }
      if (!translated || branches.some((branch) => branch.residual !== null)) residual[key] = condition;
    } else if (key.startsWith("$")) {
      residual[key] = condition;
    } else {
      const field = fieldCondition(key, condition, kindsOf);
      parts.push(...field.parts);
      if (!field.exact) residual[key] = condition;
    }
  }
  if (residualAnd.length > 0) residual.$and = residualAnd;
  const where = joined(parts);
  return {
    where: where.sql,
    params: where.params,
    narrows: parts.length > 0,
    residual: Object.keys(residual).length === 0 ? null : residual,
  };
}

/**
 * A sort as SQL's ORDER BY when SQL orders as MongoDB does: on `_id`, and on tracked paths
 * that held only null, numbers and strings (SQLite orders them as MongoDB does), or only
 * null and booleans. `undefined` when code must sort.
 */
export function sortToSql(sort: Record<string, SortOrder>, kindsOf: KindsOf): string | undefined {
  const terms: string[] = [];
  for (const [path, order] of Object.entries(sort)) {
    const field = comparable(path, kindsOf);
    if (!field) return undefined;
    const scalarOrder = (field.kinds & ~(KIND.null | KIND.number | KIND.string)) === 0 || (field.kinds & ~(KIND.null | KIND.boolean)) === 0;
    if (!scalarOrder) return undefined;
    terms.push(`${field.sql} ${order === -1 ? "DESC" : "ASC"}`);
  }
  return terms.join(", ");
}
