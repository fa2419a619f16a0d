import type { Caller } from "../../shared/client";
import type { Identity } from "../../shared/identity";
import { toStyleBProjectId } from "../../shared/ids";
import { isoSeconds } from "../../shared/time";
import type { EntryTotalsBatch, EntryTotalsRow } from "../time-entries/client";
import { totalsOf } from "./entry-reads";
import { hours, type Cell, type Table } from "./files";
import type { Grouping, SummaryQuery } from "./inputs";
import { namesOf, type Names } from "./names";
import type { SummaryGroup, SummaryReport, Totals } from "./contract";
import { roundSeconds, type Rounding } from "./rounding";
import { windowFor } from "./selection";
import { weekStartOf, ZoneCalendar } from "./zone";

/*
 * The summary report (docs/api.md#the-summary): the store selects the entries, this adds them up.
 * Each entry belongs wholly to the day, in the report's zone, on which it starts; a
 * running entry counts up to `as_of`.
 */

type Key = string | null;

/** The running sums of one line; `rounded` sums per-entry rounding (entry scope only). */
class Sums {
  total = 0;
  billable = 0;
  rounded = 0;
  count = 0;
  subGroups: Map<Key, Sums> | undefined;

  add(seconds: number, rounded: number, billable: boolean): void {
    this.total += seconds;
    this.rounded += rounded;
    this.count += 1;
    if (billable) this.billable += seconds;
  }

  subGroup(key: Key): Sums {
    this.subGroups ??= new Map();
    let sums = this.subGroups.get(key);
    if (!sums) {
      sums = new Sums();
      this.subGroups.set(key, sums);
    }
    return sums;
  }
}

const BY_DATE: ReadonlySet<Grouping> = new Set(["day", "week", "month"]);

/** How each grouping reads its key off an entry of a batch. */
class KeyReader {
  private readonly weeks: string[];
  private readonly months: string[];

  constructor(
    private readonly calendar: ZoneCalendar,
    weekStart: SummaryQuery["week_start"],
  ) {
    this.weeks = calendar.dates.map((date) => weekStartOf(date, weekStart));
    this.months = calendar.dates.map((date) => date.slice(0, 7));
  }

  keyOf(grouping: Grouping, row: EntryTotalsRow, ids: readonly string[], day: number): Key {
    switch (grouping) {
      case "project":
        return ids[row[3]] as string;
      case "user":
        return ids[row[2]] as string;
      case "task":
        return row[4] < 0 ? null : (ids[row[4]] as string);
      case "billable":
        return row[5] === 1 ? "true" : "false";
      case "day":
        return this.calendar.dates[day] as string;
      case "week":
        return this.weeks[day] as string;
      case "month":
        return this.months[day] as string;
    }
  }
}

function nameOf(grouping: Grouping, key: Key, names: Names): string | null {
  if (key === null) return null;
  switch (grouping) {
    case "project":
      return names.projects.get(key) ?? null;
    case "task":
      return names.tasks.get(key) ?? null;
    case "user":
      return names.users.get(key)?.name ?? null;
    case "billable":
      return key === "true" ? "Billable" : "Not billable";
    default:
      return key;
  }
}

/** Dates ascending; anything else by time descending, then key (no task last). */
function order(grouping: Grouping): (a: SummaryGroup, b: SummaryGroup) => number {
  const byKey = (a: SummaryGroup, b: SummaryGroup) =>
    a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1;
  if (BY_DATE.has(grouping)) return byKey;
  return (a, b) => b.total_seconds - a.total_seconds || byKey(a, b);
}

function totalsOfSums(sums: Sums, rounding: Rounding): Totals {
  const rounded = rounding.mode === "none" ? sums.total : rounding.scope === "group" ? roundSeconds(sums.total, rounding) : sums.rounded;
  return { total_seconds: sums.total, billable_seconds: sums.billable, rounded_seconds: rounded, entry_count: sums.count };
}

function linesOf(
  groups: Map<Key, Sums>,
  grouping: Grouping,
  subGrouping: Grouping | undefined,
  names: Names,
  rounding: Rounding,
): SummaryGroup[] {
  const lines = [...groups].map(([key, sums]): SummaryGroup => {
    const line: SummaryGroup = { key, name: nameOf(grouping, key, names), ...totalsOfSums(sums, rounding) };
    if (subGrouping) line.sub_groups = linesOf(sums.subGroups ?? new Map(), subGrouping, undefined, names, rounding);
    return line;
  });
  return lines.sort(order(grouping));
}

