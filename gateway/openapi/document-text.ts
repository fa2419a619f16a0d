import { MAX_PER_PAGE, DEFAULT_PER_PAGE } from "../../shared/paging";
import type { ApiStyle } from "../styles";
import type { HeaderObject, JsonSchema, ParameterObject } from "./types";

/** The prose and the fixed parts of the documents: what is not derived from the operations. */

/** Markdown paragraphs; backticks mark code. */
const paragraphs = (...lines: string[]) => lines.join("\n\n");

const COMMON_DESCRIPTION = paragraphs(
  "Stint records time against projects and tasks, by timer or by hand. Both styles serve the same operations over the same data; " +
    "they differ in the error body, the project id prefix and the rate limits. Style A's document is `/api/v1/openapi.json`, " +
    "Style B's `/api/openapi.json`; a rendered reference is at `/docs`.",
  "**Credentials.** `X-API-Key: <key>`, or `Authorization: Bearer <key or access token>`. Operations without security take none. " +
    "A missing or invalid credential is a 401; a valid one without the permission or role is a 403.",
  "**Bodies** are JSON objects of at most 1 MiB. Unknown fields and unknown query parameters are a 400 that names them. " +
    "Every response carries `X-Request-Id`.",
  "**Ids** are a prefix, `_` and 22 characters from `0-9A-Za-z`; a malformed id in a path is a 404. " +
    "Timestamps are ISO 8601 UTC with whole seconds (`2026-11-21T09:30:00Z`).",
  "**Compatibility.** Responses list every field they carry today. Within v1 fields are only added, so clients should ignore fields they do not know.",
);

export const STYLE_INFO: Readonly<Record<ApiStyle, { title: string; description: string }>> = {
  A: {
    title: "Stint API, Style A (/api/v1)",
    description: paragraphs(
      COMMON_DESCRIPTION,
      '**Style A.** Errors are `{ "error": { "code", "message", "details" } }`; projects are `prj_...`. Requests with a credential are ' +
        "limited per credential to 100 a minute, 5,000 an hour and 50,000 a day. The same routes are also served under `/v1`.",
    ),
  },
  B: {
    title: "Stint API, Style B (/api)",
    description: paragraphs(
      COMMON_DESCRIPTION,
      '**Style B.** Errors are `{ "error": "<message>", "code": "<UPPER_CASE>", "details" }`; projects are `proj_...`. Requests with a ' +
        "credential are limited per hour by the organization's plan: free 100, standard 1,000, pro 5,000, enterprise unlimited (and without rate-limit headers).",
    ),
  },
};

/** Tags in the order a reader meets them; tags a resource uses but not listed here follow. */
export const TAGS: readonly { name: string; description: string }[] = [
  { name: "Authentication", description: "Sign-up, sign-in, tokens and invitations: no credential needed, counted per client address" },
  { name: "Time entries", description: "Time recorded by hand or by timer" },
  { name: "Timers", description: "Starting and stopping the caller's one running timer" },
  { name: "Projects", description: "What time is recorded against" },
  { name: "Tasks", description: "Parts of a project" },
  { name: "Reports", description: "Time added up and listed over days of a time zone, as JSON or as CSV and XLSX files" },
  { name: "Imports", description: "Time entries brought in from CSV exports of Stint, Toggl Track, Clockify and Harvest" },
  { name: "Webhooks", description: "Signed HTTP deliveries of the organization's events, with their log" },
  { name: "Events", description: "The organization's events as they happen, as Server-Sent Events a client can resume" },
  { name: "Users", description: "The people of an organization and their roles" },
  { name: "Organization", description: "The caller's organization and its plan" },
  { name: "API keys", description: "Keys for servers, managed by signed-in users" },
  { name: "OAuth applications", description: "The developer portal's applications, and the applications each person has authorized" },
  {
    name: "OAuth 2.0",
    description: "The authorization server: pages and endpoints for third-party applications (RFC 6749, 7636, 7009, 7662, 8628)",
  },
  { name: "System", description: "Facts about the deployment" },
  { name: "Reference", description: "These documents" },
];

const integer = (description: string): HeaderObject => ({ description, schema: { type: "integer" } });

export const HEADERS: Record<string, HeaderObject> = {
  "X-RateLimit-Limit": integer("The limit of the window with the fewest requests left"),
  "X-RateLimit-Remaining": integer("Requests left in that window after this one"),
  "X-RateLimit-Reset": integer("Unix time, in seconds, at which that window ends"),
  "Retry-After": integer("Seconds to wait before retrying"),
  Location: { description: "Where the new resource can be read, in the style it was created in", schema: { type: "string" } },
  "Content-Disposition": { description: "On a file only: `attachment` and its file name", schema: { type: "string" } },
  ETag: { description: "The version of the document or image, for `If-None-Match`", schema: { type: "string" } },
  "Cache-Control": { description: "Who may cache the answer and for how long", schema: { type: "string" } },
};

export const SECURITY_SCHEMES: Record<string, Record<string, string>> = {
  apiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "An API key (`tt_live_...`), made under API keys" },
  bearer: {
    type: "http",
    scheme: "bearer",
    description: "An access token from sign-in, sign-up or refresh, an OAuth application's access token, or an API key",
  },
  oauthClient: {
    type: "http",
    scheme: "basic",
    description: "An OAuth application's `client_id` and `client_secret` (RFC 6749 §2.3.1); they may be sent in the form body instead",
  },
};

export const IDEMPOTENCY_KEY = "IdempotencyKey";

export const IDEMPOTENCY_KEY_PARAMETER: ParameterObject = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice.",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7E]+$" },
};

/**
 * Query parameters whose input schema (a string turned into a number) says less than the
 * parameter means. Applied wherever an operation takes a parameter of that name.
 */
export const QUERY_PARAMETER_SCHEMAS: Readonly<Record<string, { description: string; schema: JsonSchema }>> = {
  page: { description: "Page number, from 1", schema: { type: "integer", minimum: 1, maximum: 1_000_000, default: 1 } },
  per_page: {
    description: `Page size, at most ${MAX_PER_PAGE}`,
    schema: { type: "integer", minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
  },
};
