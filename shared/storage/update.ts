import { randomBytes } from "node:crypto";
import type { Filter, Update } from "./port";
import { assertPortableUpdate, equalityFields } from "./portable";

/** Updates applied in code the way MongoDB applies them, for the embedded store. */

export type Doc = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Doc {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

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
export function applyUpdate(doc: Doc, update: Update): void {
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
export function upsertDocument(filter: Filter, update: Update): Doc {
  const doc: Doc = {};
  for (const [path, value] of equalityFields(filter)) setPath(doc, path, value);
  applyUpdate(doc, update);
  if (doc._id === undefined) doc._id = newDocumentId();
  if (typeof doc._id !== "string") throw new Error("_id must be a string");
  return doc;
}
