import { APIPromise } from "./api-promise.js";
import { toSnakeKeys } from "./casing.js";
import type { ApiRequest, ApiResponse, HttpClient, HttpMethod, RequestOptions } from "./core.js";
import { PagePromise } from "./pagination.js";
import type { PageMeta } from "./types.js";

/** A path from segments, each escaped: `path("projects", id, "tasks")` -> `/projects/prj_.../tasks`. */
export function path(...segments: string[]): string {
  return segments.map((segment) => `/${encodeURIComponent(segment)}`).join("");
}

/** A file's content as callers may give it: a `Blob` (or `File`), bytes, or text. */
export type FileContent = Blob | Uint8Array | ArrayBuffer | string;

export interface UploadFile {
  /** The form field the file goes in. */
  field: string;
  content: FileContent;
  /** Its media type when `content` is not a `Blob` that says. */
  mediaType: string;
  filename: string | undefined;
  /** The name sent when neither `filename` nor a `File`'s own name gives one. */
  defaultName: string;
}

function asBlob(content: FileContent, mediaType: string): Blob {
  if (typeof Blob !== "undefined" && content instanceof Blob) return content;
  return new Blob([content] as ConstructorParameters<typeof Blob>[0], { type: mediaType });
}

function fileNameOf(content: FileContent): string | undefined {
  const name = (content as { name?: unknown }).name;
  return typeof name === "string" && name ? name : undefined;
}

/** An answer `{ data: T }`, as the call's result `T`. */
function unwrapped<T>(answer: Promise<ApiResponse<{ data: T }>>): APIPromise<T> {
  return new APIPromise(answer.then(({ data, response }) => ({ data: data.data, response })));
}

/**
 * What every resource does with the transport: single resources come wrapped as
 * `{ data }` and are handed back unwrapped; lists become pages; inputs go out in snake_case.
 */
export abstract class Resource {
  constructor(protected readonly http: HttpClient) {}

  /** A call whose answer is `{ data: T }`; resolves to `T`. */
  protected call<T>(
    method: HttpMethod,
    path: string,
    input: { query?: object; body?: object } = {},
    options?: RequestOptions,
  ): APIPromise<T> {
    const request = { method, path, query: toSnakeKeys(input.query), body: input.body === undefined ? undefined : toSnakeKeys(input.body) };
    return unwrapped(this.http.json<{ data: T }>(request, options));
  }

  /** A call whose answer is not wrapped in `{ data }` (sign-in and its like). */
  protected callUnwrapped<T>(method: HttpMethod, path: string, body: object | undefined, options?: RequestOptions): APIPromise<T> {
    return new APIPromise(this.http.json<T>({ method, path, body: toSnakeKeys(body) }, options));
  }

  /**
   * A `multipart/form-data` upload whose answer is `{ data: T }`. The fields go first and the
   * file last: Stint reads the fields before the file and none after it.
   */
  protected uploadFile<T>(
    path: string,
    fields: Record<string, string | undefined>,
    file: UploadFile,
    options?: RequestOptions,
  ): APIPromise<T> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
    form.append(file.field, asBlob(file.content, file.mediaType), file.filename ?? fileNameOf(file.content) ?? file.defaultName);
    return unwrapped(this.http.json<{ data: T }>({ method: "POST", path, body: form }, options));
  }

  /** A call whose answer has no body (204). */
  protected callForNothing(method: HttpMethod, path: string, options?: RequestOptions): APIPromise<void> {
    return new APIPromise(this.http.json<unknown>({ method, path }, options).then(({ response }) => ({ data: undefined, response })));
  }

  /** A call whose answer is a file: its bytes, made into what the method answers with the response's headers. */
  protected file<T>(
    request: ApiRequest,
    options: RequestOptions | undefined,
    convert: (bytes: Uint8Array, response: Response) => T,
  ): APIPromise<T> {
    return new APIPromise(this.http.bytes(request, options).then(({ data, response }) => ({ data: convert(data, response), response })));
  }

  /** A list: its first page, which pages on through the rest with the same filters. */
  protected page<T>(path: string, query: object | undefined, options?: RequestOptions): PagePromise<T> {
    const { page: firstPage = 1, ...rest } = (query ?? {}) as { page?: number };
    const filters = toSnakeKeys(rest) ?? {};
    return new PagePromise<T>(async (page) => {
      const { data, response } = await this.http.json<{ data: T[]; meta: PageMeta }>(
        { method: "GET", path, query: { ...filters, page } },
        options,
      );
      return { body: data, response };
    }, firstPage);
  }
}
