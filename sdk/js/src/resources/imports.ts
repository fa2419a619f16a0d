import type { APIPromise } from "../api-promise.js";
import type { RequestOptions } from "../core.js";
import { path, Resource, type FileContent } from "../resource.js";
import type { ImportJob, ImportPreview } from "../types.js";

export type ImportSource = "stint" | "toggl" | "clockify" | "harvest";

/** How to read dates with the year last when the file's own dates do not tell; `auto`: the vendor's default. */
export type ImportDateFormat = "auto" | "MM/DD/YYYY" | "DD/MM/YYYY" | "DD.MM.YYYY" | "YYYY-MM-DD";

export interface ImportCreateParams {
  /** Whose export the file is. */
  source: ImportSource;
  /** The file: a `Blob` (or `File`), bytes, or the CSV text itself. */
  file: FileContent;
  /** The file's name, when `file` is not a `File` (default `import.csv`). */
  filename?: string;
  /** The IANA time zone the file's local times are in (Toggl, Clockify, Harvest). */
  timezone?: string;
  /** How to read dates like `03/02/2026` when none of the file's dates shows the order (default `auto`). */
  dateFormat?: ImportDateFormat;
}

export interface ImportWaitOptions extends RequestOptions {
  /** Milliseconds between looks (default 500). */
  intervalMs?: number;
}

/** Time entries imported from CSV exports, as background jobs. */
export class Imports extends Resource {
  /** Uploads the file (`multipart/form-data`); the rows are imported in the background. */
  create(params: ImportCreateParams, options?: RequestOptions): APIPromise<ImportJob> {
    return this.upload(params, false, options);
  }

  /**
   * What importing the file would do (`dry_run=true`): its layout, delimiter and date format,
   * the first rows as they would be stored, the projects and tasks it would make, and the rows
   * it would refuse. Nothing is stored.
   */
  preview(params: ImportCreateParams, options?: RequestOptions): APIPromise<ImportPreview> {
    return this.upload(params, true, options);
  }

  private upload<T>(params: ImportCreateParams, dryRun: boolean, options?: RequestOptions): APIPromise<T> {
    const file = { field: "file", content: params.file, mediaType: "text/csv", filename: params.filename, defaultName: "import.csv" };
    const fields = {
      source: params.source,
      timezone: params.timezone,
      date_format: params.dateFormat,
      dry_run: dryRun ? "true" : undefined,
    };
    return this.uploadFile("/imports", fields, file, options);
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
