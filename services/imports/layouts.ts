import type { ImportSource } from "./contract";
import { instantOf, parseLocalDate, parseLocalTime, storedInstant } from "./local-time";

/*
 * The column layouts of the files an import reads (docs/api.md#imports): Stint's own detailed
 * CSV, and the detailed exports of Toggl Track, Clockify and Harvest. Columns are found by
 * their header, in any order and regardless of case; other columns are ignored.
 */

/** One row, read: whose time, where, and when (UTC). */
export interface ParsedRow {
  /** By email, by full name (Harvest), or `null`: the caller's own time. */
  person: { email: string } | { name: string } | null;
  project: string;
  task: string | null;
  description: string;
  start: string;
  end: string;
  /** `null`: the default of the task or project. */
  billable: boolean | null;
}

export type RowReading = { row: ParsedRow } | { field: string; reason: string };

/** A row's cells by (lower-cased) header. */
export type Cells = (header: string) => string;

export interface Layout {
  /** Headers (lower-cased) the file must have. */
  required: readonly string[];
  /** The columns row errors name for the person, the project and the task. */
  fields: { person: string; project: string; task: string };
  read(cells: Cells, zone: string): RowReading;
}

const MAX_NAME = 200;
const MAX_DESCRIPTION = 5000;
/** The longest entry, as for entries made by hand (docs/api.md#time-entries-and-timers). */
const MAX_ENTRY_MS = 24 * 60 * 60 * 1000;

const problem = (field: string, reason: string): RowReading => ({ field, reason });

function yesNo(value: string): boolean | null | undefined {
  const word = value.trim().toLowerCase();
  if (word === "") return null;
  if (["true", "yes", "1"].includes(word)) return true;
  if (["false", "no", "0"].includes(word)) return false;
  return undefined;
}

/** The checks every source shares: names, lengths, the span of the entry. */
function placed(
  columns: { project: string; task: string; description: string; end: string; billable: string },
  cells: Cells,
  row: Omit<ParsedRow, "project" | "task" | "description" | "billable">,
): RowReading {
  const project = cells(columns.project).trim();
  const task = cells(columns.task).trim();
  const description = cells(columns.description);
  const billable = yesNo(cells(columns.billable));
  if (project === "") return problem(columns.project, "is required: every entry belongs to a project");
  if (project.length > MAX_NAME) return problem(columns.project, `must be at most ${MAX_NAME} characters`);
  if (task.length > MAX_NAME) return problem(columns.task, `must be at most ${MAX_NAME} characters`);
  if (description.length > MAX_DESCRIPTION) return problem(columns.description, `must be at most ${MAX_DESCRIPTION} characters`);
  if (billable === undefined) return problem(columns.billable, "must be yes or no (true or false)");
  const span = Date.parse(row.end) - Date.parse(row.start);
  if (span <= 0) return problem(columns.end, "must be after the start");
  if (span > MAX_ENTRY_MS) return problem(columns.end, "makes the entry longer than 24 hours");
  return { row: { ...row, project, task: task === "" ? null : task, description, billable } };
}

const STINT_INSTANT = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d+)?Z$/;

function stintInstant(value: string): string | null {
  const text = value.trim();
  if (!STINT_INSTANT.test(text)) return null;
  const instant = Date.parse(text);
  if (Number.isNaN(instant) || instant < Date.UTC(1970, 0, 1) || instant >= Date.UTC(2100, 0, 1)) return null;
  return storedInstant(instant);
}

function personByEmail(value: string): ParsedRow["person"] {
  const email = value.trim().toLowerCase();
  return email === "" ? null : { email };
}

