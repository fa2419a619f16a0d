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
import { namesOf, type Names } from "./names";
import type { DetailedEntry } from "./contract";
import { windowFor } from "./selection";
import { ZoneCalendar } from "./zone";

/*
 * The detailed report (docs/api.md#the-detailed-report): the entries of the range, newest first, with the
 * names of their user, project and task. A running entry's duration runs up to the
 * moment of the request.
 */

function durationAt(entry: TimeEntry, asOfMs: number): number {
  return entry.is_running ? Math.max(0, Math.floor((asOfMs - Date.parse(entry.start_time)) / 1000)) : entry.duration;
}

function detailedEntry(entry: TimeEntry, names: Names, asOfMs: number): DetailedEntry {
  const user = names.users.get(entry.user_id);
  return {
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
    duration: durationAt(entry, asOfMs),
    billable: entry.billable,
    is_running: entry.is_running,
  };
}

function namesWanted(entries: readonly TimeEntry[], known?: Names) {
  const missing = (ids: (string | null)[], map?: Map<string, unknown>) => ids.filter((id): id is string => id !== null && !map?.has(id));
  return {
    users: missing(
      entries.map((entry) => entry.user_id),
      known?.users,
    ),
    projects: missing(
      entries.map((entry) => entry.project_id),
      known?.projects,
    ),
    tasks: missing(
      entries.map((entry) => entry.task_id),
      known?.tasks,
    ),
  };
}

export async function detailedPage(caller: Caller, who: Identity, query: DetailedQuery): Promise<ListEnvelope<DetailedEntry>> {
  const window = windowFor(who, query, new ZoneCalendar(query.start_date, query.end_date, query.timezone));
  const page = { page: query.page, per_page: query.per_page };
  const asOfMs = Date.parse(isoSeconds());
  const { items, total } = await timeEntriesClient.over(caller).pageEntries({ window, ...page });
  const names = await namesOf(caller, who.organizationId, namesWanted(items));
  return listEnvelope(
    items.map((entry) => detailedEntry(entry, names, asOfMs)),
    total,
    page,
  );
}

/** The export's columns, in the order docs/api.md#exports lists (imports read them back). */
export const DETAILED_COLUMNS = [
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
] as const;

function detailedRow(entry: DetailedEntry, style: "A" | "B"): Cell[] {
  return [
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
  ];
}

/** Every entry of the report, as rows; names are asked for once each, as new ids appear. */
export function detailedTable(ctx: StreamContext, who: Identity, query: DetailedQuery, style: "A" | "B"): Table {
  const window = windowFor(who, query, new ZoneCalendar(query.start_date, query.end_date, query.timezone));
  const asOfMs = Date.parse(isoSeconds());
  async function* rows(): AsyncGenerator<Cell[][]> {
    const names: Names = { users: new Map(), projects: new Map(), tasks: new Map() };
    for await (const batch of entriesOf(ctx, window)) {
      const found = await namesOf(ctx, who.organizationId, namesWanted(batch, names));
      for (const kind of ["users", "projects", "tasks"] as const) {
        for (const [id, name] of found[kind]) (names[kind] as Map<string, unknown>).set(id, name);
      }
      yield batch.map((entry) => detailedRow(detailedEntry(entry, names, asOfMs), style));
    }
  }
  return { columns: DETAILED_COLUMNS, rows: rows() };
}
