import type { Consumption, EventStream, EventStreamLogger } from "../event-stream";
import type { KeyValueStore } from "../kv/port";
import type { LiveFeed } from "./feed";
import { notePosition } from "./positions";

/** Event ids remembered to drop a repeat: far more than are published within the stream's duplicate window. */
const REMEMBERED_IDS = 20_000;

/**
 * Distributed: reads every event of the JetStream stream as it is published, notes its
 * position (`positions.ts`), then hands it to this process's live feed. The notes of events
 * that come close together are written at once, each event handed on, in order, once its own
 * note is written. A repeat of an event (the outbox published it again after JetStream's
 * duplicate window) is dropped, as far as this process remembers.
 */
export function followIntoFeed(
  stream: Pick<EventStream, "follow">,
  feed: LiveFeed,
  kv: KeyValueStore,
  keepPositionsMs: number,
  logger: EventStreamLogger,
): Consumption {
  const seen = new Set<string>();
  let handedOn: Promise<void> = Promise.resolve();
  const following = stream.follow(async (entry) => {
    if (seen.has(entry.event.id)) return;
    seen.add(entry.event.id);
    if (seen.size > REMEMBERED_IDS) seen.delete(seen.values().next().value as string);
    // Shown even when it cannot be noted: a stream that resumes from it then starts afresh.
    const noted = notePosition(kv, entry, keepPositionsMs).catch((error: unknown) =>
      logger.warn({ err: error, eventId: entry.event.id }, "could not note an event's position; a stream resuming from it starts afresh"),
    );
    handedOn = handedOn.then(() => noted).then(() => feed.publish(entry));
  }, logger);
  return {
    async stop() {
      await following.stop();
      await handedOn;
    },
  };
}
