import type { Identity } from "../../shared/identity";
import { toStyleBProjectId } from "../../shared/ids";
import type { StreamContext } from "../../shared/pulled-stream";
import { roundSeconds, type Rounding } from "../../shared/rounding";
import { isoSeconds } from "../../shared/time";
import type { EntryTotalsQuery, TotalsFigures, TotalsKey, TotalsKeyValue, TotalsLine } from "../time-entries/client";
import { totalsOf } from "./entry-reads";
import { hours, type Cell, type Table } from "./files";
import type { Grouping, SummaryQuery } from "./inputs";
import { EntryPricer, moneyFor, type ReportMoney } from "./money";
import { namesOf, type Names } from "./names";
import type { SummaryGroup, SummaryReport, Totals } from "./contract";
import { windowFor } from "./selection";
import { weekStartOf, ZoneCalendar } from "./zone";

/*
 * The summary report (docs/api.md#the-summary). The time-entries service adds the entries
 * up where they are kept, by what each grouping is made of (a week and a month of days, a
 * client of projects), amounts included, and hands over only those sums; this merges them
 * into the report's groups, rounds groups (group scope) and names them. Each entry belongs wholly to the day,
 * in the report's zone, on which it starts; a running entry counts up to `as_of`.
 */

type Key = string | null;

/** What each grouping is added up by, beside the entries. */
const ADDED_UP_BY: Record<Grouping, TotalsKey> = {
  project: "project",
  user: "user",
  task: "task",
  billable: "billable",
  day: "day",
  week: "day",
  month: "day",
  tag: "tag",
  client: "project",
};

/** The running sums of one line of the report; the amount in minor units. */
class Sums {
  entries = 0;
  seconds = 0;
  billable = 0;
  /** Per-entry rounded seconds (entry scope), or the seconds. */
  rounded = 0;
  amount = 0;
  unrated = 0;
  subGroups: Map<Key, Sums> | undefined;

  add(figures: TotalsFigures): void {
    this.entries += figures[0];
    this.seconds += figures[1];
    this.billable += figures[2];
    this.rounded += figures[3];
    this.amount += figures[4];
    this.unrated += figures[5];
  }

  subGroup(key: Key): Sums {
    this.subGroups ??= new Map();
    return sumsAt(this.subGroups, key);
  }
}

function sumsAt(map: Map<Key, Sums>, key: Key): Sums {
  let sums = map.get(key);
  if (!sums) {
    sums = new Sums();
    map.set(key, sums);
  }
  return sums;
}

const BY_DATE: ReadonlySet<Grouping> = new Set(["day", "week", "month"]);

/** A grouping's key of what the time-entries service added up by. */
class KeyReader {
  private readonly weeks: string[];
  private readonly months: string[];

  constructor(
    private readonly calendar: ZoneCalendar,
    weekStart: SummaryQuery["week_start"],
    private readonly names: Names,
  ) {
    this.weeks = calendar.dates.map((date) => weekStartOf(date, weekStart));
    this.months = calendar.dates.map((date) => date.slice(0, 7));
  }

