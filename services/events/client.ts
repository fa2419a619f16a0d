import { defineClient, internalAction } from "../../shared/client";
import type { StreamEntry } from "../../shared/event-stream";
import { readAfterInput } from "./inputs";

export { RESET_EVENT } from "./contract";

/** A page of a stream's missed events (only those its view shows) and how far it read. */
export interface ReadBack {
  entries: StreamEntry[];
  /** The last position read; the next page starts after it. */
  through: number;
  /** Whether it reached the newest event. */
  done: boolean;
}

/** What the gateway asks of the events service while a live stream catches up after a reconnection. */
export const eventsClient = defineClient("events", {
  readAfter: internalAction(readAfterInput).returning<ReadBack>(),
});
