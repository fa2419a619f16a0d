import type { Readable } from "node:stream";
import type { Caller } from "../../shared/client";
import { timeEntriesClient, type EntryTotalsBatch, type ReportWindow, type TimeEntry } from "../time-entries/client";

/** Each newline-separated JSON value of a stream, parsed; chunks may split lines anywhere. */
async function* jsonLines<T>(stream: Readable): AsyncGenerator<T> {
  let pending = "";
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    pending += typeof chunk === "string" ? chunk : chunk.toString("utf8");
    let end = pending.indexOf("\n");
    while (end >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (line.length > 0) yield JSON.parse(line) as T;
      end = pending.indexOf("\n");
    }
  }
  if (pending.trim().length > 0) yield JSON.parse(pending) as T;
}

/** Every entry of the window as batches of totals, in no order. */
export async function* totalsOf(caller: Caller, window: ReportWindow): AsyncGenerator<EntryTotalsBatch> {
  for await (const batch of await timeEntriesClient.over(caller).streamTotals(window)) yield batch as EntryTotalsBatch;
}

/** Every entry of the window, newest first, in batches. */
export async function* entriesOf(caller: Caller, window: ReportWindow): AsyncGenerator<TimeEntry[]> {
  yield* jsonLines<TimeEntry[]>(await timeEntriesClient.over(caller).streamEntries(window));
}
