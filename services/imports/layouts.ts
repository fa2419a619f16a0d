import type { DateFormat, ImportSource } from "./contract";
/*
 * The files an import reads, as data: Stint's own detailed CSV and the detailed exports of
 * Toggl Track, Clockify and Harvest. Each layout names, for every column it reads, each
 * header that vendor has used for it (matched regardless of case and spacing), whether the
 * file must have it, and what its absence means. Other columns are not read. docs/api.md
 * (Imports) lists the same, with where the names were found.
 */

/** What a column tells about an entry. */
export type ColumnRole =
  /** Whose time: an email address... */
  | "email"
  /** ...a full name... */
  | "person"
  /** ...or a first and a last name. */
  | "firstName"
  | "lastName"
  | "project"
  | "task"
  | "description"
  | "billable"
  /** The entry's tags, several in one cell (`Layout.tagSeparator`). */
  | "tags"
  /** UTC instants (Stint). */
  | "start"
  | "end"
  /** Local dates and clock times (Toggl, Clockify). */
  | "startDate"
  | "startTime"
  | "endDate"
  | "endTime"
  /** A local date and a number of hours (Harvest). */
  | "date"
  | "hours";

export type ColumnSpec =
  | { names: readonly string[]; required: true }
  /** `absent`: what a file without the column (or a row with the cell empty) means. */
  | { names: readonly string[]; absent: string };

export interface Layout {
  source: ImportSource;
  /** What the file is, as messages name it. */
  title: string;
  /** How a row says when: UTC instants, a local start and end, or a local date and hours. */
  times: "instants" | "start and end" | "date and hours";
  columns: Readonly<Partial<Record<ColumnRole, ColumnSpec>>>;
  /** How dates with the year last are read when neither the file nor the request tells. */
  defaultDateFormat: DateFormat;
  /** Cells that hold only one of these are empty: Toggl writes `-` where there is no project. */
  emptyMarkers: readonly string[];
  /** What separates the tags of the `tags` cell, for layouts that have one. */
  tagSeparator?: string;
}

const THE_IMPORTER = "the row is the importer's own time";
const NO_TASK = "the entry has no task";
const NO_DESCRIPTION = "the entry has no description";
const DEFAULT_BILLABLE = "the entry takes its task's or project's billable default";
const NO_TAGS = "the entry has no tags";

/** Stint's detailed CSV (docs/api.md, Reports): UTC instants; ids and durations are not read. */
const stint: Layout = {
  source: "stint",
  title: "Stint detailed report CSV",
  times: "instants",
  columns: {
    email: { names: ["user_email"], absent: THE_IMPORTER },
    project: { names: ["project_name"], required: true },
    task: { names: ["task_name"], absent: NO_TASK },
    description: { names: ["description"], absent: NO_DESCRIPTION },
    billable: { names: ["billable"], absent: DEFAULT_BILLABLE },
    tags: { names: ["tags"], absent: NO_TAGS },
    start: { names: ["start_time"], required: true },
    end: { names: ["end_time"], required: true },
  },
  defaultDateFormat: "YYYY-MM-DD",
  emptyMarkers: [],
  // As the detailed export joins them, so that a tag with a bare `;` or `,` reads back whole.
  tagSeparator: "; ",
};

/** Toggl Track's detailed report, in its older layout (`User`, `End date`) and its newer one (`Member`, `Stop date`). */
const toggl: Layout = {
  source: "toggl",
  title: "Toggl Track detailed export",
  times: "start and end",
  columns: {
    email: { names: ["Email"], absent: "the person is named by User (or Member), else the row is the importer's own time" },
    person: { names: ["User", "Member"], absent: THE_IMPORTER },
    project: { names: ["Project"], required: true },
    task: { names: ["Task"], absent: NO_TASK },
    description: { names: ["Description"], absent: NO_DESCRIPTION },
    billable: { names: ["Billable"], absent: DEFAULT_BILLABLE },
    tags: { names: ["Tags"], absent: NO_TAGS },
    startDate: { names: ["Start date"], required: true },
    startTime: { names: ["Start time"], required: true },
    endDate: { names: ["End date", "Stop date"], required: true },
    endTime: { names: ["End time", "Stop time"], required: true },
  },
  defaultDateFormat: "MM/DD/YYYY",
  emptyMarkers: ["-"],
  // `design, frontend`: a comma, with or without a space after it.
  tagSeparator: ",",
};

