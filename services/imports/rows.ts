import type { DateFormat } from "./contract";
import { DATE_EXAMPLES, readDate, readHours, readTime, readYesNo, TIME_EXAMPLES, type LocalDate } from "./file-values";
import { headerOf, type ColumnRole, type FileColumns, type Layout } from "./layouts";
import { instantOf, storedInstant } from "./local-time";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_ENTRY, tagKey } from "../time-entries/client";

/** One row, read: whose time, where, and when (UTC). */
export interface ParsedRow {
  /** By email or by name, with the column that said so; `null`: the importer's own time. */
  person: (({ email: string } | { name: string }) & { column: string }) | null;
  project: string;
  task: string | null;
  description: string;
  start: string;
  end: string;
  /** `null`: the default of the task or project. */
  billable: boolean | null;
  /** As the file spells them, trimmed, without empty ones, each once ignoring case (the first spelling). */
  tags: string[];
}

/** Why a row cannot be read: `field` is the file's own column. */
type Problem = { field: string; reason: string };

/** A row read, or why not. */
export type RowReading = { row: ParsedRow } | Problem;

/** What reading a row needs besides its cells. */
export interface RowContext {
  layout: Layout;
  columns: FileColumns;
  /** The IANA zone local dates and times are read in. */
  zone: string;
  dateFormat: DateFormat;
}

const MAX_NAME = 200;
const MAX_DESCRIPTION = 5000;
/** The longest entry, as for entries made by hand (docs/api.md, Time entries). */
const MAX_ENTRY_MS = 24 * 60 * 60 * 1000;

const problem = (field: string, reason: string): Problem => ({ field, reason });

/** A row's cells by role: empty where the file has no such column, or the vendor's "nothing" marker. */
class Cells {
  constructor(
    private readonly context: RowContext,
    private readonly cells: readonly string[],
  ) {}

  text(role: ColumnRole): string {
    const column = this.context.columns[role];
    const value = column ? (this.cells[column.index] ?? "") : "";
    return this.context.layout.emptyMarkers.includes(value.trim()) ? "" : value;
  }

  /** The header a problem with this role's cell names: the file's own. */
  header(role: ColumnRole): string {
    return headerOf(this.context.columns, this.context.layout, role);
  }
}

const STINT_INSTANT = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d+)?Z$/;

function stintInstant(value: string): string | null {
  const text = value.trim();
  if (!STINT_INSTANT.test(text)) return null;
  const instant = Date.parse(text);
  if (Number.isNaN(instant) || instant < Date.UTC(1970, 0, 1) || instant >= Date.UTC(2100, 0, 1)) return null;
  return storedInstant(instant);
}

type Span = { start: string; end: string } | { field: string; reason: string };

function instants(cells: Cells): Span {
  const start = stintInstant(cells.text("start"));
  if (start === null) return { field: cells.header("start"), reason: "must be a UTC time like 2026-03-02T09:00:00Z" };
  const endText = cells.text("end").trim();
  if (endText === "") return { field: cells.header("end"), reason: "is empty: a running entry is not imported" };
  const end = stintInstant(endText);
  if (end === null) return { field: cells.header("end"), reason: "must be a UTC time like 2026-03-02T17:00:00Z" };
  return { start, end };
}

function dateIn(cells: Cells, role: ColumnRole, format: DateFormat): LocalDate | { field: string; reason: string } {
  const date = readDate(cells.text(role), format);
  return date ?? { field: cells.header(role), reason: `must be ${DATE_EXAMPLES}, naming a day between 1970 and 2099` };
}

function localInstant(
  cells: Cells,
  context: RowContext,
  dateRole: ColumnRole,
  timeRole: ColumnRole,
): string | { field: string; reason: string } {
  const date = dateIn(cells, dateRole, context.dateFormat);
  if ("field" in date) return date;
  const time = readTime(cells.text(timeRole));
  if (!time) return { field: cells.header(timeRole), reason: `must be ${TIME_EXAMPLES}` };
  return storedInstant(instantOf({ ...date, ...time }, context.zone));
}

function startAndEnd(cells: Cells, context: RowContext): Span {
  const start = localInstant(cells, context, "startDate", "startTime");
  if (typeof start !== "string") return start;
  const end = localInstant(cells, context, "endDate", "endTime");
  if (typeof end !== "string") return end;
  return { start, end };
}

