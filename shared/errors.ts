import { Errors } from "moleculer";

/**
 * The one error model. Services throw `ApiError`; it crosses the bus as a moleculer
 * error (`code` = HTTP status, `type` = stable code, `data` = details) and the
 * gateway renders it in the caller's style.
 */
export const ERROR_CODES = {
  invalid_request: { status: 400, styleB: "VALIDATION_ERROR" },
  unauthorized: { status: 401, styleB: "UNAUTHORIZED" },
  forbidden: { status: 403, styleB: "FORBIDDEN" },
  not_found: { status: 404, styleB: "NOT_FOUND" },
  /** A path the API serves, with a method it does not serve there; the answer's `Allow` lists those it does. */
  method_not_allowed: { status: 405, styleB: "METHOD_NOT_ALLOWED" },
  conflict: { status: 409, styleB: "CONFLICT" },
  payload_too_large: { status: 413, styleB: "PAYLOAD_TOO_LARGE" },
  unsupported_media_type: { status: 415, styleB: "UNSUPPORTED_MEDIA_TYPE" },
  /** An `Idempotency-Key` sent again with a different request body. */
  idempotency_key_reused: { status: 422, styleB: "IDEMPOTENCY_KEY_REUSED" },
  rate_limited: { status: 429, styleB: "RATE_LIMIT_EXCEEDED" },
  internal_error: { status: 500, styleB: "INTERNAL_ERROR" },
  service_unavailable: { status: 503, styleB: "SERVICE_UNAVAILABLE" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Every status an error can have. */
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode]["status"];

export type ValidationReason = "required" | "invalid" | "too_long" | "unknown" | "out_of_range";

export interface FieldProblem {
  field: string;
  reason: ValidationReason;
  message: string;
}

export type ErrorDetails = Record<string, unknown>;

export class ApiError extends Errors.MoleculerError {
  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(message, ERROR_CODES[code].status, code, details);
    this.name = "ApiError";
  }

  static notFound(what: string): ApiError {
    return new ApiError("not_found", `${what} not found`);
  }

  static conflict(message: string, details: ErrorDetails = {}): ApiError {
    return new ApiError("conflict", message, details);
  }

  /** A 400 naming the first bad field and listing all of them (docs/api.md#errors). */
  static validation(problems: FieldProblem[]): ApiError {
    const first = problems[0] ?? { field: "body", reason: "invalid" as const, message: "Invalid request" };
    return new ApiError("invalid_request", `${first.field}: ${first.message}`, {
      field: first.field,
      reason: first.reason,
      errors: problems,
    });
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}
