import type { APIPromise } from "../api-promise.js";
import type { RequestOptions } from "../core.js";
import { path, Resource, type FileContent } from "../resource.js";
import type { ImportJob } from "../types.js";

export type ImportSource = "stint" | "toggl" | "clockify" | "harvest";

export interface ImportCreateParams {
  /** Whose export the file is. */
  source: ImportSource;
  /** The file: a `Blob` (or `File`), bytes, or the CSV text itself. */
  file: FileContent;
  /** The file's name, when `file` is not a `File` (default `import.csv`). */
  filename?: string;
  /** The IANA time zone the file's local times are in (Toggl, Clockify, Harvest). */
  timezone?: string;
}

export interface ImportWaitOptions extends RequestOptions {
  /** Milliseconds between looks (default 500). */
  intervalMs?: number;
}

/** Time entries imported from CSV exports, as background jobs. */
export class Imports extends Resource {
  /** Uploads the file (`multipart/form-data`); the rows are imported in the background. */
  create(params: ImportCreateParams, options?: RequestOptions): APIPromise<ImportJob> {
    const file = { field: "file", content: params.file, mediaType: "text/csv", filename: params.filename, defaultName: "import.csv" };
    return this.uploadFile("/imports", { source: params.source, timezone: params.timezone }, file, options);
  }

  /** An import job: its status (`running`, `succeeded` or `failed`) and its counts of rows. */
  get(id: string, options?: RequestOptions): APIPromise<ImportJob> {
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
