import { z } from "zod";
import { ID_PREFIX, STYLE_B_PROJECT_PREFIX, type IdKind } from "./ids";

/**
 * Building blocks of the response schemas. Schemas are written once, as Style A shows
 * them; the Style B document is derived by rewriting project ids (see `document.ts`).
 */

/** Every id is a prefix, `_`, and 22 characters from `0-9A-Za-z` (docs/api.md, Identifiers). */
const idPattern = (prefix: string) => `^${prefix}_[0-9A-Za-z]{22}$`;

/** The project id pattern of each style: the one difference between the two documents' schemas. */
export const PROJECT_ID_PATTERN = { A: idPattern(ID_PREFIX.project), B: idPattern(STYLE_B_PROJECT_PREFIX) } as const;

const EXAMPLE_RANDOM_PART = "4fJ2kLm9QxT7bN1cR8sV0w";

/** An id of one kind, with an example readers can recognise. */
export function idSchema(kind: IdKind) {
  const prefix = ID_PREFIX[kind];
  return z
    .string()
    .regex(new RegExp(idPattern(prefix)))
    .meta({ examples: [`${prefix}_${EXAMPLE_RANDOM_PART}`] });
}

/** ISO 8601 UTC with `Z` and whole seconds, the form of every timestamp in responses. */
export const timestamp = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
  .meta({ format: "date-time", examples: ["2026-11-21T09:30:00Z"] });

/** `{ "data": <resource> }`, the envelope of every single resource. */
export function single<T extends z.ZodType>(resource: T) {
  return z.object({ data: resource });
}

/** `{ "data": [...], "meta": { total, page, per_page } }`, the envelope of every list. */
export function list<T extends z.ZodType>(resource: T) {
  return z.object({
    data: z.array(resource),
    meta: z
      .object({
        total: z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe("Records matching the query, on every page"),
        page: z.int().min(1).max(1_000_000).describe("This page, from 1"),
        per_page: z.int().min(1).max(200).describe("Page size"),
      })
      .meta({ id: "PageMeta" }),
  });
}

/**
 * Whether two types have exactly the same fields. Response schemas assert it against the
 * service's presenter type, so a field added on one side and not the other fails the type check.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only when its type argument is `true`; call it with `SameShape<...>`. */
export function assertSameShape<Check extends true>(): Check | undefined {
  return undefined;
}
