import { aRegistration } from "./builders";
import { checkAgainstOpenApi } from "./openapi-validation";

/**
 * A small client for API tests: real HTTP over a socket, JSON in and out. Every response is
 * checked against the published OpenAPI document of its style (see `openapi-validation.ts`):
 * an undocumented operation or status, or a body that does not match, fails the test.
 */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  /** The body's bytes, for answers that are files. */
  bytes: Buffer;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  raw?: string | Buffer;
  /** Sent as `multipart/form-data` (fetch writes the boundary). */
  form?: FormData;
  headers?: Record<string, string>;
}

/**
 * Test deployments trust loopback as a proxy, so each request may say which client it
 * comes from. Unless a test names one, every request comes from a different address of
 * the documentation ranges, so per-address limits only bite where a test means them to.
 */
function someClientAddress(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `${Math.random() < 0.5 ? "198.51.100" : "203.0.113"}.${byte()}`;
}

export async function request<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { "x-forwarded-for": someClientAddress(), ...options.headers };
  let body: string | Buffer | FormData | undefined;
  if (options.form !== undefined) {
    body = options.form;
  } else if (options.raw !== undefined) {
    body = options.raw;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString("utf8");
  const contentType = response.headers.get("content-type") ?? undefined;
  let parsed: unknown = undefined;
  if (text.length > 0 && (contentType ?? "").includes("json")) parsed = JSON.parse(text);
  checkAgainstOpenApi({ method, path, status: response.status, body: parsed, text, contentType });
  return { status: response.status, headers: response.headers, body: parsed as T, text, bytes };
}

/** How long a test's set-up keeps asking while the deployment answers 503 with `Retry-After`. */
const SETUP_PATIENCE_MS = 30_000;

/**
 * A request a test's set-up depends on (signing up, joining a team). A 503 with `Retry-After`
 * says "not now, ask again", and is asked again, as the client libraries do, after the wait
 * it names (at most a second here) until the answer is another or `SETUP_PATIENCE_MS` has
 * passed. Tests of the 503 itself call `request`.
 */
export async function setUpRequest<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const deadline = Date.now() + SETUP_PATIENCE_MS;
  for (;;) {
    const res = await request<T>(baseUrl, method, path, options);
    const retryAfter = Number(res.headers.get("retry-after") ?? Number.NaN);
    if (res.status !== 503 || !Number.isFinite(retryAfter) || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter, 1) * 1000));
  }
}

/** A client whose requests all carry `defaults` (a credential, say) unless a call overrides them. */
export function client(baseUrl: string, defaults: Record<string, string> = {}) {
  const send = <T>(method: string, path: string, options: RequestOptions = {}) =>
    request<T>(baseUrl, method, path, { ...options, headers: { ...defaults, ...options.headers } });
  return {
    get: <T = unknown>(path: string, options?: RequestOptions) => send<T>("GET", path, options),
    post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => send<T>("POST", path, { ...options, body }),
    put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => send<T>("PUT", path, { ...options, body }),
    patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => send<T>("PATCH", path, { ...options, body }),
    delete: <T = unknown>(path: string, options?: RequestOptions) => send<T>("DELETE", path, options),
    send: <T = unknown>(method: string, path: string, options?: RequestOptions) => send<T>(method, path, options),
  };
}

export interface Account {
  user: { id: string; email: string; role: string; organization_id: string };
  organization: { id: string; name: string; plan: string };
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
}

/** Registers a new organization and its owner; returns the account and a client signed in as the owner. */
export async function registerOwner(baseUrl: string, label = "Owner"): Promise<{ account: Account; api: Client }> {
  const res = await setUpRequest<Account>(baseUrl, "POST", "/api/auth/register", { body: aRegistration({ name: label }) });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { account: res.body, api: client(baseUrl, { authorization: `Bearer ${res.body.access_token}` }) };
}

export type Client = ReturnType<typeof client>;
