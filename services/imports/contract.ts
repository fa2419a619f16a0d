/**
 * What the imports service shows the world: the sources it reads, how it reads dates and
 * cells, an import job and a preview as its answers show them, and the largest file it
 * takes. Imports only `shared/` and packages.
 */
import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";

export const IMPORT_SOURCES = ["stint", "toggl", "clockify", "harvest"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_STATUSES = ["running", "succeeded", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The largest file an import takes (docs/api.md, Imports). */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

/** At most this many row errors are kept and shown (docs/api.md#imports). */
export const MAX_REPORTED_ERRORS = 100;

/** Why one row was not imported: `row` counts the header as row 1; `field` names the file's column as written. */
export interface RowError {
  row: number;
  field: string;
  reason: string;
}

/** The date formats a request may name, and that a job reports it read the file's dates in. */
export const DATE_FORMATS = ["MM/DD/YYYY", "DD/MM/YYYY", "DD.MM.YYYY", "YYYY-MM-DD"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Where the format came from: the file's own dates, the request's `date_format`, or the vendor's default. */
export const DATE_FORMAT_SOURCES = ["file", "request", "default"] as const;
export type DateFormatSource = (typeof DATE_FORMAT_SOURCES)[number];

/** The delimiters exports use: comma, semicolon (where the comma is the decimal mark), tab. */
export const DELIMITERS = [",", ";", "\t"] as const;
export type Delimiter = (typeof DELIMITERS)[number];

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
  date_format: DateFormat;
  date_format_source: DateFormatSource;
  created_at: string;
  finished_at: string | null;
}

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

/* What a preview (`dry_run=true`) answers: how the file would be read and what the import would do. */

/** The rows a preview shows as they would be stored. */
export const PREVIEW_ROWS = 20;
/** At most this many people, projects and tasks are listed. */
export const MAX_LISTED = 100;

export interface ImportPreview {
  dry_run: true;
  source: ImportSource;
  timezone: string;
  layout: { name: string; columns: Record<string, string> };
  delimiter: Delimiter;
  date_format: DateFormat;
  date_format_source: DateFormatSource;
  rows_total: number;
  rows_importable: number;
  rows: {
    row: number;
    user_id: string;
    project_id: string | null;
    project_name: string;
    task_id: string | null;
    task_name: string | null;
    description: string;
    start_time: string;
    end_time: string;
    duration: number;
    billable: boolean;
    tags: string[];
  }[];
  people: { email: string | null; name: string | null; user_id: string | null; rows: number }[];
  projects_to_create: string[];
  tasks_to_create: { project_name: string; task_name: string }[];
  errors: RowError[];
}

export const importPreviewSchema = z
  .object({
    dry_run: z.literal(true).describe("A preview: nothing was stored"),
    source: z.enum(IMPORT_SOURCES),
    timezone: z.string().describe("The IANA time zone local dates and times were read in"),
    layout: z
      .object({
        name: z.string().describe("The layout the header was read as"),
        columns: z
          .record(z.string(), z.string())
          .describe(
            "For each thing read (`email`, `person`, `first_name`, `last_name`, `project`, `task`, `description`, `billable`, `tags`, `start`, `end`, `start_date`, `start_time`, `end_date`, `end_time`, `date`, `hours`), the file's column it is read from, as the header writes it",
          ),
      })
      .meta({ id: "ImportLayout" }),
    delimiter: z.enum(DELIMITERS).describe("What separates the file's cells, as its header shows"),
    date_format: z.enum(DATE_FORMATS).describe("How the file's dates would be read"),
    date_format_source: z.enum(DATE_FORMAT_SOURCES).describe("What decided `date_format`"),
    rows_total: count("Data rows in the file (up to where it breaks, if it does)"),
    rows_importable: count("Rows that would become entries, or that an earlier import of the same file already made"),
    rows: z
      .array(
        z
          .object({
            row: z.int().min(2).max(Number.MAX_SAFE_INTEGER).describe("The row in the file, the header being row 1"),
            user_id: idSchema("user"),
            project_id: idSchema("project").nullable().describe("`null`: the import would make the project"),
            project_name: z.string(),
            task_id: idSchema("task").nullable().describe("`null`: no task, or one the import would make"),
            task_name: z.string().nullable(),
            description: z.string(),
            start_time: timestamp,
            end_time: timestamp,
            duration: count("Seconds"),
            billable: z.boolean(),
            tags: z
              .array(z.string())
              .describe("As the file spells them; each is stored in the organization's spelling of the tag, if it has one"),
          })
          .meta({ id: "ImportPreviewRow" }),
      )
      .describe(`The first ${PREVIEW_ROWS} rows that would become entries, as they would be stored`),
    people: z
      .array(
        z
          .object({
            email: z.string().nullable().describe("As the file names them, by email..."),
            name: z.string().nullable().describe("...or by name; both `null` for rows without a person: the importer's own"),
            user_id: idSchema("user").nullable().describe("Whose time the rows would be; `null`: nobody of the organization"),
            rows: count("Rows naming them"),
          })
          .meta({ id: "ImportPreviewPerson" }),
      )
      .describe(`The people the rows name (people are never made by an import), the first ${MAX_LISTED}`),
    projects_to_create: z.array(z.string()).describe(`Projects the import would make, the first ${MAX_LISTED}`),
    tasks_to_create: z
      .array(z.object({ project_name: z.string(), task_name: z.string() }).meta({ id: "ImportPreviewTask" }))
      .describe(`Tasks the import would make, the first ${MAX_LISTED}`),
    errors: z
      .array(rowErrorSchema)
      .describe(
        `Rows the import would refuse, as a job lists them: the first ${MAX_REPORTED_ERRORS}, then where the file breaks, if it does`,
      ),
  })
  .meta({ id: "ImportPreview" });
assertSameShape<SameShape<z.output<typeof importPreviewSchema>, ImportPreview>>();
