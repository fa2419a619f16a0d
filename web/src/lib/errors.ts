import { APIConnectionError, APIError, APITimeoutError, RateLimitError } from "@stint/sdk";

/** Every bad field of a 400 after the first (which the message names already), as "field: problem". */
function fieldProblems(details: Record<string, unknown> | undefined): string[] {
  const errors = Array.isArray(details?.errors) ? (details.errors as { field?: unknown; message?: unknown }[]) : [];
  return errors.slice(1).map((problem) => `${String(problem.field).replace(/_/g, " ")}: ${String(problem.message)}`);
}

/** Any failure, in words a person can act on; never a stack or a bare status code. */
export function describeError(error: unknown): string {
  if (error instanceof APITimeoutError) return "Stint took too long to answer. Check your connection and try again.";
  if (error instanceof APIConnectionError) return "Stint could not be reached. Check your connection and try again.";
  if (error instanceof RateLimitError) {
    const wait = error.retryAfter ? ` in ${Math.ceil(error.retryAfter)} seconds` : " in a moment";
    return `Too many requests just now. Try again${wait}.`;
  }
  if (error instanceof APIError) {
    // The library's message is "<status> <the server's words>": keep the words, drop the number.
    // A validation message names its field as the API spells it ("hourly_rate: ..."): in words here.
    const words = error.message
      .replace(/^\d{3}\s*/, "")
      .replace(/^([a-z]+(?:_[a-z]+)+):/, (_whole, field: string) => `${field.replace(/_/g, " ")}:`);
    const said = words && words !== "request failed" ? words : "";
    const lines = [said, ...fieldProblems(error.details)].filter(Boolean);
    if (error.status === 401) return "Your sign-in has ended. Sign in again.";
    if (error.status === 403) return lines.length ? `Not allowed: ${lines.join("; ")}` : "Your role does not allow this.";
    if (error.status === 404) return lines.length ? lines.join("; ") : "That was not found; it may have been deleted.";
    if (error.status >= 500) return "Stint could not do this just now. Try again in a moment.";
    return lines.length ? lines.join("; ") : "Stint refused this request.";
  }
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Try again.";
}
