import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

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

/** An import as stored: who started it, from what, and how far it has come. */
export interface ImportJobDocument extends StoredDocument {
  organization_id: string;
  user_id: string;
  source: ImportSource;
  timezone: string;
  status: ImportStatus;
  rows_total: number;
  rows_imported: number;
  rows_skipped: number;
  errors: RowError[];
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export const IMPORT_JOBS_COLLECTION: CollectionSpec = {
  name: "import_jobs",
  indexes: [{ fields: { organization_id: 1, created_at: -1 } }],
};

export type ImportJob = { id: string } & Omit<ImportJobDocument, "_id" | "organization_id" | "updated_at">;

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

export function presentImportJob(doc: ImportJobDocument): ImportJob {
  return {
    id: doc._id,
    user_id: doc.user_id,
    source: doc.source,
    timezone: doc.timezone,
    status: doc.status,
    rows_total: doc.rows_total,
    rows_imported: doc.rows_imported,
    rows_skipped: doc.rows_skipped,
    errors: doc.errors,
    created_at: doc.created_at,
    finished_at: doc.finished_at,
  };
}
