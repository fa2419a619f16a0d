import { APIConnectionError, APIError, APITimeoutError, RateLimitError } from "@stint/sdk";

/**
 * What a form calls the fields the API names: `{ estimate_seconds: "Estimate (hours)" }`. A
 * refusal then speaks of "Estimate (hours)", as the form's label does, not of `estimate_seconds`.
 */
export type FieldWords = Readonly<Record<string, string>>;

/**
 * A field as a person reads it: the form's label when the form gives one, else the API's name
 * in plain words. An item of a list ("redirect_uris.1") is the list's label and the item's line.
 */
function fieldInWords(field: string, words: FieldWords): string {
  const [name = field, index] = field.split(/\.(?=\d+$)/);
  const line = index === undefined ? "" : ` (line ${Number(index) + 1})`;
  const label = words[name] ?? name.replace(/[._]/g, " ").replace(/^\w/, (first) => first.toUpperCase());
  return `${label}${line}`;
}

interface FieldProblem {
  field?: unknown;
  message?: unknown;
}

/** Every bad field of a 400 as "Label: problem", or nothing when the answer lists none. */
function fieldProblems(details: Record<string, unknown> | undefined, words: FieldWords): string[] {
  const errors = Array.isArray(details?.errors) ? (details.errors as FieldProblem[]) : [];
  return errors
    .filter((problem) => typeof problem.field === "string" && problem.field !== "body")
    .map((problem) => `${fieldInWords(String(problem.field), words)}: ${String(problem.message)}`);
}

/** Any failure, in words a person can act on; never a stack, a bare status code or a field as the API spells it. */
export function describeError(error: unknown, words: FieldWords = {}): string {
  if (error instanceof APITimeoutError) return "Stint took too long to answer. Check your connection and try again.";
  if (error instanceof APIConnectionError) return "Stint could not be reached. Check your connection and try again.";
  if (error instanceof RateLimitError) {
    const wait = error.retryAfter ? ` in ${Math.ceil(error.retryAfter)} seconds` : " in a moment";
    return `Too many requests just now. Try again${wait}.`;
  }
  if (error instanceof APIError) {
    // The library's message is "<status> <the server's words>": keep the words, drop the number.
    // A validation message starts with its field as the API spells it ("hourly_rate: ..."); the
    // list of problems says each in the form's words instead, when the answer has one.
    const fields = fieldProblems(error.details, words);
    const said = error.message.replace(/^\d{3}\s*/, "");
    const plain = said.replace(/^([a-z_]+(?:\.\d+)?):/, (_whole, field: string) => `${fieldInWords(field, words)}:`);
    const lines = fields.length ? fields : plain && plain !== "request failed" ? [plain] : [];
    if (error.status === 401) return "Your sign-in has ended. Sign in again.";
    if (error.status === 403) return lines.length ? `Not allowed: ${lines.join("; ")}` : "Your role does not allow this.";
    if (error.status === 404) return lines.length ? lines.join("; ") : "That was not found; it may have been deleted.";
    if (error.status >= 500) return "Stint could not do this just now. Try again in a moment.";
    return lines.length ? lines.join("; ") : "Stint refused this request.";
  }
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Try again.";
}
