import type { Caller } from "../../shared/client";
import type { Identity } from "../../shared/identity";
import { toStyleBProjectId } from "../../shared/ids";
import { listEnvelope, type ListEnvelope } from "../../shared/paging";
import type { StreamContext } from "../../shared/pulled-stream";
import { isoSeconds } from "../../shared/time";
import { timeEntriesClient, type TimeEntry } from "../time-entries/client";
import { entriesOf } from "./entry-reads";
import { hours, type Cell, type Table } from "./files";
import type { DetailedQuery } from "./inputs";
import { EntryPricer, moneyFor, type ReportMoney } from "./money";
import { namesOf, type Names } from "./names";
import type { DetailedEntry } from "./contract";
import { windowFor } from "./selection";
import { ZoneCalendar } from "./zone";

/*
 * The detailed report (docs/api.md#the-detailed-report): the entries of the range, newest first, with the
 * names of their user, project and task, and, for whoever may see them, each entry's rate
 * and amount. A running entry's duration runs up to the moment of the request.
 */

function durationAt(entry: TimeEntry, asOfMs: number): number {
  return entry.is_running ? Math.max(0, Math.floor((asOfMs - Date.parse(entry.start_time)) / 1000)) : entry.duration;
}

function detailedEntry(entry: TimeEntry, names: Names, asOfMs: number, pricer: EntryPricer | undefined): DetailedEntry {
  const user = names.users.get(entry.user_id);
  const duration = durationAt(entry, asOfMs);
  const line: DetailedEntry = {
    id: entry.id,
    user_id: entry.user_id,
    user_email: user?.email ?? null,
    user_name: user?.name ?? null,
    project_id: entry.project_id,
    project_name: names.projects.get(entry.project_id) ?? null,
    task_id: entry.task_id,
    task_name: entry.task_id === null ? null : (names.tasks.get(entry.task_id) ?? null),
    description: entry.description,
    start_time: entry.start_time,
    end_time: entry.end_time,
    duration,
    billable: entry.billable,
    tags: entry.tags,
    is_running: entry.is_running,
  };
  if (pricer) {
    const price = pricer.price(entry, duration);
    line.hourly_rate = price.hourlyRate;
    line.billable_amount = pricer.shown(price.amount);
  }
  return line;
}

/** The ids an entry names, by the kind of name. */
type NameIds = Record<"users" | "projects" | "tasks", Set<string>>;

/** The ids of `entries` not in `asked` yet, which are added to it: each id is asked for once however many entries name it. */
function namesWanted(entries: readonly TimeEntry[], asked: NameIds = { users: new Set(), projects: new Set(), tasks: new Set() }): NameIds {
  const wanted: NameIds = { users: new Set(), projects: new Set(), tasks: new Set() };
  const want = (kind: keyof NameIds, id: string | null) => {
    if (id === null || asked[kind].has(id)) return;
    asked[kind].add(id);
    wanted[kind].add(id);
  };
  for (const entry of entries) {
    want("users", entry.user_id);
    want("projects", entry.project_id);
    want("tasks", entry.task_id);
  }
  return wanted;
}

export async function detailedPage(caller: Caller, who: Identity, query: DetailedQuery): Promise<ListEnvelope<DetailedEntry>> {
  const window = windowFor(who, query, new ZoneCalendar(query.start_date, query.end_date, query.timezone));
  const page = { page: query.page, per_page: query.per_page };
  const asOfMs = Date.parse(isoSeconds());
  const [{ items, total }, money] = await Promise.all([
    timeEntriesClient.over(caller).pageEntries({ window, ...page }),
    moneyFor(caller, who),
  ]);
  const names = await namesOf(caller, who.organizationId, namesWanted(items));
  const pricer = money ? new EntryPricer(money) : undefined;
  return listEnvelope(
    items.map((entry) => detailedEntry(entry, names, asOfMs, pricer)),
    total,
    page,
  );
}

/** The export's columns, in the order docs/api.md#exports lists (imports read them back); the money columns only for whoever may see amounts. */
export function detailedColumns(money: ReportMoney | undefined): string[] {
  return [
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
    ...(money ? ["hourly_rate", "billable_amount", "currency"] : []),
  ];
}

function detailedRow(entry: DetailedEntry, style: "A" | "B", money: ReportMoney | undefined): Cell[] {
  const row: Cell[] = [
    entry.id,
    entry.user_id,
    entry.user_email,
    entry.user_name,
    style === "B" ? toStyleBProjectId(entry.project_id) : entry.project_id,
    entry.project_name,
    entry.task_id,
    entry.task_name,
    entry.description,
    entry.start_time,
    entry.end_time,
    entry.duration,
    hours(entry.duration),
    entry.billable,
    entry.tags.join("; "),
  ];
  if (money) row.push(entry.hourly_rate ?? null, entry.billable_amount ?? 0, money.currency);
  return row;
}

/**
 * Every entry of the report, as rows. Names are asked for once each, as new ids appear
 * (one found missing is not asked again), so the export holds as many names as distinct
 * ids, whatever its length; each (person, project)'s rates are resolved once by the pricer.
 */
export async function detailedTable(ctx: StreamContext, who: Identity, query: DetailedQuery, style: "A" | "B"): Promise<Table> {
  const window = windowFor(who, query, new ZoneCalendar(query.start_date, query.end_date, query.timezone));
  const asOfMs = Date.parse(isoSeconds());
  const money = await moneyFor(ctx, who);
  const pricer = money ? new EntryPricer(money) : undefined;
  async function* rows(): AsyncGenerator<Cell[][]> {
    const names: Names = { users: new Map(), projects: new Map(), tasks: new Map(), clients: new Map() };
    const asked: NameIds = { users: new Set(), projects: new Set(), tasks: new Set() };
    for await (const batch of entriesOf(ctx, window)) {
      const wanted = namesWanted(batch, asked);
      if (wanted.users.size + wanted.projects.size + wanted.tasks.size > 0) {
        const found = await namesOf(ctx, who.organizationId, wanted);
        for (const kind of ["users", "projects", "tasks"] as const) {
          for (const [id, name] of found[kind]) (names[kind] as Map<string, unknown>).set(id, name);
        }
      }
      yield batch.map((entry) => detailedRow(detailedEntry(entry, names, asOfMs, pricer), style, money));
    }
  }
  return { columns: detailedColumns(money), rows: rows() };
}
