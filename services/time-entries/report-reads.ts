import { Readable } from "node:stream";
import type { Filter } from "../../shared/storage/port";
import type { EntryTotalsBatch, EntryTotalsRow, ReportWindow } from "./client";
import { ENTRY_ORDER, entryQuery, type EntryStore } from "./entry-store";
import { presentTimeEntry, type TimeEntryDocument } from "./time-entry";
import type { TimeEntry } from "./contract";

/*
 * The reads behind reports. The store filters (organization, filters, a range of
 * `start_time`) and hands over only the fields a report needs; the sums are the reports
 * service's, in code, so that every store (FerretDB 1.x computes only the first
 * accumulator of a `$group`) gives the same numbers.
 */

/** Rows per line of a stream: big enough to keep the bus busy, small enough to stream. */
const BATCH = 5000;

const TOTALS_FIELDS = ["start_time", "duration", "end_time", "user_id", "project_id", "task_id", "billable"] as const;
type TotalsFields = Pick<TimeEntryDocument, "_id" | (typeof TOTALS_FIELDS)[number]>;

function windowQuery(window: ReportWindow): Filter {
  const query = entryQuery(window.organizationId, {
    user_id: window.userId,
    project_id: window.projectId,
    task_id: window.taskId,
    billable: window.billable,
  });
  query.start_time = { $gte: window.from, $lt: window.to };
  return query;
}

/** Ids named once per batch; rows point at them by position. */
class IdTable {
  readonly ids: string[] = [];
  private readonly positions = new Map<string, number>();

  at(id: string): number {
    let position = this.positions.get(id);
    if (position === undefined) {
      position = this.ids.length;
      this.ids.push(id);
      this.positions.set(id, position);
    }
    return position;
  }
}

function totalsBatch(docs: readonly TotalsFields[]): EntryTotalsBatch {
  const table = new IdTable();
  const rows = docs.map((doc): EntryTotalsRow => {
    const running = doc.end_time === null;
    return [
      doc.start_time,
      running ? null : (doc.duration ?? 0),
      table.at(doc.user_id),
      table.at(doc.project_id),
      doc.task_id === null ? -1 : table.at(doc.task_id),
      doc.billable ? 1 : 0,
    ];
  });
  return { ids: table.ids, rows };
}

function* batches<T, B>(items: readonly T[], batch: (slice: readonly T[]) => B): Generator<B> {
  for (let start = 0; start < items.length; start += BATCH) yield batch(items.slice(start, start + BATCH));
}

function* lines<T, L>(items: readonly T[], batch: (slice: readonly T[]) => L): Generator<string> {
  for (const slice of batches(items, (slice) => slice)) yield `${JSON.stringify(batch(slice))}\n`;
}

/**
 * Every entry of the window, in batches of totals (see `EntryTotalsBatch`), as objects: in
 * one process they pass by reference, and over the bus the serializer writes each once.
 * A batch of totals stays far below a NATS message's limit; a batch of whole entries would
 * not, so `streamEntries` sends text, which moleculer cuts into chunks.
 */
export async function streamTotals(entries: EntryStore, window: ReportWindow): Promise<Readable> {
  const docs = await entries.readFields<TotalsFields>(windowQuery(window), TOTALS_FIELDS);
  return Readable.from(batches(docs, totalsBatch), { objectMode: true });
}

/** Every entry of the window, newest first, in batches of presented entries. */
export async function streamEntries(entries: EntryStore, window: ReportWindow): Promise<Readable> {
  const docs = await entries.readFields<TimeEntryDocument>(windowQuery(window), null, ENTRY_ORDER);
  const now = new Date();
  return Readable.from(
    lines(docs, (slice) => slice.map((doc) => presentTimeEntry(doc, now))),
    { objectMode: false },
  );
}

export async function pageEntries(
  entries: EntryStore,
  window: ReportWindow,
  page: { page: number; per_page: number },
): Promise<{ items: TimeEntry[]; total: number }> {
  const { items, total } = await entries.page(windowQuery(window), page);
  const now = new Date();
  return { items: items.map((doc) => presentTimeEntry(doc, now)), total };
}
