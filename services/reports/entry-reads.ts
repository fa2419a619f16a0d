import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { readPulled, type StreamContext } from "../../shared/pulled-stream";
import { timeEntriesClient, type EntryTotalsQuery, type ReportWindow, type TimeEntry, type TotalsLine } from "../time-entries/client";

/** Each newline-separated JSON value of a stream, parsed; pieces may split lines, and characters, anywhere. */
async function* jsonLines<T>(stream: Readable): AsyncGenerator<T> {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      if (end > start) yield JSON.parse(text.slice(start, end)) as T;
      start = end + 1;
    }
    pending = text.slice(start);
  }
  pending += decoder.end();
  if (pending.trim().length > 0) yield JSON.parse(pending) as T;
}

/** A summary's sums, added up by the time-entries service: the window's line first, then its groups' and sub-groups'. */
export async function* totalsOf(ctx: StreamContext, query: EntryTotalsQuery): AsyncGenerator<TotalsLine> {
  yield* jsonLines<TotalsLine>(readPulled(ctx, await timeEntriesClient.over(ctx).sumEntries(query)));
}

/** Every entry of the window, newest first, in batches, read from the store as they are taken. */
export async function* entriesOf(ctx: StreamContext, window: ReportWindow): AsyncGenerator<TimeEntry[]> {
  yield* jsonLines<TimeEntry[]>(readPulled(ctx, await timeEntriesClient.over(ctx).streamEntries(window)));
}
