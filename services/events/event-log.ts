import type { DomainEvent } from "../../shared/events";
import type { StreamEntry, StreamPage } from "../../shared/event-stream";
import {
  DuplicateKeyError,
  type Collection,
  type CollectionSpec,
  type DocumentStore,
  type StoredDocument,
} from "../../shared/storage/port";

/**
 * Embedded mode's durable, ordered record of events (JetStream's place when there is no
 * NATS): each event once, under the next position, kept for the resume window. Embedded
 * mode is one process, so the positions are counted here, in the order the events come.
 */
interface LoggedEvent extends StoredDocument {
  /** `_id` is the event id: the same event twice is logged once. */
  position: number;
  organization_id: string;
  event: DomainEvent;
  /** Epoch ms when it was logged, for pruning. */
  logged_at: number;
}

const EVENT_LOG: CollectionSpec = {
  name: "event_log",
  indexes: [{ fields: { position: 1 }, unique: true }, { fields: { organization_id: 1, position: 1 } }, { fields: { logged_at: 1 } }],
};

export class EventLog {
  private lastPosition: number;
  /** Appends are told to the feed in position order: each waits for the one before. */
  private told: Promise<void> = Promise.resolve();

  private constructor(
    private readonly records: Collection<LoggedEvent>,
    lastPosition: number,
    private readonly now: () => number,
  ) {
    this.lastPosition = lastPosition;
  }

  static async open(store: DocumentStore, now: () => number = Date.now): Promise<EventLog> {
    const records = await store.collection<LoggedEvent>(EVENT_LOG);
    const [newest] = await records.find({}, { sort: { position: -1 }, limit: 1 });
    return new EventLog(records, newest?.position ?? 0, now);
  }

  /**
   * Logs the event under the next position, then hands the entry to `tell` once it and every
   * earlier append are stored; an event logged before is told nothing (it was told then).
   */
  append(event: DomainEvent, tell: (entry: StreamEntry) => void): Promise<void> {
    const position = ++this.lastPosition;
    const stored = this.records
      .insertOne({ _id: event.id, position, organization_id: event.organization_id, event, logged_at: this.now() })
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof DuplicateKeyError) return false;
          throw error;
        },
      );
    const telling = this.told.then(async () => {
      if (await stored) tell({ position, event });
    });
    this.told = telling.catch(() => undefined);
    return telling;
  }

  async positionOf(organizationId: string, eventId: string): Promise<number | null> {
    return (await this.records.findOne({ _id: eventId, organization_id: organizationId }))?.position ?? null;
  }

  async readAfter(organizationId: string, position: number, limit: number): Promise<StreamPage> {
    const found = await this.records.find(
      { organization_id: organizationId, position: { $gt: position } },
      { sort: { position: 1 }, limit },
    );
    const entries = found.map((record) => ({ position: record.position, event: record.event }));
    return { entries, through: entries.at(-1)?.position ?? position, done: found.length < limit };
  }

  /** Forgets events logged before `before` (epoch ms); answers how many. */
  async prune(before: number): Promise<number> {
    return this.records.deleteMany({ logged_at: { $lt: before } });
  }
}
