import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import { tagKey, type TimeEntry } from "./contract";

/**
 * A time entry as stored. `_id` is `te_...`, `project_id` the Style A id (`prj_...`).
 * Timestamps are ISO 8601 UTC with whole seconds, so they sort as strings.
 */
export interface TimeEntryDocument extends StoredDocument, Omit<TimeEntry, "id" | "duration" | "is_running" | "tags"> {
  organization_id: string;
  /** Seconds; `null` while the timer runs (it is computed when shown). */
  duration: number | null;
  /**
   * The organization's spelling of each tag, and the same lower-cased, which the `tag`
   * filter matches (docs/api.md#tags). Absent on entries stored before entries had tags.
   */
  tags?: string[];
  tag_keys?: string[];
}

/** The stored fields `presentTimeEntry` reads, besides `_id`: all an entry shows. */
export const REPORTED_FIELDS = [
  "user_id",
  "project_id",
  "task_id",
  "description",
  "start_time",
  "end_time",
  "duration",
  "billable",
  "tags",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof TimeEntryDocument)[];

/** An index's fields: `leading` in its order, then each of `names` not among them, ascending. */
function followedBy(leading: Record<string, 1 | -1>, names: readonly string[]): Record<string, 1 | -1> {
  const fields = { ...leading };
  for (const name of names) if (!(name in fields)) fields[name] = 1;
  return fields;
}

/**
 * Every list filter and the sort (`start_time` descending, ties by id) has an index, so
 * MongoDB reads one user's month without reading anyone else's entries. FerretDB 1.x
 * builds these indexes but never reads through them (every find scans the collection);
 * the embedded store (SQLite) reads through them as MongoDB does.
 *
 * The organization's index also holds every field a summary report adds up (`TOTALS_FIELDS`
 * in report-reads.ts), so that a year's summary reads the index alone, never a document:
 * SQLite answers from it without opening the stored JSON, MongoDB as a covered query.
 *
 * The embedded store keeps one more, of every field an entry shows (`REPORTED_FIELDS`), so
 * that an export of a year reads its entries in the index's order rather than opening each
 * document where it lies: a page read per entry, most of an export's cost (bench/README.md,
 * `reports`). MongoDB reads documents without that cost, and skips it.
 */
export const TIME_ENTRIES_COLLECTION: CollectionSpec = {
  name: "time_entries",
  indexes: [
    { fields: { organization_id: 1, user_id: 1, start_time: -1, _id: -1 } },
    {
      fields: { organization_id: 1, start_time: -1, _id: -1, user_id: 1, project_id: 1, task_id: 1, billable: 1, duration: 1 },
    },
    { fields: { organization_id: 1, project_id: 1, start_time: -1, _id: -1 } },
    { fields: { organization_id: 1, task_id: 1, start_time: -1, _id: -1 } },
    { fields: { organization_id: 1, billable: 1, start_time: -1, _id: -1 } },
    // MongoDB indexes each element of `tag_keys` (a multikey index).
    { fields: { organization_id: 1, tag_keys: 1, start_time: -1, _id: -1 } },
    { fields: followedBy({ organization_id: 1, start_time: -1, _id: -1 }, REPORTED_FIELDS), embeddedOnly: true },
  ],
};

export function secondsBetween(start: string, end: string): number {
  return Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 1000));
}

/** The stored fields of an entry's tags, already in the organization's spelling. */
export function tagFields(tags: readonly string[]): Pick<TimeEntryDocument, "tags" | "tag_keys"> {
  return { tags: [...tags], tag_keys: tags.map(tagKey) };
}

/** A running entry's duration is the time elapsed so far (docs/api.md#time-entries-and-timers). */
export function presentTimeEntry(doc: TimeEntryDocument, now: Date = new Date()): TimeEntry {
  const running = doc.end_time === null;
  return {
    id: doc._id,
    user_id: doc.user_id,
    project_id: doc.project_id,
    task_id: doc.task_id,
    description: doc.description,
    start_time: doc.start_time,
    end_time: doc.end_time,
    duration: running
      ? secondsBetween(doc.start_time, isoSeconds(now))
      : (doc.duration ?? secondsBetween(doc.start_time, doc.end_time ?? doc.start_time)),
    billable: doc.billable,
    tags: doc.tags ?? [],
    is_running: running,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}
