import { ERROR_CODES, isErrorCode, type ErrorCode, type ErrorDetails } from "../shared/errors";
import { outageOf, type OutageKind } from "../shared/outage";

/** An error reduced to what a caller may see. */
export interface ErrorResponse {
  status: number;
  code: ErrorCode;
  message: string;
  details: ErrorDetails;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  type?: unknown;
  data?: unknown;
}

/** body-parser's error types, as moleculer-web passes them on in `type`. */
const BODY_PARSER_ERRORS: Record<string, ErrorResponse> = {
  "entity.parse.failed": {
    status: 400,
    code: "invalid_request",
    message: "The request body is not valid JSON",
    details: { field: "body", reason: "invalid" },
  },
  "entity.too.large": {
    status: 413,
    code: "payload_too_large",
    message: "The request body is larger than 1 MiB",
    details: { limit_bytes: 1048576 },
  },
  "encoding.unsupported": {
    status: 415,
    code: "unsupported_media_type",
    message: "The request body's encoding is not supported",
    details: {},
  },
  "charset.unsupported": {
    status: 415,
    code: "unsupported_media_type",
    message: "The request body's charset is not supported",
    details: {},
  },
  "request.aborted": {
    status: 400,
    code: "invalid_request",
    message: "The request body was not received in full",
    details: { field: "body", reason: "invalid" },
  },
  "request.size.invalid": {
    status: 400,
    code: "invalid_request",
    message: "The request body does not match its Content-Length",
    details: { field: "body", reason: "invalid" },
  },
};

/** moleculer-web's errors that callers may meet, by name. */
const FRAMEWORK_ERRORS: Record<string, ErrorResponse> = {
  NotFoundError: { status: 404, code: "not_found", message: "No such route", details: {} },
};

/**
 * A dependency that is away: the node serving the request died or did not answer in time, or
 * the bus, the store or the counters cannot be reached. Always a 503 with `Retry-After`, never
 * a 500: the request may be sent again once the dependency is back.
 */
const OUTAGES: Record<OutageKind, ErrorResponse> = {
  bus: {
    status: 503,
    code: "service_unavailable",
    message: "A service this request needs is not available; try again shortly",
    details: {},
  },
  store: { status: 503, code: "service_unavailable", message: "The data store is not available; try again shortly", details: {} },
  counters: { status: 503, code: "service_unavailable", message: "The counters store is not available; try again shortly", details: {} },
};

const NO_SUCH_ROUTE = FRAMEWORK_ERRORS.NotFoundError as ErrorResponse;

const INTERNAL: ErrorResponse = { status: 500, code: "internal_error", message: "Something went wrong on our side", details: {} };

/**
 * Whatever was thrown, the response a caller gets: our own errors keep their code and
 * details, known framework errors get theirs, anything else is a 500 that reveals nothing.
 */
export function toErrorResponse(thrown: unknown): ErrorResponse {
  const err = (thrown ?? {}) as ErrorLike;
  const type = typeof err.type === "string" ? err.type : undefined;
  const status = typeof err.code === "number" ? err.code : undefined;

  if (type && BODY_PARSER_ERRORS[type]) return BODY_PARSER_ERRORS[type];
  // moleculer-web could not percent-decode a path segment (`/projects/%ff`): no resource has that id.
  if (err.name === "BadRequestError" && type === "UNABLE_DECODE_PARAM") return NO_SUCH_ROUTE;
  if (typeof err.name === "string" && FRAMEWORK_ERRORS[err.name]) return FRAMEWORK_ERRORS[err.name] as ErrorResponse;
  const outage = outageOf(thrown);
  if (outage) return OUTAGES[outage];
  if (isErrorCode(type) && status === ERROR_CODES[type].status && (status < 500 || type === "service_unavailable")) {
    const details = err.data !== null && typeof err.data === "object" ? (err.data as ErrorDetails) : {};
    return { status, code: type, message: typeof err.message === "string" ? err.message : type, details };
  }
  return INTERNAL;
}
