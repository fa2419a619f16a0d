import { z } from "zod";
import { noBody } from "./validation";

/** Path parameters or a query string that must be empty: anything sent is a 400 naming it. */
export const nothing = z.object({}).strict();

/** The input of an operation that takes nothing: no path parameters, no query, no body. */
export const noInput = z.object({ params: nothing, query: nothing, body: noBody });

/**
 * Text that must hold something once trimmed, as the server reads it. The documents say
 * so with the pattern `\S`, so that a client following them never sends only spaces.
 */
export function trimmedText(max: number) {
  return z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .meta({ pattern: "\\S" });
}

/** An update must change something: `minProperties: 1` in the documents, a 400 naming `body` otherwise. */
export function someChanges<T extends z.ZodObject>(body: T): T {
  return body.refine((fields) => Object.keys(fields).length > 0, { message: "must change at least one field", params: { reason: "required" } }).meta({ minProperties: 1 });
}

/** RFC 5321's limit on the part before the `@`, which the documents' `format: email` implies. */
const MAX_LOCAL_PART = 64;

/** An email address as accounts keep it: trimmed, lower-cased, one a deployment. */
export const emailAddress = z
  .string()
  .trim()
  .max(254, "must be at most 254 characters")
  .email("must be an email address")
  .refine((value) => value.lastIndexOf("@") <= MAX_LOCAL_PART, { message: `must have at most ${MAX_LOCAL_PART} characters before the @`, params: { reason: "invalid" } })
  .transform((value) => value.toLowerCase());
