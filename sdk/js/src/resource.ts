import { toSnakeKeys } from "./casing.js";
import type { HttpClient, HttpMethod, RequestOptions } from "./core.js";
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

/**
 * What every resource does with the transport: single resources come wrapped as
 * `{ data }` and are handed back unwrapped; lists become pages; inputs go out in snake_case.
 */
export abstract class Resource {
  constructor(protected readonly http: HttpClient) {}

  /** A call whose answer is `{ data: T }`; returns `T`. */
  protected async call<T>(
    method: HttpMethod,
    path: string,
    input: { query?: object; body?: object } = {},
    options?: RequestOptions,
  ): Promise<T> {
    const { data } = await this.http.json<{ data: T }>(
      { method, path, query: toSnakeKeys(input.query), body: input.body === undefined ? undefined : toSnakeKeys(input.body) },
      options,
    );
    return data.data;
  }

  /** A call whose answer is not wrapped in `{ data }` (sign-in and its like). */
  protected async callUnwrapped<T>(method: HttpMethod, path: string, body: object | undefined, options?: RequestOptions): Promise<T> {
    const { data } = await this.http.json<T>({ method, path, body: toSnakeKeys(body) }, options);
    return data;
  }

  /**
   * A `multipart/form-data` upload whose answer is `{ data: T }`. The fields go first and the
   * file last: Stint reads the fields before the file and none after it.
   */
  protected async uploadFile<T>(
    path: string,
    fields: Record<string, string | undefined>,
    file: UploadFile,
    options?: RequestOptions,
  ): Promise<T> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
    form.append(file.field, asBlob(file.content, file.mediaType), file.filename ?? fileNameOf(file.content) ?? file.defaultName);
    const { data } = await this.http.json<{ data: T }>({ method: "POST", path, body: form }, options);
    return data.data;
  }

  /** A call whose answer has no body (204). */
  protected async callForNothing(method: HttpMethod, path: string, options?: RequestOptions): Promise<void> {
    await this.http.json<unknown>({ method, path }, options);
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
