import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";
import type { Permission } from "../../shared/identity";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { Delimiter } from "./csv-records";
import { DATE_FORMAT_SOURCES, DATE_FORMATS, type DateFormat, type DateFormatSource } from "./file-values";

export const IMPORT_SOURCES = ["stint", "toggl", "clockify", "harvest"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_STATUSES = ["running", "succeeded", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The largest file an import takes (docs/api.md, Imports). */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

/** At most this many row errors are kept and shown (decisions §8b). */
export const MAX_REPORTED_ERRORS = 100;

/** Why one row was not imported: `row` counts the header as row 1; `field` names the file's column as written. */
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
  /** How the file's dates were read, and what decided it (docs/api.md, Imports). */
  date_format: DateFormat;
  date_format_source: DateFormatSource;
  /** How the file's cells are separated, as its header showed. */
  delimiter: Delimiter;
  /** The last row the counts account for: where an import taken over goes on from. */
  rows_done_to: number;
  /** What the credential that started it could do: a resumed import does no more (nor more than the person's role now allows). */
  permissions: Permission[];
  /** The process running the import (`node/instance`), or `null` when none does: its process stopped, and another resumes it. */
  worker: string | null;
  /** When the running process last said it was still at work. */
  heartbeat_at: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export const IMPORT_JOBS_COLLECTION: CollectionSpec = {
  name: "import_jobs",
  indexes: [{ fields: { organization_id: 1, created_at: -1 } }, { fields: { status: 1 } }],
};

export type ImportJob = { id: string } & Omit<
  ImportJobDocument,
  "_id" | "organization_id" | "updated_at" | "delimiter" | "rows_done_to" | "permissions" | "worker" | "heartbeat_at"
>;

const count = (description: string) => z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe(description);

/** Why a row was not (or would not be) imported. */
export const rowErrorSchema = z
  .object({
    row: z.int().min(1).max(Number.MAX_SAFE_INTEGER).describe("The row in the file, the header being row 1"),
    field: z.string().describe("The file's column, as its header writes it, or `file`"),
    reason: z.string(),
  })
  .meta({ id: "ImportRowError" });

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
      .array(rowErrorSchema)
      .describe(
        `Why rows were refused: the first ${MAX_REPORTED_ERRORS}; then, when the import failed, why it stopped (\`field\` is \`file\`)`,
      ),
    date_format: z
      .enum(DATE_FORMATS)
      .describe("How the file's dates were read: dates with the year last are day first (`DD/MM/YYYY`) or month first (`MM/DD/YYYY`)"),
    date_format_source: z
      .enum(DATE_FORMAT_SOURCES)
      .describe("What decided `date_format`: the file's own dates, the request's `date_format`, or the vendor's default"),
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
    // Imports recorded before the format was reported read their dates the vendor's way.
    date_format: doc.date_format ?? (doc.source === "stint" ? "YYYY-MM-DD" : "MM/DD/YYYY"),
    date_format_source: doc.date_format_source ?? "default",
    created_at: doc.created_at,
    finished_at: doc.finished_at,
  };
}