  keyOf(grouping: Grouping, added: TotalsKeyValue): Key {
    switch (grouping) {
      case "project":
      case "user":
      case "task":
      case "tag":
        return added as string | null;
      case "client":
        return this.names.clients.get(added as string) ?? null;
      case "billable":
        return added === true ? "true" : "false";
      case "day":
        return this.calendar.dates[added as number] as string;
      case "week":
        return this.weeks[added as number] as string;
      case "month":
        return this.months[added as number] as string;
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

/** Dates ascending; anything else by time descending, then key (no task, tag or client last). */
function order(grouping: Grouping): (a: SummaryGroup, b: SummaryGroup) => number {
  const byKey = (a: SummaryGroup, b: SummaryGroup) =>
    a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1;
  if (BY_DATE.has(grouping)) return byKey;
  return (a, b) => b.total_seconds - a.total_seconds || byKey(a, b);
}

function totalsOfSums(sums: Sums, rounding: Rounding, pricer: EntryPricer | undefined): Totals {
  const rounded =
    rounding.mode === "none" ? sums.seconds : rounding.scope === "group" ? roundSeconds(sums.seconds, rounding) : sums.rounded;
  const totals: Totals = {
    total_seconds: sums.seconds,
    billable_seconds: sums.billable,
    rounded_seconds: rounded,
    entry_count: sums.entries,
  };
  if (pricer) {
    totals.billable_amount = pricer.shown(sums.amount);
    totals.unrated_seconds = sums.unrated;
  }
  return totals;
}

function linesOf(
  groups: Map<Key, Sums>,
  grouping: Grouping,
  subGrouping: Grouping | undefined,
  names: Names,
  shown: { rounding: Rounding; pricer: EntryPricer | undefined },
): SummaryGroup[] {
  const lines = [...groups].map(([key, sums]): SummaryGroup => {
    const line: SummaryGroup = { key, name: nameOf(grouping, key, names), ...totalsOfSums(sums, shown.rounding, shown.pricer) };
    if (subGrouping) line.sub_groups = linesOf(sums.subGroups ?? new Map(), subGrouping, undefined, names, shown);
    return line;
  });
  return lines.sort(order(grouping));
}

/** The ids of projects, tasks and users the sums name, for their names (and projects' clients). */
function wantedNames(lines: readonly TotalsLine[], asked: EntryTotalsQuery) {
  const wanted: Record<"project" | "task" | "user", Set<string>> = { project: new Set(), task: new Set(), user: new Set() };
  const note = (kind: TotalsKey | undefined, key: TotalsKeyValue) => {
    if (typeof key === "string" && (kind === "project" || kind === "task" || kind === "user")) wanted[kind].add(key);
  };
  const [outer, inner] = asked.groupBy;
  for (const line of lines) {
    if (line[0] === "group") note(outer, line[1]);
    else if (line[0] === "sub") note(inner, line[2]);
  }
  return { projects: wanted.project, tasks: wanted.task, users: wanted.user };
}

/** What the time-entries service is asked to add up: by what, over which days, rounded how, priced how. */
function totalsQuery(
  query: SummaryQuery,
  window: EntryTotalsQuery["window"],
  calendar: ZoneCalendar,
  asOf: string,
  money: ReportMoney | undefined,
): EntryTotalsQuery {
  const outer = ADDED_UP_BY[query.group_by];
  const inner = query.sub_group_by ? ADDED_UP_BY[query.sub_group_by] : undefined;
  const groupBy = inner && inner !== outer ? [outer, inner] : [outer];
  const perEntry = query.rounding !== "none" && query.rounding_scope === "entry";
  return {
    window,
    groupBy,
    dayStarts: groupBy.includes("day") ? calendar.starts : undefined,
    rounding: perEntry && query.rounding !== "none" ? { mode: query.rounding, minutes: query.rounding_minutes } : undefined,
    asOf,
    money: money && { minorDigits: money.minorDigits, rates: money.rates },
  };
}

/** Merges the time-entries service's sums into the report's groups and sub-groups. */
function merged(
  lines: readonly TotalsLine[],
  query: SummaryQuery,
  asked: EntryTotalsQuery,
  keys: KeyReader,
): { all: Sums; groups: Map<Key, Sums> } {
  const sub = query.sub_group_by;
  // Both groupings made of the same thing (a week of days, a client of projects): each line is a group's and a sub-group's at once.
  const sameBase = sub !== undefined && asked.groupBy.length === 1;
  const all = new Sums();
  const groups = new Map<Key, Sums>();
  for (const line of lines) {
    if (line[0] === "all") {
      all.add(line.slice(1) as TotalsFigures);
    } else if (line[0] === "group") {
      const figures = line.slice(2) as TotalsFigures;
      const group = sumsAt(groups, keys.keyOf(query.group_by, line[1]));
      group.add(figures);
      if (sameBase) group.subGroup(keys.keyOf(sub, line[1])).add(figures);
    } else if (sub) {
      sumsAt(groups, keys.keyOf(query.group_by, line[1]))
        .subGroup(keys.keyOf(sub, line[2]))
        .add(line.slice(3) as TotalsFigures);
    }
  }
  return { all, groups };
}

export async function summaryReport(ctx: StreamContext, who: Identity, query: SummaryQuery): Promise<SummaryReport> {
  const calendar = new ZoneCalendar(query.start_date, query.end_date, query.timezone);
  const window = windowFor(who, query, calendar);
  const asOf = isoSeconds();
  const money = await moneyFor(ctx, who);
  const asked = totalsQuery(query, window, calendar, asOf, money);
  // The sums are as many as the groups; names (and clients) are needed before merging them.
  const lines: TotalsLine[] = [];
  for await (const batch of totalsOf(ctx, asked)) for (const line of batch) lines.push(line);
  const names = await namesOf(ctx, who.organizationId, wantedNames(lines, asked));
  const { all, groups } = merged(lines, query, asked, new KeyReader(calendar, query.week_start, names));
  const shown = {
    rounding: { mode: query.rounding, minutes: query.rounding_minutes, scope: query.rounding_scope },
    pricer: money && new EntryPricer(money),
  };
  const groupLines = linesOf(groups, query.group_by, query.sub_group_by, names, shown);
  const totals = totalsOfSums(all, shown.rounding, shown.pricer);
  // With group scope the report's rounded time is what its lines bill: the sum of theirs.
  if (shown.rounding.mode !== "none" && shown.rounding.scope === "group")
    totals.rounded_seconds = groupLines.reduce((sum, line) => sum + line.rounded_seconds, 0);
  return {
    start_date: query.start_date,
    end_date: query.end_date,
    timezone: query.timezone,
    as_of: asOf,
    ...(money ? { currency: money.currency } : {}),
    ...totals,
    groups: groupLines,
  };
}

const SUMMARY_COLUMNS = [
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
const MONEY_COLUMNS = ["unrated_seconds", "unrated_hours", "billable_amount", "currency"] as const;

function totalsCells(line: Totals, currency: string | undefined): Cell[] {
  const cells: Cell[] = [
    line.total_seconds,
    hours(line.total_seconds),
    line.billable_seconds,
    hours(line.billable_seconds),
    line.rounded_seconds,
    hours(line.rounded_seconds),
    line.entry_count,
  ];
  if (currency !== undefined) {
    const unrated = line.unrated_seconds ?? 0;
    cells.push(unrated, hours(unrated), line.billable_amount ?? 0, currency);
  }
  return cells;
}

/**
 * The report as rows: one per group, or, with `sub_group_by`, one per sub-group with its
 * group's key and name beside it, so that the rows of a file add up to the report. The
 * money columns come with the amounts, for whoever may see them.
 */
export function summaryTable(report: SummaryReport, query: Pick<SummaryQuery, "group_by" | "sub_group_by">, style: "A" | "B"): Table {
  const shown = (grouping: Grouping | undefined, key: string | null) =>
    key !== null && grouping === "project" && style === "B" ? toStyleBProjectId(key) : key;
  const currency = report.currency;
  const rows = report.groups.flatMap((group): Cell[][] =>
    group.sub_groups === undefined
      ? [[shown(query.group_by, group.key), group.name, null, null, ...totalsCells(group, currency)]]
      : group.sub_groups.map((sub) => [
          shown(query.group_by, group.key),
          group.name,
          shown(query.sub_group_by, sub.key),
          sub.name,
          ...totalsCells(sub, currency),
        ]),
  );
  async function* batches(): AsyncGenerator<Cell[][]> {
    yield rows;
  }
  return { columns: currency === undefined ? SUMMARY_COLUMNS : [...SUMMARY_COLUMNS, ...MONEY_COLUMNS], rows: batches() };
}
