import { z } from "zod";
import { ERROR_CODES, type ErrorCode, type ErrorStatus } from "../../shared/errors";
import type { ApiStyle } from "../styles";

/**
 * Error bodies (docs/api.md#errors), one schema per code, in each style's shape. They are
 * style-specific, so they are named by the document builder rather than registered here.
 */

const REASONS = ["required", "invalid", "too_long", "unknown", "out_of_range"] as const;

const fieldProblem = z.object({ field: z.string(), reason: z.enum(REASONS), message: z.string() });

/** A 400 names the first bad field and, for a validation failure, lists every one. */
const validationDetails = z
  .looseObject({
    field: z.string().describe("The first bad field: a body or query field, `body`, or a header name"),
    reason: z.enum(REASONS),
    errors: z.array(fieldProblem).optional().describe("Every bad field, when the request failed validation"),
  })
  .meta({ examples: [{ field: "name", reason: "required", errors: [{ field: "name", reason: "required", message: "is required" }] }] });

const rateLimitDetails = z
  .looseObject({ retry_after: z.int().min(1).max(Number.MAX_SAFE_INTEGER).describe("Seconds until a retry can succeed") })
  .meta({ examples: [{ retry_after: 40 }] });

const anyDetails = z.record(z.string(), z.unknown()).meta({ examples: [{}] });

function detailsOf(code: ErrorCode): z.ZodType {
  if (code === "invalid_request") return validationDetails;
  if (code === "rate_limited") return rateLimitDetails;
  return anyDetails;
}

export function errorBodySchema(style: ApiStyle, code: ErrorCode): z.ZodType {
  const details = detailsOf(code);
  if (style === "A") {
    return z.object({ error: z.object({ code: z.literal(code), message: z.string(), details }) });
  }
  return z.object({ error: z.string().describe("What went wrong, for people"), code: z.literal(ERROR_CODES[code].styleB), details });
}

/** What each error status means, and the name its response and schema have in the documents. */
export const ERROR_RESPONSES: Readonly<Record<ErrorCode, { name: string; description: string }>> = {
  invalid_request: {
    name: "BadRequest",
    description: "The request is malformed or a field is invalid: `details` names the first bad field",
  },
  unauthorized: { name: "Unauthorized", description: "No credential, or one that is unknown, revoked or expired" },
  forbidden: { name: "Forbidden", description: "The credential lacks the permission or the role this operation needs" },
  not_found: { name: "NotFound", description: "No such resource in the caller's organization (or a malformed id in the path)" },
  method_not_allowed: {
    name: "MethodNotAllowed",
    description: "The path is served, but not with this method: `Allow` lists the methods it serves",
  },
  conflict: { name: "Conflict", description: "The request conflicts with the current state" },
  payload_too_large: { name: "PayloadTooLarge", description: "The JSON body is larger than 1 MiB" },
  unsupported_media_type: { name: "UnsupportedMediaType", description: "The body is not sent as `application/json`" },
  idempotency_key_reused: { name: "IdempotencyKeyReused", description: "This `Idempotency-Key` was already used with a different body" },
  rate_limited: { name: "TooManyRequests", description: "A rate limit is exhausted; `Retry-After` says when to try again" },
  internal_error: { name: "InternalError", description: "Something failed on the server; nothing internal is shown" },
  service_unavailable: { name: "ServiceUnavailable", description: "A service this request needs is not available; retry shortly" },
};

export function errorCodeOf(status: ErrorStatus): ErrorCode {
  const code = (Object.keys(ERROR_CODES) as ErrorCode[]).find((candidate) => ERROR_CODES[candidate].status === status);
  if (!code) throw new Error(`no error code has status ${status}`);
  return code;
}
