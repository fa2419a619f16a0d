import type { z } from "zod";
import { amountInMinorUnits } from "../../shared/billing/money";
import { RateBook } from "../../shared/billing/rate-book";
import { isoSeconds } from "../../shared/time";
import type { ProjectUsage, timeEntriesClient } from "./client";
import { entryQuery, type EntryStore } from "./entry-store";
import { secondsBetween, type TimeEntryDocument } from "./time-entry";

type UsageQuery = z.output<typeof timeEntriesClient.actions.projectUsage.input>;

const USAGE_FIELDS = ["user_id", "start_time", "end_time", "duration", "billable"] as const;
type UsageFields = Pick<TimeEntryDocument, (typeof USAGE_FIELDS)[number]>;
/** Entries read at a time: a budget's memory is bounded by a batch, not by the project's time. */
const USAGE_BATCH = 1000;

/**
 * What a budget has used: every entry's seconds, and each billable entry's amount at the
 * rate in force on its UTC start day for its person on this project, rounded half-up to
 * the minor unit, then summed (docs/api.md, "Money: rates, amounts and budgets"). A running
 * entry counts up to now. The rates are resolved once per person, not per entry.
 */
export async function projectUsage(entries: EntryStore, query: UsageQuery, now: Date = new Date()): Promise<ProjectUsage> {
  const filter = entryQuery(query.organizationId, { project_id: query.projectId });
  const window: Record<string, string> = {};
  if (query.from !== undefined) window.$gte = query.from;
  if (query.to !== undefined) window.$lt = query.to;
  if (Object.keys(window).length > 0) filter.start_time = window;
  const book = new RateBook(query.rates);
  const until = isoSeconds(now);
  let seconds = 0;
  let amount = 0;
  for await (const batch of entries.stream<UsageFields>(filter, USAGE_FIELDS, { batchSize: USAGE_BATCH })) {
    for (const doc of batch) {
      const entrySeconds = doc.end_time === null ? secondsBetween(doc.start_time, until) : (doc.duration ?? 0);
      seconds += entrySeconds;
      if (!doc.billable) continue;
      const rate = book.rateAt(doc.user_id, query.projectId, doc.start_time);
      if (rate !== null) amount += amountInMinorUnits(entrySeconds, rate, query.minorDigits);
    }
  }
  return { seconds, amount_minor: amount };
}