/** Clockify's detailed report; some exports call the task `Activity`, some have no `Billable`. */
const clockify: Layout = {
  source: "clockify",
  title: "Clockify detailed export",
  times: "start and end",
  columns: {
    email: { names: ["Email"], absent: "the person is named by User, else the row is the importer's own time" },
    person: { names: ["User"], absent: THE_IMPORTER },
    project: { names: ["Project"], required: true },
    task: { names: ["Task", "Activity"], absent: NO_TASK },
    description: { names: ["Description"], absent: NO_DESCRIPTION },
    billable: { names: ["Billable"], absent: DEFAULT_BILLABLE },
    tags: { names: ["Tags"], absent: NO_TAGS },
    startDate: { names: ["Start Date"], required: true },
    startTime: { names: ["Start Time"], required: true },
    endDate: { names: ["End Date"], required: true },
    endTime: { names: ["End Time"], required: true },
  },
  defaultDateFormat: "MM/DD/YYYY",
  emptyMarkers: [],
  tagSeparator: ",",
};

/**
 * Harvest's detailed time report: a date and hours, no clock times. The entry starts at
 * midnight of its date and lasts its hours; people are named by first and last name.
 */
const harvest: Layout = {
  source: "harvest",
  title: "Harvest detailed time report",
  times: "date and hours",
  columns: {
    date: { names: ["Date"], required: true },
    project: { names: ["Project"], required: true },
    task: { names: ["Task"], absent: NO_TASK },
    description: { names: ["Notes", "Note"], absent: NO_DESCRIPTION },
    hours: { names: ["Hours"], required: true },
    billable: { names: ["Billable?", "Billable"], absent: DEFAULT_BILLABLE },
    firstName: { names: ["First Name"], absent: THE_IMPORTER },
    lastName: { names: ["Last Name"], absent: "the person is named by First Name alone" },
  },
  defaultDateFormat: "MM/DD/YYYY",
  emptyMarkers: [],
};

export const LAYOUTS: Readonly<Record<ImportSource, Layout>> = { stint, toggl, clockify, harvest };

/** Which of a layout's columns hold dates, whose format the file's rows decide. */
export const DATE_ROLES: readonly ColumnRole[] = ["startDate", "endDate", "date"];

/** A header as it is compared: without a byte-order mark, trimmed, spaces collapsed, lower case. */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .trim()
    .replace(/\s+/g, " ")
    .toLocaleLowerCase("en-US");
}

/** A column of the file: where it is, and its header as the file writes it. */
export interface FileColumn {
  index: number;
  header: string;
}
export type FileColumns = Readonly<Partial<Record<ColumnRole, FileColumn>>>;

/** The layout's columns found in a header (the first header that matches wins), and the required ones missing. */
export function matchColumns(layout: Layout, header: readonly string[]): { columns: FileColumns; missing: ColumnSpec[] } {
  const keys = header.map(headerKey);
  const columns: Partial<Record<ColumnRole, FileColumn>> = {};
  const missing: ColumnSpec[] = [];
  for (const [role, spec] of Object.entries(layout.columns) as [ColumnRole, ColumnSpec][]) {
    const index = keys.findIndex((key) => spec.names.some((name) => headerKey(name) === key));
    if (index >= 0) columns[role] = { index, header: (header[index] ?? "").replace(/^\uFEFF/, "").trim() };
    else if ("required" in spec) missing.push(spec);
  }
  return { columns, missing };
}

/** The header a problem with a role's cell names: the file's own, or else the layout's first name for it. */
export function headerOf(columns: FileColumns, layout: Layout, role: ColumnRole): string {
  return columns[role]?.header ?? layout.columns[role]?.names[0] ?? role;
}

/** `"End date"` or `"End date" (or "Stop date")`. */
export function namesOf(spec: ColumnSpec): string {
  const [first, ...others] = spec.names.map((name) => `"${name}"`);
  return others.length === 0 ? `${first}` : `${first} (or ${others.join(", ")})`;
}
