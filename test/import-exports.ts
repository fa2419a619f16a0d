import type { Delimiter, DateFormat, ImportSource } from "../services/imports/contract";
import { instantOf, wallClock, type LocalDateTime } from "../services/imports/local-time";

/*
 * Entries written out as each vendor's detailed export writes them, in every layout the
 * import reads, with the date formats, clocks, decimal marks and delimiters exports come in:
 * the other half of the round trips that check the import reads them back exactly.
 */

/** An entry as the test knows it: UTC instants to the second, and its person by email and name. */
export interface ExportedEntry {
  email: string;
  firstName: string;
  lastName: string;
  project: string;
  task: string | null;
  description: string;
  start: string;
  end: string;
  billable: boolean;
  /** No two alike ignoring case, none holding its layout's separator. */
  tags: string[];
}

/** How dates are written: the formats a request names, and the shorter and dashed ones some accounts use. */
export const DATE_STYLES = ["MM/DD/YYYY", "M/D/YYYY", "DD/MM/YYYY", "DD-MM-YYYY", "DD.MM.YYYY", "YYYY-MM-DD"] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

/** The `date_format` a request names for files written in a style. */
export const REQUESTED_FORMAT: Readonly<Record<DateStyle, DateFormat>> = {
  "MM/DD/YYYY": "MM/DD/YYYY",
  "M/D/YYYY": "MM/DD/YYYY",
  "DD/MM/YYYY": "DD/MM/YYYY",
  "DD-MM-YYYY": "DD/MM/YYYY",
  "DD.MM.YYYY": "DD.MM.YYYY",
  "YYYY-MM-DD": "YYYY-MM-DD",
};

export interface ExportStyle {
  source: ImportSource;
  /** Which of the source's layouts (`LAYOUT_VARIANTS`). */
  variant: number;
  dates: DateStyle;
  delimiter: Delimiter;
  clock: "24h" | "12h";
  decimalComma: boolean;
  zone: string;
}

/** How many layouts of each source the writer knows. */
export const LAYOUT_VARIANTS: Readonly<Record<ImportSource, number>> = { stint: 1, toggl: 2, clockify: 2, harvest: 2 };

/** Whether entries written in this layout carry `billable` (else the project's default applies). */
export function carriesBillable(style: Pick<ExportStyle, "source" | "variant">): boolean {
  return !(style.source === "clockify" && style.variant === 1);
}

/** The wall clock of a zone at an instant. */
export function localParts(iso: string, zone: string): LocalDateTime {
  return wallClock(Date.parse(iso), zone);
}

/** Whether an instant's wall clock names it alone (not in an hour a daylight-saving change repeats). */
export function unambiguousIn(iso: string, zone: string): boolean {
  return instantOf(localParts(iso, zone), zone) === Date.parse(iso);
}

const two = (value: number) => String(value).padStart(2, "0");

function dateText(parts: LocalDateTime, style: DateStyle): string {
  const { year, month, day } = parts;
  switch (style) {
    case "MM/DD/YYYY":
      return `${two(month)}/${two(day)}/${year}`;
    case "M/D/YYYY":
      return `${month}/${day}/${year}`;
    case "DD/MM/YYYY":
      return `${two(day)}/${two(month)}/${year}`;
    case "DD-MM-YYYY":
      return `${two(day)}-${two(month)}-${year}`;
    case "DD.MM.YYYY":
      return `${two(day)}.${two(month)}.${year}`;
    case "YYYY-MM-DD":
      return `${year}-${two(month)}-${two(day)}`;
  }
}

function timeText(parts: LocalDateTime, clock: ExportStyle["clock"]): string {
  const { hour, minute, second } = parts;
  if (clock === "24h") return `${two(hour)}:${two(minute)}:${two(second)}`;
  return `${two(hour % 12 === 0 ? 12 : hour % 12)}:${two(minute)}:${two(second)} ${hour < 12 ? "AM" : "PM"}`;
}

