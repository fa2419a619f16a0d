export { Stint } from "./client.js";
export { Stint as default } from "./client.js";
export type { ClientOptions, RequestOptions } from "./core.js";
export { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from "./core.js";
export {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  StintError,
  UnprocessableEntityError,
  WebhookVerificationError,
} from "./errors.js";
export { APIPromise } from "./api-promise.js";
export type { WithResponse } from "./api-promise.js";
export { Page, PagePromise } from "./pagination.js";
export { EventStream } from "./event-stream.js";
export { signWebhook, verifyWebhook, WEBHOOK_TOLERANCE_SECONDS } from "./webhook-signature.js";
export type { SignOptions, VerifyOptions, WebhookEvent, WebhookHeaders } from "./webhook-signature.js";
export type * from "./types.js";
export type * from "./resources/account.js";
export type * from "./resources/events.js";
export type * from "./resources/imports.js";
export type * from "./resources/oauth.js";
export type * from "./resources/projects.js";
export type * from "./resources/rates.js";
export type * from "./resources/reports.js";
export type * from "./resources/screenshots.js";
export type * from "./resources/tags.js";
export type * from "./resources/tasks.js";
export type * from "./resources/time-entries.js";
export type * from "./resources/users.js";
export type * from "./resources/webhooks.js";
export type { components, operations, paths } from "./generated/openapi.js";
export { VERSION } from "./version.js";
