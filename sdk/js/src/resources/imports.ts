import type { RequestOptions } from "../core.js";
import { path, Resource } from "../resource.js";
import type { ImportJob } from "../types.js";

export type ImportSource = "stint" | "toggl" | "clockify" | "harvest";

export interface ImportCreateParams {
  /** Whose export the file is. */
  source: ImportSource;
  /** The file: a `Blob` (or `File`), bytes, or the CSV text itself. */
  file: Blob | Uint8Array | ArrayBuffer | string;
  /** The file's name, when `file` is not a `File` (default `import.csv`). */
  filename?: string;
  /** The IANA time zone the file's local times are in (Toggl, Clockify, Harvest). */
  timezone?: string;
}

export interface ImportWaitOptions extends RequestOptions {
  /** Milliseconds between looks (default 500). */
  intervalMs?: number;
}

function asBlob(file: ImportCreateParams["file"]): Blob {
  if (typeof Blob !== "undefined" && file instanceof Blob) return file;
  return new Blob([file] as ConstructorParameters<typeof Blob>[0], { type: "text/csv" });
}

/** Time entries imported from CSV exports, as background jobs. */
export class Imports extends Resource {
  /** Uploads the file (`multipart/form-data`); the rows are imported in the background. */
  async create(params: ImportCreateParams, options?: RequestOptions): Promise<ImportJob> {
    const form = new FormData();
    // The service reads the fields before the file and none after it.
    form.append("source", params.source);
    if (params.timezone !== undefined) form.append("timezone", params.timezone);
    const name = params.filename ?? (params.file as { name?: unknown }).name;
    form.append("file", asBlob(params.file), typeof name === "string" && name ? name : "import.csv");
    const { data } = await this.http.json<{ data: ImportJob }>({ method: "POST", path: "/imports", body: form }, options);
    return data.data;
  }

  get(id: string, options?: RequestOptions): Promise<ImportJob> {
    return this.call("GET", path("imports", id), {}, options);
  }

  /** Looks at an import until it is no longer `running`. */
  async waitUntilDone(id: string, options: ImportWaitOptions = {}): Promise<ImportJob> {
    const { intervalMs = 500, ...request } = options;
    for (;;) {
      const job = await this.get(id, request);
      if (job.status !== "running") return job;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
