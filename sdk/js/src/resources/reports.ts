import type { APIPromise } from "../api-promise.js";
import type { RequestOptions } from "../core.js";
import { toSnakeKeys } from "../casing.js";
import type { PagePromise } from "../pagination.js";
import { Resource } from "../resource.js";
import type { DetailedReportEntry, QueryOf, SummaryReport } from "../types.js";

export type SummaryReportParams = Omit<QueryOf<"reports.summary">, "format">;
export type DetailedReportParams = Omit<QueryOf<"reports.detailed">, "format" | "page" | "perPage"> & { page?: number; perPage?: number };
export type ExportFormat = "csv" | "xlsx";

/** An exported report: the file's bytes, its name and its media type. */
export interface ReportFile {
  data: Uint8Array;
  filename: string | undefined;
  contentType: string | undefined;
}

/** `attachment; filename="x.csv"` -> `x.csv`. */
function filenameOf(disposition: string | null): string | undefined {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1];
}

/** Summary and detailed reports, as data or as CSV and XLSX files. */
export class Reports extends Resource {
  /** Time added up by `groupBy` (and `subGroupBy`) over whole days of `timezone`. */
  summary(params: SummaryReportParams, options?: RequestOptions): APIPromise<SummaryReport> {
    return this.call("GET", "/reports/summary", { query: params }, options);
  }

  /** The entries of the range with their names, paged; iterate for every entry. */
  detailed(params: DetailedReportParams, options?: RequestOptions): PagePromise<DetailedReportEntry> {
    return this.page<DetailedReportEntry>("/reports/detailed", params, options);
  }

  /** The summary report as a CSV or XLSX file. */
  exportSummary(params: SummaryReportParams & { format: ExportFormat }, options?: RequestOptions): APIPromise<ReportFile> {
    return this.exportFile("/reports/summary", params, options);
  }

  /** Every entry of the detailed report as a CSV or XLSX file. */
  exportDetailed(
    params: Omit<DetailedReportParams, "page" | "perPage"> & { format: ExportFormat },
    options?: RequestOptions,
  ): APIPromise<ReportFile> {
    return this.exportFile("/reports/detailed", params, options);
  }

  private exportFile(path: string, params: object, options: RequestOptions | undefined): APIPromise<ReportFile> {
    return this.file({ method: "GET", path, query: toSnakeKeys(params) }, options, (data, response) => ({
      data,
      filename: filenameOf(response.headers.get("content-disposition")),
      contentType: response.headers.get("content-type") ?? undefined,
    }));
  }
}
