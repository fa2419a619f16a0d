/** A small client for API tests: real HTTP over a socket, JSON in and out. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

export async function request<T = unknown>(baseUrl: string, method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | Buffer | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text.length > 0 && (response.headers.get("content-type") ?? "").includes("json")) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export function client(baseUrl: string) {
  return {
    get: <T = unknown>(path: string, options?: RequestOptions) => request<T>(baseUrl, "GET", path, options),
    post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>(baseUrl, "POST", path, { ...options, body }),
    put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>(baseUrl, "PUT", path, { ...options, body }),
    patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>(baseUrl, "PATCH", path, { ...options, body }),
    delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>(baseUrl, "DELETE", path, options),
    send: <T = unknown>(method: string, path: string, options?: RequestOptions) => request<T>(baseUrl, method, path, options),
  };
}

export type Client = ReturnType<typeof client>;
