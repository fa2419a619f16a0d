import { z } from "zod";
import type { Caller } from "../../shared/client";
import type { Identity } from "../../shared/identity";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";
import { DELIMITERS, type Delimiter } from "./csv-records";
import { DATE_FORMAT_SOURCES, DATE_FORMATS, type DateDecision, type DateFormat, type DateFormatSource } from "./file-values";
import { FileRows } from "./file-rows";
import { IMPORT_SOURCES, MAX_REPORTED_ERRORS, rowErrorSchema, type ImportSource, type RowError } from "./import-job";
import { headerOf, type ColumnRole, type Layout } from "./layouts";
import { nameKey, personKey, Placer, type PlacedRow } from "./placing";
import type { ReceivedFile } from "./receive";
import { readRow, type RowContext, type RowReading } from "./rows";

/*
 * What an import would do, without doing it (`dry_run=true`): the file read as the import
 * reads it, each row placed as the import places it, and nothing written.
 */

/** The rows a preview shows as they would be stored. */
export const PREVIEW_ROWS = 20;
/** At most this many people, projects and tasks are listed. */
const MAX_LISTED = 100;
const BATCH_ROWS = 500;
/** The billable default of a project an import makes, as `POST /projects` makes it. */
const NEW_PROJECT_BILLABLE = true;

/** How each thing a layout reads is named in a preview's `layout.columns`. */
const ROLE_NAMES: Readonly<Record<ColumnRole, string>> = {
  email: "email",
  person: "person",
  firstName: "first_name",
  lastName: "last_name",
  project: "project",
  task: "task",
  description: "description",
  billable: "billable",
  start: "start",
  end: "end",
  startDate: "start_date",
  startTime: "start_time",
  endDate: "end_date",
  endTime: "end_time",
  date: "date",
  hours: "hours",
};

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

export interface PreviewRequest {
  who: Identity;
  layout: Layout;
  timezone: string;
  received: ReceivedFile;
  dates: DateDecision;
}

/** Tallies what the rows would become, batch by batch, in the file's order. */
class Tally {
  readonly rows: ImportPreview["rows"] = [];
  readonly errors: RowError[] = [];
  readonly people = new Map<string, ImportPreview["people"][number]>();
  readonly projects = new Map<string, string>();
  readonly tasks = new Map<string, { project_name: string; task_name: string }>();
  total = 0;
  importable = 0;

  add(placed: readonly PlacedRow[], refused: readonly RowError[], readings: ReadonlyMap<number, RowReading>): void {
    for (const row of placed) {
      this.importable += 1;
      this.person(row.parsed.person, row.userId);
      const { parsed, project, task } = row;
      if (!project && this.projects.size < MAX_LISTED)
        this.projects.set(nameKey(parsed.project), this.projects.get(nameKey(parsed.project)) ?? parsed.project);
      if (row.taskToMake && parsed.task !== null && this.tasks.size < MAX_LISTED) {
        const key = `${nameKey(parsed.project)}\n${nameKey(parsed.task)}`;
        if (!this.tasks.has(key)) this.tasks.set(key, { project_name: parsed.project, task_name: parsed.task });
      }
      if (this.rows.length < PREVIEW_ROWS) {
        this.rows.push({
          row: row.row,
          user_id: row.userId,
          project_id: project?.id ?? null,
          project_name: parsed.project,
          task_id: task?.id ?? null,
          task_name: parsed.task,
          description: parsed.description,
          start_time: parsed.start,
          end_time: parsed.end,
          duration: (Date.parse(parsed.end) - Date.parse(parsed.start)) / 1000,
          billable: parsed.billable ?? task?.billable ?? project?.billable ?? NEW_PROJECT_BILLABLE,
        });
      }
    }
    for (const error of refused) {
      const reading = readings.get(error.row);
      if (reading && "row" in reading && reading.row.person?.column === error.field) this.person(reading.row.person, null);
      if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push(error);
    }
  }

  private person(person: PlacedRow["parsed"]["person"], userId: string | null): void {
    const key = person === null ? "" : "email" in person ? `email:${person.email}` : `name:${personKey(person.name)}`;
    const known = this.people.get(key);
    if (known) known.rows += 1;
    else if (this.people.size < MAX_LISTED) {
      this.people.set(key, {
        email: person && "email" in person ? person.email : null,
        name: person && "name" in person ? person.name : null,
        user_id: userId,
        rows: 1,
      });
    }
  }
}

/** Reads the received file as an import would, places its rows without making anything, and says what it found. */
export async function previewImport(caller: Caller, request: PreviewRequest): Promise<ImportPreview> {
  const { layout, received, dates } = request;
  const file = new FileRows(received.path, received.header.delimiter, layout);
  const context: RowContext = { layout, columns: received.header.columns, zone: request.timezone, dateFormat: dates.format };
  const placer = new Placer(
    caller,
    request.who,
    { project: headerOf(context.columns, layout, "project"), task: headerOf(context.columns, layout, "task") },
    false,
  );
  const tally = new Tally();
  let batch: { row: number; reading: RowReading }[] = [];
  const flush = async () => {
    const { placed, refused } = await placer.place(batch);
    tally.add(placed, refused, new Map(batch.map((item) => [item.row, item.reading])));
    batch = [];
  };
  for await (const record of file.records()) {
    tally.total += 1;
    batch.push({ row: record.row, reading: readRow(record.cells, context) });
    if (batch.length >= BATCH_ROWS) await flush();
  }
  if (batch.length > 0) await flush();
  if (file.broken) {
    tally.errors.push({
      row: file.broken.row,
      field: "file",
      reason: `${file.broken.reason}: the file is not readable from this row on; the rows before it would be imported`,
    });
  }
  const columns = Object.fromEntries(
    (Object.entries(received.header.columns) as [ColumnRole, { header: string }][]).map(([role, column]) => [
      ROLE_NAMES[role],
      column.header,
    ]),
  );
  return {
    dry_run: true,
    source: layout.source,
    timezone: request.timezone,
    layout: { name: layout.title, columns },
    delimiter: received.header.delimiter,
    date_format: dates.format,
    date_format_source: dates.source,
    rows_total: tally.total,
    rows_importable: tally.importable,
    rows: tally.rows,
    people: [...tally.people.values()],
    projects_to_create: [...tally.projects.values()],
    tasks_to_create: [...tally.tasks.values()],
    errors: tally.errors,
  };
}
