import { createHash } from "node:crypto";

/**
 * What makes two requests "the same" for an `Idempotency-Key`: the method, the path and the
 * body as parsed JSON written out canonically. Canonical means object keys sorted by UTF-16
 * code unit at every depth, no whitespace, arrays in their own order, numbers and strings as
 * `JSON.stringify` writes them. So `{"a":1,"b":2}` and `{ "b": 2, "a": 1 }` are the same
 * body, while `1` and `1.5`, `"1"` and `1`, or `[1,2]` and `[2,1]` are not. Comparing parsed
 * JSON rather than the bytes received spares clients whose libraries reorder keys or change
 * whitespace between attempts.
 */

/** The body written canonically; `undefined` (no body at all) has no JSON text and gives `""`. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "";
  return write(value);
}

function write(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "number":
      // As JSON.stringify: a number JSON cannot hold (NaN, Infinity) is written as null.
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) {
        // As JSON.stringify: a hole or an undefined item is written as null.
        return `[${Array.from(value, (item: unknown) => (item === undefined ? "null" : write(item))).join(",")}]`;
      }
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, inner]) => inner !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${write(inner)}`).join(",")}}`;
    }
    default:
      throw new TypeError(`a request body cannot hold a ${typeof value}`);
  }
}

/**
 * SHA-256 (hex) of the method, the path and the canonical body. The method and path are
 * written as a JSON array, which escapes every line break, so the first line break ends them
 * and no two different requests share an input.
 */
export function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${JSON.stringify([method.toUpperCase(), path])}\n${canonicalJson(body)}`)
    .digest("hex");
}
