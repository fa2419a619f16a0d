/**
 * Errors, typed by what went wrong. Every error from an answer carries the parsed body, the
 * `X-Request-Id` and the error's code, message and details, whichever style's error shape
 * the server sent: Style A `{ error: { code, message, details } }`, Style B
 * `{ error, code, details }`, or OAuth's `{ error, error_description }`.
 */

/** The base of every error this library throws. */
export class StintError extends Error {
  override name = "StintError";
}

/** The fields both error styles share, read from a body of either shape. */
export interface ErrorFields {
  code: string | undefined;
  message: string | undefined;
  details: Record<string, unknown> | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The code, message and details of an error body of any of the shapes Stint answers with. */
export function errorFieldsOf(body: unknown): ErrorFields {
  if (!isRecord(body)) return { code: undefined, message: undefined, details: undefined };
  const details = isRecord(body.details) ? body.details : undefined;
  const error = body.error;
  if (isRecord(error)) {
    // Style A.
    return {
      code: typeof error.code === "string" ? error.code : undefined,
      message: typeof error.message === "string" ? error.message : undefined,
      details: isRecord(error.details) ? error.details : undefined,
    };
  }
  if (typeof error === "string" && typeof body.code === "string") {
    // Style B.
    return { code: body.code, message: error, details };
  }
  if (typeof error === "string") {
    // RFC 6749, from the OAuth endpoints.
    return { code: error, message: typeof body.error_description === "string" ? body.error_description : undefined, details };
  }
  return { code: undefined, message: undefined, details };
}

/** An answer with an error status. Subclasses name the common ones. */
export class APIError extends StintError {
  override name = "APIError";
  /** The HTTP status. */
  readonly status: number;
  /** The error's code as the server sent it: `not_found` (Style A) or `NOT_FOUND` (Style B). */
  readonly code: string | undefined;
  /** The error's details: for a 400, `field`, `reason` and `errors`. */
  readonly details: Record<string, unknown> | undefined;
  /** The parsed body (or its text, when it was not JSON). */
  readonly body: unknown;
  /** The server's `X-Request-Id` for this request: quote it when asking for help. */
  readonly requestId: string | undefined;
  readonly headers: Headers;

  constructor(status: number, body: unknown, headers: Headers, fallbackMessage?: string) {
    const fields = errorFieldsOf(body);
    super(`${status} ${fields.message ?? fallbackMessage ?? "request failed"}`);
    this.status = status;
    this.code = fields.code;
    this.details = fields.details;
    this.body = body;
    this.headers = headers;
    this.requestId = headers.get("x-request-id") ?? undefined;
  }
}

export class BadRequestError extends APIError {
  override name = "BadRequestError";
}
export class AuthenticationError extends APIError {
  override name = "AuthenticationError";
}
export class PermissionDeniedError extends APIError {
  override name = "PermissionDeniedError";
}
export class NotFoundError extends APIError {
  override name = "NotFoundError";
}
export class ConflictError extends APIError {
  override name = "ConflictError";
}
/** 413: the body or the uploaded file is larger than Stint accepts (a JSON body over 1 MiB, an image over 10 MiB). */
export class PayloadTooLargeError extends APIError {
  override name = "PayloadTooLargeError";
}
/** 422: an `Idempotency-Key` used before with another body. */
export class UnprocessableEntityError extends APIError {
  override name = "UnprocessableEntityError";
}
export class RateLimitError extends APIError {
  override name = "RateLimitError";
  /** Seconds to wait before trying again, from `Retry-After` or the body's `details.retry_after`. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: unknown, headers: Headers, fallbackMessage?: string) {
    super(status, body, headers, fallbackMessage);
    this.retryAfter = retryAfterSeconds(headers) ?? (typeof this.details?.retry_after === "number" ? this.details.retry_after : undefined);
  }
}
/** Any 5xx. */
export class InternalServerError extends APIError {
  override name = "InternalServerError";
}

/** No answer came: the connection failed or broke (after every retry). */
export class APIConnectionError extends StintError {
  override name = "APIConnectionError";
  constructor(message = "Connection error", options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No answer came within the timeout (after every retry). */
export class APITimeoutError extends APIConnectionError {
  override name = "APITimeoutError";
  constructor(message = "Request timed out") {
    super(message);
  }
}

/** The caller's `AbortSignal` ended the request. Never retried. */
export class APIUserAbortError extends StintError {
  override name = "APIUserAbortError";
  constructor(message = "Request was aborted") {
    super(message);
  }
}

/** A webhook whose signature or timestamp does not check out. */
export class WebhookVerificationError extends StintError {
  override name = "WebhookVerificationError";
}

type ErrorClass = new (status: number, body: unknown, headers: Headers, fallbackMessage?: string) => APIError;

const BY_STATUS: Readonly<Record<number, ErrorClass>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The typed error for an answer with an error status. */
export function errorForStatus(status: number, body: unknown, headers: Headers, fallbackMessage?: string): APIError {
  const Class = BY_STATUS[status] ?? (status >= 500 ? InternalServerError : APIError);
  return new Class(status, body, headers, fallbackMessage);
}

/**
 * `Retry-After` in seconds: a number of seconds or an HTTP date; `undefined` when absent
 * or unreadable.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get("retry-after");
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}
