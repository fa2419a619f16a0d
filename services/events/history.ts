import type { EventStream, StreamPage } from "../../shared/event-stream";
import type { KeyValueStore } from "../../shared/kv/port";
import { notedPositions, positionOf } from "../../shared/live/positions";
import type { EventLog } from "./event-log";

/** Where past events are read back from: the embedded log, or the JetStream stream with the noted positions. */
export interface EventHistory {
  /** Where an event of this organization sits; null when it is unknown here (too old, or another's). */
  positionOf(organizationId: string, eventId: string): Promise<number | null>;
  readAfter(organizationId: string, position: number, limit: number): Promise<StreamPage>;
}

export function loggedHistory(log: EventLog): EventHistory {
  return {
    positionOf: (organizationId, eventId) => log.positionOf(organizationId, eventId),
    readAfter: (organizationId, position, limit) => log.readAfter(organizationId, position, limit),
  };
}

/**
 * Distributed: positions from the notes the gateways keep, events from the stream. An
 * event the stream holds twice (published again after its duplicate window) is read back
 * once, at the position the gateways noted and showed it at.
 */
export function streamedHistory(stream: Pick<EventStream, "readAfter">, kv: KeyValueStore): EventHistory {
  return {
    positionOf: (organizationId, eventId) => positionOf(kv, organizationId, eventId),
    async readAfter(organizationId, position, limit) {
      const page = await stream.readAfter(organizationId, position, limit);
      const noted = await notedPositions(kv, page.entries);
      return { ...page, entries: page.entries.filter((entry, at) => (noted[at] ?? entry.position) === entry.position) };
    },
  };
}
