import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";
import { DELIMITERS, type Delimiter } from "./csv-records";
import { DATE_FORMAT_SOURCES, DATE_FORMATS, type DateFormat, type DateFormatSource } from "./file-values";
import { IMPORT_SOURCES, MAX_REPORTED_ERRORS, rowErrorSchema, type ImportSource, type RowError } from "./import-job";

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
  }[];
  people: { email: string | null; name: string | null; user_id: string | null; rows: number }[];
  projects_to_create: string[];
  tasks_to_create: { project_name: string; task_name: string }[];
  errors: RowError[];
}

const count = (description: string) => z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe(description);

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
            "For each thing read (`email`, `person`, `first_name`, `last_name`, `project`, `task`, `description`, `billable`, `start`, `end`, `start_date`, `start_time`, `end_date`, `end_time`, `date`, `hours`), the file's column it is read from, as the header writes it",
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
