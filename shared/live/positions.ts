import type { StreamEntry } from "../event-stream";
import type { KeyValueStore } from "../kv/port";

/**
 * Distributed, where each event sits in the JetStream stream, by event id: what turns a
 * `Last-Event-ID` into the place to resume from. JetStream keeps messages by sequence and
 * has no look-up by message id, so every gateway that follows the stream notes each event's
 * position in the shared key-value store before any stream of its shows it. A client can
 * only hold an id some gateway has shown, so every id it sends back was noted. The note is
 * per organization: an id of another organization's event is not found.
 */
const positionKey = (organizationId: string, eventId: string) => `events:position:${organizationId}:${eventId}`;

export async function notePosition(kv: KeyValueStore, entry: StreamEntry, keepMs: number): Promise<void> {
  await kv.set(positionKey(entry.event.organization_id, entry.event.id), String(entry.position), { ttlMs: keepMs });
}

/** Where the event of this id sits, or null when it is unknown to this organization (or older than the notes are kept). */
export async function positionOf(kv: KeyValueStore, organizationId: string, eventId: string): Promise<number | null> {
  return parsed(await kv.get(positionKey(organizationId, eventId)));
}

/**
 * The noted position of each entry's event, in order, in one round trip: an entry whose
 * event was noted at another position is a repeat (published again after the stream's
 * duplicate window) and is not shown twice.
 */
export async function notedPositions(kv: KeyValueStore, entries: readonly StreamEntry[]): Promise<(number | null)[]> {
  if (entries.length === 0) return [];
  const values = await kv.getMany(entries.map((entry) => positionKey(entry.event.organization_id, entry.event.id)));
  return values.map(parsed);
}

function parsed(value: string | null): number | null {
  const position = value === null ? Number.NaN : Number(value);
  return Number.isSafeInteger(position) && position > 0 ? position : null;
}
