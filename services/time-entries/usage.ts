import type { z } from "zod";
import { amountInMinorUnits } from "../../shared/billing/money";
import { RateBook } from "../../shared/billing/rate-book";
import { isoSeconds } from "../../shared/time";
import type { ProjectUsage, timeEntriesClient } from "./client";
import { entryQuery, type EntryStore } from "./entry-store";
import { secondsBetween, type TimeEntryDocument } from "./time-entry";

type UsageQuery = z.output<typeof timeEntriesClient.actions.projectUsage.input>;

const USAGE_FIELDS = ["user_id", "start_time", "end_time", "duration", "billable"] as const;
type UsageFields = Pick<TimeEntryDocument, "_id" | (typeof USAGE_FIELDS)[number]>;

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
  const docs = await entries.readFields<UsageFields>(filter, USAGE_FIELDS);
  const book = new RateBook(query.rates);
  const until = isoSeconds(now);
  let seconds = 0;
  let amount = 0;
  for (const doc of docs) {
    const entrySeconds = doc.end_time === null ? secondsBetween(doc.start_time, until) : (doc.duration ?? 0);
    seconds += entrySeconds;
    if (!doc.billable) continue;
    const rate = book.rateAt(doc.user_id, query.projectId, doc.start_time);
    if (rate !== null) amount += amountInMinorUnits(entrySeconds, rate, query.minorDigits);
  }
  return { seconds, amount_minor: amount };
}
