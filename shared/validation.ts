import { z } from "zod";
import { ApiError, type FieldProblem, type ValidationReason } from "./errors";
import { acceptedIdPattern, parseId, type IdKind } from "./ids";

/**
 * Inputs are described by one zod schema each: the schema validates and its inferred
 * type is the handler's parameter type. Problems become the 400 of docs/api.md#errors.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw ApiError.validation(toProblems(result.error, input, []));
}

/** What is said of a request body that is JSON but not an object (an array, a string, a number, null). */
export const NOT_A_JSON_OBJECT = "must be a JSON object";

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** The reason a schema's own check gives with its message (`params: { reason }`), if any. */
function declaredReasonOf(issue: z.core.$ZodIssue): ValidationReason | undefined {
  return (issue as { params?: { reason?: ValidationReason } }).params?.reason;
}

function reasonOf(issue: z.core.$ZodIssue, input: unknown): ValidationReason {
  const declared = declaredReasonOf(issue);
  if (declared) return declared;
  switch (issue.code) {
    case "invalid_type":
      return valueAt(input, issue.path) === undefined ? "required" : "invalid";
    case "unrecognized_keys":
      return "unknown";
    case "too_big":
      return issue.origin === "string" ? "too_long" : "out_of_range";
    case "too_small":
      return issue.origin === "string" ? "invalid" : "out_of_range";
    default:
      return "invalid";
  }
}

export function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** True when `path` is `bodyPath` itself, not a field inside it. */
function isAt(path: readonly PropertyKey[], bodyPath: readonly PropertyKey[]): boolean {
  return path.length === bodyPath.length && path.every((key, i) => key === bodyPath[i]);
}

/** `bodyPath` is where the request body sits in `input`: its problems as a whole are the body's. */
function toProblems(error: z.ZodError, input: unknown, bodyPath: readonly PropertyKey[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        problems.push({ field: fieldName([...issue.path, key]), reason: "unknown", message: "is not a known field" });
      }
      continue;
    }
    const reason = reasonOf(issue, input);
    const notAnObject = reason === "invalid" && issue.code === "invalid_type" && issue.expected === "object" && isAt(issue.path, bodyPath);
    // A check that declares its reason says why in its own words ("must name at least one event").
    const absent = reason === "required" && declaredReasonOf(issue) === undefined;
    const message = absent ? "is required" : notAnObject ? NOT_A_JSON_OBJECT : issue.message;
    problems.push({ field: fieldName(issue.path) || "body", reason, message });
  }
  return problems;
}

/** A string id of one kind, normalised to its stored form; any other string is invalid. */
export function idOf(kind: IdKind) {
  return z
    .string()
    .meta({ pattern: acceptedIdPattern(kind) })
    .transform((value, ctx) => {
      const id = parseId(kind, value);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: `is not a valid ${kind} id`, params: { reason: "invalid" } });
        return z.NEVER;
      }
      return id;
    });
}

/** An integer carried in a query string. */
export function queryInteger(min: number, max: number, fallback: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      // An empty value (`?page=`) is a value, and not a number: only an absent one takes the default.
      if (value === undefined) return fallback;
      if (!/^-?\d+$/.test(value)) {
        ctx.addIssue({ code: "custom", message: "must be a whole number", params: { reason: "invalid" } });
        return z.NEVER;
      }
      const parsed = Number(value);
      if (parsed < min || parsed > max) {
        ctx.addIssue({ code: "custom", message: `must be between ${min} and ${max}`, params: { reason: "out_of_range" } });
        return z.NEVER;
      }
      return parsed;
    });
}

/**
 * The body of a route that takes none. Whatever was sent is ignored; over the bus an
 * absent body is no key at all, so the key itself is optional.
 */
export const noBody = z.unknown().optional();

/** A boolean carried in a query string (`true` / `false`). */
export const queryBoolean = z.enum(["true", "false"]).transform((value) => value === "true");

/**
 * Validates the input of a routed action (`{ params, query, body }`). A bad path
 * parameter means the resource cannot exist: 404. Anything else is a 400 whose field
 * names are relative to the query or the body.
 */
export function validateRequest<S extends z.ZodType>(schema: S, input: unknown, resource: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  if (result.error.issues.some((issue) => issue.path[0] === "params")) throw ApiError.notFound(resource);
  const problems = toProblems(result.error, input, ["body"]).map((problem) => ({
    ...problem,
    field: problem.field.replace(/^(body|query)\.?/, "") || "body",
  }));
  throw ApiError.validation(problems);
}
