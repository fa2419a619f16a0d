import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  errorFieldsOf,
  errorForStatus,
  retryAfterSeconds,
  StintError,
} from "./errors.js";
import { VERSION } from "./version.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** An API key (`tt_live_...`). Defaults to the `STINT_API_KEY` environment variable where there is one. */
  apiKey?: string;
  /** An access token (from signing in or from OAuth), instead of an API key. */
  accessToken?: string;
  /** The service's root, scheme and host (`https://stint.example.com`). Defaults to `STINT_BASE_URL`. */
  baseUrl?: string;
  /** How many times a failed request is tried again (default 2). */
  maxRetries?: number;
  /** Milliseconds each attempt may take, the answer's body included (default 60 000). */
  timeout?: number;
  /**
   * The longest `Retry-After`, in seconds, waited out before a retry (default 60); past it the
   * error comes back at once. An interface a person watches sets it low, to say "try again in
   * N seconds" rather than wait silently.
   */
  longestRetryAfter?: number;
  /** Another `fetch` (a proxy agent, a test double, an older runtime's polyfill). */
  fetch?: Fetch;
  /** Headers sent with every request. */
  defaultHeaders?: Record<string, string>;
}

/** Per-request settings; each overrides the client's. */
export interface RequestOptions {
  maxRetries?: number;
  timeout?: number;
  /** Cancels the request, waits between retries included. */
  signal?: AbortSignal;
  /** The `Idempotency-Key` of a POST; a new random one when not given. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

export interface ApiRequest {
  method: HttpMethod;
  /** Below the Style A base, `/projects` for `/api/v1/projects`. */
  path: string;
  query?: Record<string, unknown>;
  /** A JSON body, or a form for uploads. */
  body?: unknown;
  /** A conditional GET: a 304 ("not modified") is an answer for the caller, not an error. */
  notModifiedIsAnswer?: boolean;
}

/** What came back: the response (its body already read) and its body, parsed or raw. */
export interface ApiResponse<T> {
  data: T;
  response: Response;
}

/** The one style this library speaks (docs/api.md#client-libraries): Style A, the versioned API. */
export const API_PREFIX = "/api/v1";
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_TIMEOUT_MS = 60_000;
/** First backoff and its cap, in seconds: full jitter picks a wait in [0, min(cap, base * 2^n)). */
const BACKOFF_BASE_SECONDS = 0.5;
const BACKOFF_CAP_SECONDS = 8;
/** A `Retry-After` longer than this is not waited for unless the client says: the error goes to the caller at once. */
const LONGEST_RETRY_AFTER_SECONDS = 60;

const CLIENT_NAME = `stint-js/${VERSION}`;

function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value ? value : undefined;
}

/** Browsers refuse a script's `User-Agent`; Node, Deno and Bun take it. */
function mayDescribeUserAgent(): boolean {
  return typeof (globalThis as { document?: unknown }).document === "undefined";
}

function runtimeName(): string {
  const scope = globalThis as {
    Deno?: { version?: { deno?: string } };
    Bun?: { version?: string };
    process?: { versions?: { node?: string } };
  };
  if (scope.Deno?.version?.deno) return `deno/${scope.Deno.version.deno}`;
  if (scope.Bun?.version) return `bun/${scope.Bun.version}`;
  if (scope.process?.versions?.node) return `node/${scope.process.versions.node}`;
  return "unknown-runtime";
}

/** Random bytes as hex, from the platform's cryptographic source where there is one. */
export function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes);
  const crypto = (globalThis as { crypto?: { getRandomValues?(array: Uint8Array): Uint8Array } }).crypto;
  if (crypto?.getRandomValues) crypto.getRandomValues(values);
  else for (let i = 0; i < bytes; i++) values[i] = Math.floor(Math.random() * 256);
  return Array.from(values, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fresh `Idempotency-Key`: 128 random bits. */
export function newIdempotencyKey(): string {
  return `stint-js-${randomHex(16)}`;
}

/**
 * `details.reason` of the 409 Stint answers while the first attempt of a POST with the same
 * `Idempotency-Key` is still running: the one 409 that a retry can resolve.
 */
export const IN_PROGRESS_REASON = "request_in_progress";

/**
 * Whether an error answer may turn out otherwise if the same request is sent again: 408, 429
 * and 5xx, and a 409 only when it says that an earlier attempt of the same POST is still
 * running. Any other 409 is a conflict with stored data, which no retry resolves; a PATCH,
 * PUT or DELETE is never retried on one.
 */
export function isRetried(method: HttpMethod, status: number, body: unknown): boolean {
  if (status === 409) return method === "POST" && errorFieldsOf(body).details?.reason === IN_PROGRESS_REASON;
  return status === 408 || status === 429 || status >= 500;
}

/** Full jitter: a random wait between nothing and the exponential bound, in milliseconds. */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const bound = Math.min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** retry);
  return random() * bound * 1000;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