/** Stint's detailed CSV (docs/api.md#exports): UTC instants; ids are ignored, names are matched. */
const stint: Layout = {
  fields: { person: "user_email", project: "project_name", task: "task_name" },
  required: ["user_email", "project_name", "task_name", "description", "start_time", "end_time", "billable"],
  read(cells) {
    const start = stintInstant(cells("start_time"));
    if (start === null) return problem("start_time", "must be a UTC time like 2026-03-02T09:00:00Z");
    const endText = cells("end_time").trim();
    if (endText === "") return problem("end_time", "is empty: a running entry is not imported");
    const end = stintInstant(endText);
    if (end === null) return problem("end_time", "must be a UTC time like 2026-03-02T17:00:00Z");
    return placed(
      { project: "project_name", task: "task_name", description: "description", end: "end_time", billable: "billable" },
      cells,
      { person: personByEmail(cells("user_email")), start, end },
    );
  },
};

/** A local date and time in two columns, read in the import's zone. */
function localInstant(cells: Cells, dateColumn: string, timeColumn: string, zone: string): string | { field: string } {
  const date = parseLocalDate(cells(dateColumn));
  if (!date) return { field: dateColumn };
  const time = parseLocalTime(cells(timeColumn));
  if (!time) return { field: timeColumn };
  return storedInstant(instantOf({ ...date, ...time }, zone));
}

const LOCAL_FORMATS = "a date like 2026-03-02 or 3/2/2026 and a time like 09:00:00 or 9:00 AM";

/** Toggl Track's and Clockify's detailed exports: start and end as local dates and times. */
function startAndEnd(headers: {
  email: string;
  project: string;
  task: string;
  description: string;
  billable: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}): Layout {
  return {
    fields: { person: headers.email, project: headers.project, task: headers.task },
    required: [
      headers.email,
      headers.project,
      headers.task,
      headers.description,
      headers.billable,
      headers.startDate,
      headers.startTime,
      headers.endDate,
      headers.endTime,
    ],
    read(cells, zone) {
      const start = localInstant(cells, headers.startDate, headers.startTime, zone);
      if (typeof start !== "string") return problem(start.field, `must be ${LOCAL_FORMATS}`);
      const end = localInstant(cells, headers.endDate, headers.endTime, zone);
      if (typeof end !== "string") return problem(end.field, `must be ${LOCAL_FORMATS}`);
      return placed(
        {
          project: headers.project,
          task: headers.task,
          description: headers.description,
          end: headers.endTime,
          billable: headers.billable,
        },
        cells,
        { person: personByEmail(cells(headers.email)), start, end },
      );
    },
  };
}

const toggl = startAndEnd({
  email: "email",
  project: "project",
  task: "task",
  description: "description",
  billable: "billable",
  startDate: "start date",
  startTime: "start time",
  endDate: "end date",
  endTime: "end time",
});
const clockify = startAndEnd({
  email: "email",
  project: "project",
  task: "task",
  description: "description",
  billable: "billable",
  startDate: "start date",
  startTime: "start time",
  endDate: "end date",
  endTime: "end time",
});

/**
 * Harvest's detailed time report: a date and decimal hours, no clock times. The entry
 * starts at midnight of its date in the import's zone and lasts its hours; people are
 * matched by first and last name, as Harvest's export names no email.
 */
const harvest: Layout = {
  fields: { person: "first name", project: "project", task: "task" },
  required: ["date", "project", "task", "notes", "hours", "billable?", "first name", "last name"],
  read(cells, zone) {
    const date = parseLocalDate(cells("date"));
    if (!date) return problem("date", "must be a date like 2026-03-02 or 3/2/2026");
    const hoursText = cells("hours").trim();
    const hours = /^\d+(\.\d+)?$/.test(hoursText) ? Number(hoursText) : NaN;
    if (!(hours > 0)) return problem("hours", "must be a positive number of hours, like 1.5");
    const startMs = instantOf({ ...date, hour: 0, minute: 0, second: 0 }, zone);
    const start = storedInstant(startMs);
    const end = storedInstant(startMs + Math.round(hours * 3600) * 1000);
    const name = `${cells("first name").trim()} ${cells("last name").trim()}`.trim();
    return placed({ project: "project", task: "task", description: "notes", end: "hours", billable: "billable?" }, cells, {
      person: name === "" ? null : { name },
      start,
      end,
    });
  },
};

export const LAYOUTS: Readonly<Record<ImportSource, Layout>> = { stint, toggl, clockify, harvest };
