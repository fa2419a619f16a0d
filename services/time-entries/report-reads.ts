import type { Filter } from "../../shared/storage/port";
import type { EntryTotalsQuery, ReportWindow, TotalsLine } from "./client";
import { ENTRY_ORDER, entryQuery, type EntryStore } from "./entry-store";
import { addUpEntries, totalsFields, type TotalsFields } from "./entry-totals";
import { sumInStore } from "./store-totals";
import { presentTimeEntry, REPORTED_FIELDS, type TimeEntryDocument } from "./time-entry";
import type { TimeEntry } from "./contract";

/*
 * The reads behind reports. The store filters (organization, filters, a range of
 * `start_time`) and hands over batches as they are asked for; a summary is added up here,
 * beside the store, and only its lines leave the service, so its memory grows with the
 * groups, not the entries. Both reads are streams of values the reports service pulls
 * (`shared/pulled-stream.ts`): nothing is read before the reader asks for it, and in one
 * process the batches are handed over as they are.
 */

/** Entries per batch read from the store: enough to keep it busy, few enough to die young. */
const TOTALS_BATCH = 5000;
/**
 * Whole entries per batch of an export (descriptions run to 5,000 characters). Small: some of
 * what a batch holds outlives the young generation's collections and waits for a full one,
 * and an export of a million entries left 120 MiB of it in the heap at 500, about 70 at 200.
 */
const ENTRIES_BATCH = 200;

function windowQuery(window: ReportWindow): Filter {
  const query = entryQuery(window.organizationId, {
    user_id: window.userId,
    project_id: window.projectId,
    task_id: window.taskId,
    billable: window.billable,
    tags: window.tags,
  });
  query.start_time = { $gte: window.from, $lt: window.to };
  return query;
}

/** The summary's lines (`TotalsLine`), in batches, once every entry is added up. */
export async function* sumEntries(entries: EntryStore, query: EntryTotalsQuery): AsyncGenerator<TotalsLine[]> {
  const inStore = await sumInStore(entries, query, (from, to) => windowQuery({ ...query.window, from, to }));
  const lines = inStore
    ? inStore.lines()
    : await addUpEntries(entries.stream<TotalsFields>(windowQuery(query.window), totalsFields(query), { batchSize: TOTALS_BATCH }), query);
  for (let start = 0; start < lines.length; start += TOTALS_BATCH) yield lines.slice(start, start + TOTALS_BATCH);
}

/**
 * Every entry of the window, newest first, presented, in batches. Only the fields an entry
 * shows are read, which the embedded store finds together in one index (`REPORTED_FIELDS`).
 */
export async function* streamEntries(entries: EntryStore, window: ReportWindow): AsyncGenerator<TimeEntry[]> {
  const now = new Date();
  for await (const batch of entries.stream<TimeEntryDocument>(windowQuery(window), REPORTED_FIELDS, {
    order: ENTRY_ORDER,
    batchSize: ENTRIES_BATCH,
    withId: true,
  })) {
    yield batch.map((doc) => presentTimeEntry(doc, now));
  }
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
