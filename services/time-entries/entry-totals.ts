import { amountInMinorUnits } from "../../shared/billing/money";
import { RateBook } from "../../shared/billing/rate-book";
import { roundSeconds } from "../../shared/rounding";
import type { EntryTotalsQuery, TotalsFigures, TotalsKey, TotalsKeyValue, TotalsLine } from "./client";
import type { TimeEntryDocument } from "./time-entry";

/*
 * A summary's sums, added up entry by entry as the store hands over batches
 * (docs/api.md#the-summary): what an entry counts for is worked out here, once, in the
 * same code whatever the store, so every store gives the same numbers.
 * - seconds: its duration; a running entry's, up to `asOf`;
 * - rounded: its seconds rounded (entry scope), else its seconds;
 * - amount: for a billable entry with a rate, its rounded seconds at the rate in force on
 *   its start's UTC day, in minor units, half-up (shared/billing/money.ts); otherwise 0,
 *   and its seconds are unrated.
 */

/** What a summary reads of each entry; only what its groupings and amounts use is read (`totalsFields`). */
export type TotalsFields = Pick<TimeEntryDocument, "start_time" | "duration" | "user_id" | "project_id" | "task_id" | "billable"> & {
  tags?: string[] | null;
};

/**
 * The fields a summary reads: every value read costs a string or a number built for each
 * entry of the year, so no more than it uses. The organization's index holds all but tags.
 */
export function totalsFields(query: EntryTotalsQuery): (keyof TotalsFields)[] {
  const fields: (keyof TotalsFields)[] = ["start_time", "duration", "billable"];
  const keys = new Set<TotalsKey>(query.groupBy);
  if (keys.has("user") || query.money) fields.push("user_id");
  if (keys.has("project") || query.money) fields.push("project_id");
  if (keys.has("task")) fields.push("task_id");
  if (keys.has("tag")) fields.push("tags");
  return fields;
}

class Sums {
  entries = 0;
  seconds = 0;
  billable = 0;
  rounded = 0;
  amount = 0;
  unrated = 0;

  add(figures: EntryFigures): void {
    this.entries += 1;
    this.seconds += figures.seconds;
    this.rounded += figures.rounded;
    this.amount += figures.amount;
    this.unrated += figures.unrated;
    if (figures.billable) this.billable += figures.seconds;
  }

  figures(): TotalsFigures {
    return [this.entries, this.seconds, this.billable, this.rounded, this.amount, this.unrated];
  }
}

interface EntryFigures {
  seconds: number;
  rounded: number;
  billable: boolean;
  amount: number;
  unrated: number;
}

/** The day (its position in `starts`) an instant inside the window falls on. */
function dayOf(starts: readonly string[], instant: string): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as string) <= instant) low = middle;
    else high = middle - 1;
  }
  return low;
}

const NO_TAG: readonly null[] = [null];

/** The keys an entry has for one grouping: one, or (tags) any number, `null` for none. */
function keysOf(key: TotalsKey, entry: TotalsFields, dayStarts: readonly string[] | undefined): readonly TotalsKeyValue[] {
  switch (key) {
    case "user":
      return [entry.user_id];
    case "project":
      return [entry.project_id];
    case "task":
      return [entry.task_id];
    case "billable":
      return [entry.billable];
    case "day":
      return [dayOf(dayStarts ?? [], entry.start_time)];
    case "tag":
      return entry.tags && entry.tags.length > 0 ? entry.tags : NO_TAG;
  }
}

/** `rates`: each (person, project)'s timeline is resolved once by the rate book and kept there. */
function figuresOf(entry: TotalsFields, query: EntryTotalsQuery, asOfMs: number, rates: RateBook | undefined): EntryFigures {
  const seconds = entry.duration ?? Math.max(0, Math.floor((asOfMs - Date.parse(entry.start_time)) / 1000));
  const rounded = query.rounding ? roundSeconds(seconds, query.rounding) : seconds;
  if (!rates) return { seconds, rounded, billable: entry.billable, amount: 0, unrated: 0 };
  const rate = entry.billable ? rates.rateAt(entry.user_id, entry.project_id, entry.start_time) : null;
  if (rate === null) return { seconds, rounded, billable: entry.billable, amount: 0, unrated: seconds };
  return { seconds, rounded, billable: true, amount: amountInMinorUnits(rounded, rate, query.money?.minorDigits ?? 2), unrated: 0 };
}

function sumsAt<K>(map: Map<K, Sums>, key: K): Sums {
  let sums = map.get(key);
  if (!sums) {
    sums = new Sums();
    map.set(key, sums);
  }
  return sums;
}

/** Adds up every batch; the lines of the totals stream, `all` first. */
export async function addUpEntries(batches: AsyncIterable<readonly TotalsFields[]>, query: EntryTotalsQuery): Promise<TotalsLine[]> {
  const asOfMs = Date.parse(query.asOf);
  const rates = query.money ? new RateBook(query.money.rates) : undefined;
  const [outer, inner] = query.groupBy;
  const all = new Sums();
  const groups = new Map<TotalsKeyValue, Sums>();
  const subGroups = new Map<TotalsKeyValue, Map<TotalsKeyValue, Sums>>();
  for await (const batch of batches) {
    for (const entry of batch) {
      const figures = figuresOf(entry, query, asOfMs, rates);
      all.add(figures);
      if (!outer) continue;
      const innerKeys = inner ? keysOf(inner, entry, query.dayStarts) : undefined;
      for (const key of keysOf(outer, entry, query.dayStarts)) {
        sumsAt(groups, key).add(figures);
        if (!innerKeys) continue;
        let within = subGroups.get(key);
        if (!within) {
          within = new Map();
          subGroups.set(key, within);
        }
        for (const subKey of innerKeys) sumsAt(within, subKey).add(figures);
      }
    }
  }
  const lines: TotalsLine[] = [["all", ...all.figures()]];
  for (const [key, sums] of groups) lines.push(["group", key, ...sums.figures()]);
  for (const [key, within] of subGroups) for (const [subKey, sums] of within) lines.push(["sub", key, subKey, ...sums.figures()]);
  return lines;
}
