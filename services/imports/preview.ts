import { MAX_REPORTED_ERRORS, type RowError, MAX_LISTED, PREVIEW_ROWS, type ImportPreview } from "./contract";
import type { Caller } from "../../shared/client";
import type { Identity } from "../../shared/identity";
import type { DateDecision } from "./file-values";
import { FileRows } from "./file-rows";
import { headerOf, type ColumnRole, type Layout } from "./layouts";
import { nameKey, personKey, Placer, type PlacedRow } from "./placing";
import type { ReceivedFile } from "./receive";
import { readRow, type RowContext, type RowReading } from "./rows";

/*
 * What an import would do, without doing it (`dry_run=true`): the file read as the import
 * reads it, each row placed as the import places it, and nothing written.
 */

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
  tags: "tags",
  start: "start",
  end: "end",
  startDate: "start_date",
  startTime: "start_time",
  endDate: "end_date",
  endTime: "end_time",
  date: "date",
  hours: "hours",
};

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
          tags: parsed.tags,
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
