import { readPulledValues, type StreamContext } from "../../shared/pulled-stream";
import { timeEntriesClient, type EntryTotalsQuery, type ReportWindow, type TimeEntry, type TotalsLine } from "../time-entries/client";

/** A summary's sums, added up by the time-entries service, in batches: the window's line first, then its groups' and sub-groups'. */
export async function* totalsOf(ctx: StreamContext, query: EntryTotalsQuery): AsyncGenerator<TotalsLine[]> {
  yield* readPulledValues<TotalsLine>(ctx, await timeEntriesClient.over(ctx).sumEntries(query));
}

/** Every entry of the window, newest first, in batches, read from the store as they are taken. */
export async function* entriesOf(ctx: StreamContext, window: ReportWindow): AsyncGenerator<TimeEntry[]> {
  yield* readPulledValues<TimeEntry>(ctx, await timeEntriesClient.over(ctx).streamEntries(window));
}