function dateAndHours(cells: Cells, context: RowContext): Span {
  const date = dateIn(cells, "date", context.dateFormat);
  if ("field" in date) return date;
  const seconds = readHours(cells.text("hours"));
  if (seconds === null || seconds <= 0) {
    return { field: cells.header("hours"), reason: "must be a positive number of hours, like 1.5, 1,5 or 1:30" };
  }
  const startMs = instantOf({ ...date, hour: 0, minute: 0, second: 0 }, context.zone);
  return { start: storedInstant(startMs), end: storedInstant(startMs + seconds * 1000) };
}

const SPANS: Readonly<Record<Layout["times"], (cells: Cells, context: RowContext) => Span>> = {
  instants: (cells) => instants(cells),
  "start and end": startAndEnd,
  "date and hours": dateAndHours,
};

/** The column a row's end is told by, which a wrong span is blamed on. */
const END_ROLES: Readonly<Record<Layout["times"], ColumnRole>> = { instants: "end", "start and end": "endTime", "date and hours": "hours" };

/**
 * The tags of a row's cell, split where the layout's export separates them; as for entries
 * made by hand, at most 20 of at most 50 characters (docs/api.md#tags), or why not.
 */
function tagsOf(cells: Cells, layout: Layout): string[] | Problem {
  const text = cells.text("tags");
  const tags = new Map<string, string>();
  for (const piece of layout.tagSeparator === undefined ? [text] : text.split(layout.tagSeparator)) {
    const name = piece.trim();
    if (name === "" || tags.has(tagKey(name))) continue;
    if (name.length > MAX_TAG_LENGTH) {
      return problem(cells.header("tags"), `has a tag of more than ${MAX_TAG_LENGTH} characters ("${name.slice(0, 20)}…")`);
    }
    tags.set(tagKey(name), name);
  }
  if (tags.size > MAX_TAGS_PER_ENTRY) {
    return problem(cells.header("tags"), `holds ${tags.size} tags: an entry carries at most ${MAX_TAGS_PER_ENTRY}`);
  }
  return [...tags.values()];
}

function personOf(cells: Cells): ParsedRow["person"] {
  const email = cells.text("email").trim().toLowerCase();
  if (email !== "") return { email, column: cells.header("email") };
  const name = cells.text("person").trim();
  if (name !== "") return { name, column: cells.header("person") };
  const full = `${cells.text("firstName").trim()} ${cells.text("lastName").trim()}`.trim();
  if (full !== "") return { name: full, column: cells.header("firstName") };
  return null;
}

/** One record of the file as an entry to be, or the first reason it cannot be one. */
export function readRow(record: readonly string[], context: RowContext): RowReading {
  const cells = new Cells(context, record);
  const span = SPANS[context.layout.times](cells, context);
  if ("field" in span) return span;
  const project = cells.text("project").trim();
  const task = cells.text("task").trim();
  const description = cells.text("description");
  const billable = readYesNo(cells.text("billable"));
  if (project === "") return problem(cells.header("project"), "is required: every entry belongs to a project");
  if (project.length > MAX_NAME) return problem(cells.header("project"), `must be at most ${MAX_NAME} characters`);
  if (task.length > MAX_NAME) return problem(cells.header("task"), `must be at most ${MAX_NAME} characters`);
  if (description.length > MAX_DESCRIPTION) return problem(cells.header("description"), `must be at most ${MAX_DESCRIPTION} characters`);
  if (billable === undefined) return problem(cells.header("billable"), "must be yes or no (true or false)");
  const tags = tagsOf(cells, context.layout);
  if (!Array.isArray(tags)) return tags;
  const length = Date.parse(span.end) - Date.parse(span.start);
  const endRole = END_ROLES[context.layout.times];
  if (length <= 0) return problem(cells.header(endRole), "must be after the start");
  if (length > MAX_ENTRY_MS) return problem(cells.header(endRole), "makes the entry longer than 24 hours");
  return {
    row: {
      person: personOf(cells),
      project,
      task: task === "" ? null : task,
      description,
      start: span.start,
      end: span.end,
      billable,
      tags,
    },
  };
}
