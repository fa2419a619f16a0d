/**
 * What the imports service shows the world: the sources it reads, an import job as its
 * answers show it, and the largest file it takes. Imports only `shared/` and packages.
 */
import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";

/** The largest file an import takes (docs/api.md#imports). */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

export const IMPORT_SOURCES = ["stint", "toggl", "clockify", "harvest"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_STATUSES = ["running", "succeeded", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** At most this many row errors are kept and shown (docs/api.md#imports). */
export const MAX_REPORTED_ERRORS = 100;

/** Why one row was not imported: `row` counts the header as row 1; `field` names the file's column. */
export interface RowError {
  row: number;
  field: string;
  reason: string;
}

/** An import as every answer shows it. */
export interface ImportJob {
  id: string;
  user_id: string;
  source: ImportSource;
  timezone: string;
  status: ImportStatus;
  rows_total: number;
  rows_imported: number;
  rows_skipped: number;
  errors: RowError[];
  created_at: string;
  finished_at: string | null;
}

const count = (description: string) => z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe(description);

export const importJobSchema = z
  .object({
    id: idSchema("importJob"),
    user_id: idSchema("user").describe("Who started the import"),
    source: z.enum(IMPORT_SOURCES),
    timezone: z.string().describe("The IANA time zone local dates and times of the file were read in"),
    status: z
      .enum(IMPORT_STATUSES)
      .describe("`running` until every row is read; then `succeeded`, or `failed` when the file could not be read to its end"),
    rows_total: count("Data rows read so far (all of them once the import has ended)"),
    rows_imported: count("Rows that became new time entries"),
    rows_skipped: count("Rows that did not: imported before (a re-import), or refused (see `errors`)"),
    errors: z
      .array(
        z
          .object({
            row: z.int().min(1).max(Number.MAX_SAFE_INTEGER).describe("The row in the file, the header being row 1"),
            field: z.string().describe("The file's column, or `file`"),
            reason: z.string(),
          })
          .meta({ id: "ImportRowError" }),
      )
      .describe(`Why rows were refused: the first ${MAX_REPORTED_ERRORS}`),
    created_at: timestamp,
    finished_at: timestamp.nullable().describe("`null` while running"),
  })
  .meta({ id: "ImportJob" });
assertSameShape<SameShape<z.output<typeof importJobSchema>, ImportJob>>();