function isForm(body: unknown): body is FormData {
  return typeof FormData !== "undefined" && body instanceof FormData;
}

/** Why one attempt ended without an answer. */
type AttemptFailure = { kind: "timeout" } | { kind: "abort" } | { kind: "connection"; cause: unknown };

/** An attempt's answer, with its body read, or why there was none. */
type Attempt = { response: Response; body: Uint8Array } | { failure: AttemptFailure };

/**
 * One attempt's own abort signal: aborted when the caller's signal is, or once `timeoutMs`
 * pass (then `timedOut` says so). `answered` ends the timeout and keeps the tie to the
 * caller's signal (a body still to read); `release` ends both.
 */
function attemptSignal(callerSignal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  callerSignal?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    answered: () => clearTimeout(timer),
    release: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onAbort);
    },
  };
}

/**
 * The transport under every resource: the address, the credential, the headers, and the
 * retries. One instance per `Stint` client.
 */
export class HttpClient {
  readonly baseUrl: string;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly longestRetryAfter: number;
  private readonly credentialHeaders: Record<string, string>;
  private readonly defaultHeaders: Record<string, string>;
  private readonly fetchImpl: Fetch;

  constructor(options: ClientOptions = {}) {
    const baseUrl = options.baseUrl ?? readEnv("STINT_BASE_URL");
    if (!baseUrl) throw new StintError("Stint needs a baseUrl (the service's root, like https://stint.example.com), or STINT_BASE_URL set");
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    if (options.apiKey && options.accessToken) throw new StintError("Give Stint an apiKey or an accessToken, not both");
    const apiKey = options.apiKey ?? (options.accessToken ? undefined : readEnv("STINT_API_KEY"));
    this.credentialHeaders = apiKey
      ? { "X-API-Key": apiKey }
      : options.accessToken
        ? { Authorization: `Bearer ${options.accessToken}` }
        : {};
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    this.longestRetryAfter = options.longestRetryAfter ?? LONGEST_RETRY_AFTER_SECONDS;
    this.defaultHeaders = options.defaultHeaders ?? {};
    if (!options.fetch && typeof globalThis.fetch !== "function")
      throw new StintError("No fetch: run on Node 18 or later, a browser or Deno, or pass one as the fetch option");
    // Called unbound, browsers' fetch throws "Illegal invocation".
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** Sends a request, retrying what may succeed when tried again, and returns the answer's body as JSON. */
  async json<T>(request: ApiRequest, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const { response, body } = await this.send(request, options);
    const text = new TextDecoder().decode(body);
    if (text === "") return { data: undefined as T, response };
    try {
      return { data: JSON.parse(text) as T, response };
    } catch {
      throw new StintError(
        `${request.method} ${request.path} answered ${response.status} with a body that is not JSON (${response.headers.get("content-type") ?? "no content type"}): is baseUrl the service's root?`,
      );
    }
  }

  /** The same, for answers that are files (exports): the body's bytes. */
  async bytes(request: ApiRequest, options: RequestOptions = {}): Promise<ApiResponse<Uint8Array>> {
    const { response, body } = await this.send(request, options);
    return { data: body, response };
  }

  /**
   * Opens a response to read as it arrives (a live stream): the answer once its headers are
   * in, with its body unread. One attempt: whoever reads the stream decides when to try again.
   * An error status is read and thrown as its typed error; a connection that fails as an
   * `APIConnectionError`, or `APITimeoutError` when the headers take longer than `timeout`.
   */
  async open(request: ApiRequest, options: RequestOptions = {}): Promise<Response> {
    const signal = options.signal;
    if (signal?.aborted) throw new APIUserAbortError();
    const own = attemptSignal(signal, options.timeout ?? this.timeout);
    let response: Response;
    try {
      response = await this.fetchImpl(this.urlOf(request), {
        method: request.method,
        headers: this.headersOf(request, options, undefined, 0),
        signal: own.signal,
      });
    } catch (cause) {
      own.release();
      if (signal?.aborted) throw new APIUserAbortError();
      if (own.timedOut)
        throw new APITimeoutError(`No answer from ${request.method} ${request.path} within ${options.timeout ?? this.timeout} ms`);
      throw new APIConnectionError(`Could not reach ${this.baseUrl}: ${describeFailure(cause)}`, { cause });
    }
    // From here the caller's signal ends the body's reading: the attempt's signal stays tied to it.
    own.answered();
    if (response.ok) return response;
    own.release();
    const body = parseErrorBody(new Uint8Array(await response.arrayBuffer().catch(() => new ArrayBuffer(0))));
    throw errorForStatus(response.status, body, response.headers, response.statusText || undefined);
  }

  private async send(request: ApiRequest, options: RequestOptions): Promise<{ response: Response; body: Uint8Array }> {
    const maxRetries = options.maxRetries ?? this.maxRetries;
    // One key for every attempt, so a POST whose answer was lost runs once.
    const idempotencyKey = request.method === "POST" ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
    for (let retry = 0; ; retry++) {
      const attempt = await this.attempt(request, options, idempotencyKey, retry);
      const mayRetry = retry < maxRetries;
      if ("failure" in attempt) {
        const { failure } = attempt;
        if (failure.kind === "abort") throw new APIUserAbortError();
        if (mayRetry) {
          await sleep(backoffMs(retry), options.signal);
          continue;
        }
        if (failure.kind === "timeout")
          throw new APITimeoutError(`No answer from ${request.method} ${request.path} within ${options.timeout ?? this.timeout} ms`);
        throw new APIConnectionError(`Could not reach ${this.baseUrl}: ${describeFailure(failure.cause)}`, { cause: failure.cause });
      }
      const { response, body } = attempt;
      if (response.ok || (response.status === 304 && request.notModifiedIsAnswer)) return attempt;
      const errorBody = parseErrorBody(body);
      if (mayRetry && isRetried(request.method, response.status, errorBody)) {
        const wait = this.retryWaitMs(response, retry);
        if (wait !== undefined) {
          await sleep(wait, options.signal);
          continue;
        }
      }
      throw errorForStatus(response.status, errorBody, response.headers, response.statusText || undefined);
    }
  }

  /** How long to wait before the next attempt: `Retry-After` when the server said, else the backoff. */
  private retryWaitMs(response: Response, retry: number): number | undefined {
    const told = retryAfterSeconds(response.headers);
    if (told === undefined) return backoffMs(retry);
    return told <= this.longestRetryAfter ? told * 1000 : undefined;
  }

  private async attempt(request: ApiRequest, options: RequestOptions, idempotencyKey: string | undefined, retry: number): Promise<Attempt> {
    const signal = options.signal;
    if (signal?.aborted) return { failure: { kind: "abort" } };
    const own = attemptSignal(signal, options.timeout ?? this.timeout);
    try {
      const response = await this.fetchImpl(this.urlOf(request), {
        method: request.method,
        headers: this.headersOf(request, options, idempotencyKey, retry),
        body: request.body === undefined ? undefined : isForm(request.body) ? request.body : JSON.stringify(request.body),
        signal: own.signal,
      });
      // The body is part of the attempt: a connection that breaks mid-body is retried too.
      const body = new Uint8Array(await response.arrayBuffer());
      return { response, body };
    } catch (cause) {
      if (signal?.aborted) return { failure: { kind: "abort" } };
      if (own.timedOut) return { failure: { kind: "timeout" } };
      return { failure: { kind: "connection", cause } };
    } finally {
      own.release();
    }
  }

  private urlOf(request: ApiRequest): string {
    return `${this.baseUrl}${API_PREFIX}${request.path}${queryString(request.query)}`;
  }

  private headersOf(
    request: ApiRequest,
    options: RequestOptions,
    idempotencyKey: string | undefined,
    retry: number,
  ): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      "X-Stint-Client": CLIENT_NAME,
      ...this.credentialHeaders,
    };
    if (mayDescribeUserAgent()) headers["User-Agent"] = `${CLIENT_NAME} ${runtimeName()}`;
    // A form's fetch sets its own Content-Type, with the boundary.
    if (request.body !== undefined && !isForm(request.body)) headers["Content-Type"] = "application/json";
    if (idempotencyKey !== undefined) headers["Idempotency-Key"] = idempotencyKey;
    if (retry > 0) headers["X-Stint-Retry-Count"] = String(retry);
    return { ...headers, ...this.defaultHeaders, ...options.headers };
  }
}

/** Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, a closed socket) is its cause. */
function describeFailure(cause: unknown): string {
  const error = cause as { message?: string; cause?: { code?: string; message?: string } } | undefined;
  const reason = error?.cause?.code ?? error?.cause?.message;
  return [error?.message ?? String(cause), reason].filter(Boolean).join(": ");
}

function parseErrorBody(body: Uint8Array): unknown {
  const text = new TextDecoder().decode(body);
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
