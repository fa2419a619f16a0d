import { isPlainObject } from "./update";

/**
 * Field paths as SQL over the embedded store's JSON documents, and what kinds of value each
 * indexed path has held. SQLite's `json_extract` does not keep MongoDB's distinctions: it
 * gives `true` as 1, an array or object as its JSON text, and a path through an array as
 * nothing. A filter or sort on a path is therefore handed to SQL only where the kinds the
 * path has ever held make SQL's answer MongoDB's; elsewhere it is evaluated in code.
 */

export const KIND = { null: 1, number: 2, string: 4, boolean: 8, object: 16, array: 32 } as const;
/** The kinds a path has held, as a set of `KIND` bits (missing counts as null). */
export type Kinds = number;

const SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/** Whether a dotted path can be written into SQL as a JSON path literal. */
export function isSqlPath(path: string): boolean {
  return path.split(".").every((segment) => SEGMENT.test(segment));
}

/** The SQL expression of a path's value: the `id` column for `_id`, `json_extract` otherwise. Same text for indexes and queries, so SQLite matches them. */
export function valueSql(path: string): string {
  if (path === "_id") return "id";
  if (!isSqlPath(path)) throw new Error(`field paths are letters, digits, "_" and "-" between dots: ${JSON.stringify(path)}`);
  return `json_extract(doc, '$.${path
    .split(".")
    .map((segment) => `"${segment}"`)
    .join(".")}')`;
}

/** The kind of one value. */
export function kindOf(value: unknown): number {
  if (value === null || value === undefined) return KIND.null;
  if (Array.isArray(value)) return KIND.array;
  switch (typeof value) {
    case "number":
      return KIND.number;
    case "string":
      return KIND.string;
    case "boolean":
      return KIND.boolean;
    default:
      return KIND.object;
  }
}

/** The kind at a path of a document; an array on the way counts as an array (MongoDB would look into it). */
export function kindAt(doc: unknown, path: string): number {
  let node = doc;
  for (const segment of path.split(".")) {
    if (Array.isArray(node)) return KIND.array;
    if (!isPlainObject(node)) return KIND.null;
    node = node[segment];
  }
  return kindOf(node);
}

/** True when the path held only scalars, so `json_extract` gives each value itself. */
export function onlyScalars(kinds: Kinds): boolean {
  return (kinds & (KIND.object | KIND.array)) === 0;
}