function decimal(value: number, style: ExportStyle): string {
  const text = value.toFixed(2);
  return style.decimalComma ? text.replace(".", ",") : text;
}

function duration(seconds: number): string {
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

/** A cell as CSV writes it: quoted when it must be (or always, as Toggl's newer export does). */
function cell(value: string, delimiter: Delimiter, always = false): string {
  const must = always || value.includes(delimiter) || /["\r\n]/.test(value) || value !== value.trim();
  return must ? `"${value.replaceAll('"', '""')}"` : value;
}

type Row = Record<string, string>;

interface Writer {
  header: readonly string[];
  row(entry: ExportedEntry, style: ExportStyle): Row;
  quoteAll?: boolean;
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");
const seconds = (entry: ExportedEntry) => (Date.parse(entry.end) - Date.parse(entry.start)) / 1000;

function startAndEnd(entry: ExportedEntry, style: ExportStyle) {
  const start = localParts(entry.start, style.zone);
  const end = localParts(entry.end, style.zone);
  return {
    startDate: dateText(start, style.dates),
    startTime: timeText(start, style.clock),
    endDate: dateText(end, style.dates),
    endTime: timeText(end, style.clock),
  };
}

const WRITERS: Readonly<Record<ImportSource, readonly Writer[]>> = {
  stint: [
    {
      header: [
        "id",
        "user_id",
        "user_email",
        "user_name",
        "project_id",
        "project_name",
        "task_id",
        "task_name",
        "description",
        "start_time",
        "end_time",
        "duration_seconds",
        "duration_hours",
        "billable",
        "tags",
      ],
      row: (entry, style) => ({
        user_email: entry.email,
        user_name: `${entry.firstName} ${entry.lastName}`,
        project_name: entry.project,
        task_name: entry.task ?? "",
        description: entry.description,
        start_time: entry.start,
        end_time: entry.end,
        duration_seconds: String(seconds(entry)),
        duration_hours: decimal(seconds(entry) / 3600, style),
        billable: String(entry.billable),
        tags: entry.tags.join("; "),
      }),
    },
  ],
  toggl: [
    {
      header: [
        "User",
        "Email",
        "Client",
        "Project",
        "Task",
        "Description",
        "Billable",
        "Start date",
        "Start time",
        "End date",
        "End time",
        "Duration",
        "Tags",
        "Amount (USD)",
      ],
      row: (entry, style) => {
        const span = startAndEnd(entry, style);
        return {
          User: `${entry.firstName} ${entry.lastName}`,
          Email: entry.email,
          Client: "Seaside Co",
          Project: entry.project,
          Task: entry.task ?? "",
          Description: entry.description,
          Billable: yesNo(entry.billable),
          "Start date": span.startDate,
          "Start time": span.startTime,
          "End date": span.endDate,
          "End time": span.endTime,
          Duration: duration(seconds(entry)),
          Tags: entry.tags.join(", "),
        };
      },
    },
    {
      header: [
        "Description",
        "Duration",
        "Member",
        "Email",
        "Project",
        "Task",
        "Billable",
        "Start date",
        "Start time",
        "Stop date",
        "Stop time",
        "Tags",
      ],
      quoteAll: true,
      row: (entry, style) => {
        const span = startAndEnd(entry, style);
        return {
          Description: entry.description,
          Duration: duration(seconds(entry)),
          Member: `${entry.firstName} ${entry.lastName}`,
          Email: entry.email,
          Project: entry.project,
          Task: entry.task ?? "-",
          Billable: yesNo(entry.billable),
          "Start date": span.startDate,
          "Start time": span.startTime,
          "Stop date": span.endDate,
          "Stop time": span.endTime,
          Tags: entry.tags.length === 0 ? "-" : entry.tags.join(", "),
        };
      },
    },
  ],
  clockify: [
    {
      header: [
        "Project",
        "Client",
        "Description",
        "Task",
        "User",
        "Group",
        "Email",
        "Tags",
        "Billable",
        "Start Date",
        "Start Time",
        "End Date",
        "End Time",
        "Duration (h)",
        "Duration (decimal)",
        "Billable Rate (USD)",
        "Billable Amount (USD)",
      ],
      row: (entry, style) => {
        const span = startAndEnd(entry, style);
        return {
          Project: entry.project,
          Client: "Windward",
          Description: entry.description,
          Task: entry.task ?? "",
          User: `${entry.firstName} ${entry.lastName}`,
          Email: entry.email,
          Tags: entry.tags.join(", "),
          Billable: yesNo(entry.billable),
          "Start Date": span.startDate,
          "Start Time": span.startTime,
          "End Date": span.endDate,
          "End Time": span.endTime,
          "Duration (h)": duration(seconds(entry)),
          "Duration (decimal)": decimal(seconds(entry) / 3600, style),
          "Billable Rate (USD)": decimal(0, style),
          "Billable Amount (USD)": decimal(0, style),
        };
      },
    },
    {
      header: [
        "Project",
        "Client",
        "Description",
        "Activity",
        "User",
        "Email",
        "Start Date",
        "Start Time",
        "End Date",
        "End Time",
        "Duration (h)",
        "Duration (decimal)",
      ],
      row: (entry, style) => {
        const span = startAndEnd(entry, style);
        return {
          Project: entry.project,
          Client: "Windward",
          Description: entry.description,
          Activity: entry.task ?? "",
          User: `${entry.firstName} ${entry.lastName}`,
          Email: entry.email,
          "Start Date": span.startDate,
          "Start Time": span.startTime,
          "End Date": span.endDate,
          "End Time": span.endTime,
          "Duration (h)": duration(seconds(entry)),
          "Duration (decimal)": decimal(seconds(entry) / 3600, style),
        };
      },
    },
  ],
  harvest: [
    {
      header: [
        "Date",
        "Client",
        "Project",
        "Project Code",
        "Task",
        "Notes",
        "Hours",
        "Hours Rounded",
        "Billable?",
        "Invoiced?",
        "Approved?",
        "First Name",
        "Last Name",
        "Roles",
        "Employee?",
        "Billable Rate",
        "Billable Amount",
        "Cost Rate",
        "Cost Amount",
        "Currency",
        "External Reference URL",
      ],
      row: (entry, style) => harvestRow(entry, style),
    },
    {
      header: [
        "Date",
        "Client",
        "Project",
        "Project Code",
        "Task",
        "Notes",
        "Hours",
        "Billable?",
        "Invoiced?",
        "Approved?",
        "First Name",
        "Last Name",
        "Department",
        "Employee?",
      ],
      row: (entry, style) => harvestRow(entry, style),
    },
  ],
};

function harvestRow(entry: ExportedEntry, style: ExportStyle): Row {
  const hours = decimal(seconds(entry) / 3600, style);
  return {
    Date: dateText(localParts(entry.start, style.zone), style.dates),
    Client: "Orchard Ltd",
    Project: entry.project,
    "Project Code": "OR-7",
    Task: entry.task ?? "",
    Notes: entry.description,
    Hours: hours,
    "Hours Rounded": hours,
    "Billable?": yesNo(entry.billable),
    "Invoiced?": "No",
    "Approved?": "No",
    "First Name": entry.firstName,
    "Last Name": entry.lastName,
    "Employee?": "Yes",
    Currency: "Euro - EUR",
  };
}

/** The entries as the source's export (in the style's layout) would have them. */
export function exportEntries(entries: readonly ExportedEntry[], style: ExportStyle): string {
  const writer = WRITERS[style.source][style.variant] as Writer;
  const line = (cells: readonly string[]) => cells.map((value) => cell(value, style.delimiter, writer.quoteAll)).join(style.delimiter);
  const rows = entries.map((entry) => {
    const row = writer.row(entry, style);
    return line(writer.header.map((name) => row[name] ?? ""));
  });
  return `${[line(writer.header), ...rows].join("\r\n")}\r\n`;
}

/** Whether entries written in this layout carry their tags (Harvest exports none, nor does Clockify's `Activity` layout here). */
export function carriesTags(style: Pick<ExportStyle, "source" | "variant">): boolean {
  return style.source !== "harvest" && !(style.source === "clockify" && style.variant === 1);
}

/** A reproducible random source (mulberry32): a failing case is found again from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Adelaide", "Asia/Kolkata"];
const PROJECTS = ["Tide Tables", "Harbour, Wall", 'The "Big" One', "Kite; Festival", "Éclair Ltd", "Tab\tSeparated"];
const TASKS = [null, null, "Draft", "Review, final", "Survey"];
const DESCRIPTIONS = [
  "Wrote the report",
  "Fixed #12, then the tests",
  'Said "hello"',
  "Line one\nline two",
  "Semi; colon",
  "",
  "Ünïcödé ✓",
  "Tab\there",
];

/** Tags in several cases, with spaces, a semicolon and letters beyond ASCII; none with a comma, which Toggl and Clockify separate tags with. */
const TAGS = ["design", "Meeting", "over time", "Über", "q3;review", "#42", "client-call", "Tab\tinside"];

function randomTags(random: () => number): string[] {
  const count = Math.floor(random() * 4);
  return [...new Set(Array.from({ length: count }, () => pick(random, TAGS)))];
}

/** A style any export could come in: source, layout, dates, clock, decimal mark, delimiter and zone. */
export function randomStyle(
  random: () => number,
  source: ImportSource = pick(random, ["stint", "toggl", "clockify", "harvest"] as const),
): ExportStyle {
  return {
    source,
    variant: Math.floor(random() * LAYOUT_VARIANTS[source]),
    dates: pick(random, DATE_STYLES),
    delimiter: pick(random, [",", ";", "\t"] as const),
    clock: random() < 0.5 ? "24h" : "12h",
    decimalComma: random() < 0.5,
    zone: source === "stint" ? "UTC" : pick(random, ZONES),
  };
}

/** Who the entries may belong to. */
export interface ExportPerson {
  email: string;
  firstName: string;
  lastName: string;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

/**
 * Entries a vendor could have exported in this style: clock times its zone shows once (not
 * in an hour a daylight-saving change repeats); for Harvest, which exports no clock times,
 * entries starting at midnight and lasting whole hundredths of an hour.
 */
export function randomEntries(random: () => number, style: ExportStyle, people: readonly ExportPerson[], count: number): ExportedEntry[] {
  const entries: ExportedEntry[] = [];
  while (entries.length < count) {
    let start: number;
    let end: number;
    if (style.source === "harvest") {
      const day = { year: 2024 + Math.floor(random() * 3), month: 1 + Math.floor(random() * 12), day: 1 + Math.floor(random() * 28) };
      start = instantOf({ ...day, hour: 0, minute: 0, second: 0 }, style.zone);
      end = start + (1 + Math.floor(random() * 600)) * 36_000;
    } else {
      start = Date.UTC(2024, 0, 1) + Math.floor(random() * 3 * 365 * 86_400) * 1000;
      end = start + (60 + Math.floor(random() * 10 * 3600)) * 1000;
    }
    if (!unambiguousIn(iso(start), style.zone) || !unambiguousIn(iso(end), style.zone)) continue;
    const person = pick(random, people);
    entries.push({
      ...person,
      project: pick(random, PROJECTS),
      task: pick(random, TASKS),
      description: pick(random, DESCRIPTIONS),
      start: iso(start),
      end: iso(end),
      billable: random() < 0.5,
      tags: carriesTags(style) ? randomTags(random) : [],
    });
  }
  return entries;
}