/** Which ids of projects, tasks and users the report's lines need names for. */
function wantedNames(groups: Map<Key, Sums>, grouping: Grouping, subGrouping: Grouping | undefined) {
  const wanted: Record<"project" | "task" | "user", Set<string>> = { project: new Set(), task: new Set(), user: new Set() };
  const note = (kind: Grouping, key: Key) => {
    if (key !== null && (kind === "project" || kind === "task" || kind === "user")) wanted[kind].add(key);
  };
  for (const [key, sums] of groups) {
    note(grouping, key);
    if (subGrouping) for (const subKey of sums.subGroups?.keys() ?? []) note(subGrouping, subKey);
  }
  return { projects: wanted.project, tasks: wanted.task, users: wanted.user };
}

/** Adds up every batch into its group and sub-group. */
async function addUp(
  batches: AsyncIterable<EntryTotalsBatch>,
  query: SummaryQuery,
  calendar: ZoneCalendar,
  asOfMs: number,
): Promise<{ all: Sums; groups: Map<Key, Sums> }> {
  const rounding: Rounding = { mode: query.rounding, minutes: query.rounding_minutes, scope: query.rounding_scope };
  const perEntry = rounding.mode !== "none" && rounding.scope === "entry";
  const keys = new KeyReader(calendar, query.week_start);
  const all = new Sums();
  const groups = new Map<Key, Sums>();
  for await (const { ids, rows } of batches) {
    for (const row of rows) {
      const seconds = row[1] ?? Math.max(0, Math.floor((asOfMs - Date.parse(row[0])) / 1000));
      const rounded = perEntry ? roundSeconds(seconds, rounding) : seconds;
      const billable = row[5] === 1;
      const day = calendar.dayIndexOf(row[0]);
      const key = keys.keyOf(query.group_by, row, ids, day);
      let group = groups.get(key);
      if (!group) {
        group = new Sums();
        groups.set(key, group);
      }
      all.add(seconds, rounded, billable);
      group.add(seconds, rounded, billable);
      if (query.sub_group_by) group.subGroup(keys.keyOf(query.sub_group_by, row, ids, day)).add(seconds, rounded, billable);
    }
  }
  return { all, groups };
}

export async function summaryReport(caller: Caller, who: Identity, query: SummaryQuery): Promise<SummaryReport> {
  const calendar = new ZoneCalendar(query.start_date, query.end_date, query.timezone);
  const window = windowFor(who, query, calendar);
  const asOf = isoSeconds();
  const { all, groups } = await addUp(totalsOf(caller, window), query, calendar, Date.parse(asOf));
  const names = await namesOf(caller, who.organizationId, wantedNames(groups, query.group_by, query.sub_group_by));
  const rounding: Rounding = { mode: query.rounding, minutes: query.rounding_minutes, scope: query.rounding_scope };
  const lines = linesOf(groups, query.group_by, query.sub_group_by, names, rounding);
  const totals = totalsOfSums(all, rounding);
  // With group scope the report's rounded time is what its lines bill: the sum of theirs.
  if (rounding.mode !== "none" && rounding.scope === "group")
    totals.rounded_seconds = lines.reduce((sum, line) => sum + line.rounded_seconds, 0);
  return { start_date: query.start_date, end_date: query.end_date, timezone: query.timezone, as_of: asOf, ...totals, groups: lines };
}

export const SUMMARY_COLUMNS = [
  "group_key",
  "group_name",
  "sub_group_key",
  "sub_group_name",
  "total_seconds",
  "total_hours",
  "billable_seconds",
  "billable_hours",
  "rounded_seconds",
  "rounded_hours",
  "entry_count",
] as const;

function totalsCells(line: Totals): Cell[] {
  return [
    line.total_seconds,
    hours(line.total_seconds),
    line.billable_seconds,
    hours(line.billable_seconds),
    line.rounded_seconds,
    hours(line.rounded_seconds),
    line.entry_count,
  ];
}

/**
 * The report as rows: one per group, or, with `sub_group_by`, one per sub-group with its
 * group's key and name beside it, so that the rows of a file add up to the report.
 */
export function summaryTable(report: SummaryReport, style: "A" | "B"): Table {
  const shown = (key: string | null) => (key !== null && style === "B" ? toStyleBProjectId(key) : key);
  const rows = report.groups.flatMap((group): Cell[][] =>
    group.sub_groups === undefined
      ? [[shown(group.key), group.name, null, null, ...totalsCells(group)]]
      : group.sub_groups.map((sub) => [shown(group.key), group.name, shown(sub.key), sub.name, ...totalsCells(sub)]),
  );
  async function* batches(): AsyncGenerator<Cell[][]> {
    yield rows;
  }
  return { columns: SUMMARY_COLUMNS, rows: batches() };
}
