import { SECONDS_PER_HOUR_IN_HUNDREDTHS } from "../../shared/billing/money";
import { RateBook } from "../../shared/billing/rate-book";
import type { Filter, SumPricing, SumRow } from "../../shared/storage/port";
import type { EntryTotalsQuery, TotalsKey, TotalsKeyValue } from "./client";
import type { EntryStore } from "./entry-store";
import { Totals, totalsFields, type TotalsFields } from "./entry-totals";

/*
 * A summary added up by the store itself where it can (`sumBy`: SQL's GROUP BY in the
 * embedded store): only the sums of each group of entries that share every key leave it,
 * so no entry is read into the process. The day an entry falls on is not a field: the
 * window is cut at the zone's day starts (known for the range) and each day is summed on
 * its own, which also keeps each GROUP BY small. Entries still running have no duration
 * to add and are read and added up in code, as every entry is where the store cannot sum.
 * The figures are those of `entry-totals.ts`, entry by entry (docs/api.md#the-summary).
 */

/** Running entries per batch: few at any time (one per person at most). */
const RUNNING_BATCH = 500;

/** The field each grouping other than the day reads; tags (any number per entry) are added up in code. */
const KEY_FIELDS: Partial<Record<TotalsKey, string>> = {
  user: "user_id",
  project: "project_id",
  task: "task_id",
  billable: "billable",
};

/** The store's pieces of the window: each day of it when grouping by day, else the whole window; with the day's position. */
function piecesOf(query: EntryTotalsQuery): { from: string; to: string; day: number }[] {
  const { from, to } = query.window;
  if (!query.groupBy.includes("day")) return [{ from, to, day: 0 }];
  const starts = query.dayStarts ?? [];
  const pieces: { from: string; to: string; day: number }[] = [];
  for (let day = 0; day + 1 < starts.length; day++) {
    const start = (starts[day] as string) > from ? (starts[day] as string) : from;
    const end = (starts[day + 1] as string) < to ? (starts[day + 1] as string) : to;
    if (start < end) pieces.push({ from: start, to: end, day });
  }
  return pieces;
}

/**
 * The summary's totals added up by the store, or `undefined` when it cannot (no `sumBy`,
 * groups by tag, or values SQL would not add as code does): then every entry is read and
 * added up in code.
 */
export async function sumInStore(
  entries: EntryStore,
  query: EntryTotalsQuery,
  windowQuery: (from: string, to: string) => Filter,
): Promise<Totals | undefined> {
  if (query.groupBy.includes("tag")) return undefined;
  const keys = [...new Set<string>([...query.groupBy.flatMap((key) => KEY_FIELDS[key] ?? []), "billable"])];
  const round = query.rounding ? { mode: query.rounding.mode, step: query.rounding.minutes * 60 } : undefined;
  const price = query.money && pricing(query.money);
  const totals = new Totals(query);
  for (const piece of piecesOf(query)) {
    const rows: SumRow[] | undefined = await entries.sumBy(windowQuery(piece.from, piece.to), { keys, field: "duration", round, price });
    if (!rows) return undefined;
    let running = 0;
    for (const [values, count, seconds, rounded, missing, amount] of rows) {
      running += missing;
      if (count === 0) continue;
      const valueOf = (key: TotalsKey): TotalsKeyValue =>
        key === "day" ? piece.day : ((values[keys.indexOf(KEY_FIELDS[key] as string)] ?? null) as TotalsKeyValue);
      const billable = valueOf("billable") === true;
      // With amounts, the rate is the last key: none (not billable, or no rate in force) leaves the seconds unrated.
      const rated = price !== undefined && values[keys.length] !== null;
      const unrated = price !== undefined && !rated ? seconds : 0;
      totals.addSums({ seconds, rounded: round ? rounded : seconds, billable, amount: rated ? amount : 0, unrated }, count, valueOf);
    }
    // Running entries: their seconds run up to the report's `asOf`, which code works out.
    if (running === 0) continue;
    const filter = { ...windowQuery(piece.from, piece.to), duration: null };
    for await (const batch of entries.stream<TotalsFields>(filter, totalsFields(query), { batchSize: RUNNING_BATCH }))
      for (const entry of batch) totals.addEntry(entry);
  }
  return totals;
}

/** Amounts as `entry-totals.ts` prices each entry: its rounded seconds at its rate in hundredths an hour, in minor units, half up. */
function pricing(money: NonNullable<EntryTotalsQuery["money"]>): SumPricing {
  return {
    by: ["user_id", "project_id"],
    at: "start_time",
    when: "billable",
    timelines: new RateBook(money.rates)
      .everyTimeline()
      .map(({ userId, projectId, timeline }) => ({ keys: [userId, projectId], starts: timeline.starts, rates: timeline.hundredths })),
    multiplier: 10 ** money.minorDigits,
    divisor: SECONDS_PER_HOUR_IN_HUNDREDTHS,
  };
}
