import type { DomainEvent } from "./events";
import { DuplicateKeyError, type Collection, type CollectionSpec, type DocumentStore, type StoredDocument } from "./storage/port";

/**
 * The outbox: an event is written here before the change it announces, and removed once
 * JetStream has it. The storage port has no multi-document transactions, so the record
 * cannot be written in one step with the change; written first, it outlives a process that
 * dies anywhere between the two, and the sweep publishes it. The price: an event whose
 * change never completed (the process died before it, with no answer to the caller) may
 * be published too. Announcing such a change is preferred to ever missing a stored one.
 */
export interface OutboxDocument extends StoredDocument {
  /** `_id` is the event id. */
  event: DomainEvent;
  /** Epoch ms from which the sweep publishes the record: by then its request is over. */
  publish_after: number;
  created_at: string;
}

export const OUTBOX_COLLECTION: CollectionSpec = {
  name: "event_outbox",
  indexes: [{ fields: { publish_after: 1 } }],
};

export interface OutboxTiming {
  /** How old an unpublished record is before the sweep publishes it. */
  sweepAfterMs: number;
  /** How often the sweep looks. */
  sweepEveryMs: number;
}

export const DEFAULT_OUTBOX_TIMING: OutboxTiming = { sweepAfterMs: 30_000, sweepEveryMs: 5_000 };

/** How long a sweeping process holds a record it took before another may take it. */
const SWEEP_LEASE_MS = 60_000;
const SWEEP_BATCH = 100;

export class Outbox {
  private constructor(
    private readonly records: Collection<OutboxDocument>,
    private readonly timing: OutboxTiming,
    private readonly now: () => number,
  ) {}

  static async open(store: DocumentStore, timing: OutboxTiming = DEFAULT_OUTBOX_TIMING, now: () => number = Date.now): Promise<Outbox> {
    return new Outbox(await store.collection<OutboxDocument>(OUTBOX_COLLECTION), timing, now);
  }

  /**
   * Writes the event before its change is made. A repeat of a request sent with an
   * `Idempotency-Key` announces under the id of the first run's event (`shared/creation.ts`),
   * whose record may still be here: that record stands for both.
   */
  async record(event: DomainEvent): Promise<void> {
    const now = this.now();
    try {
      await this.records.insertOne({
        _id: event.id,
        event,
        publish_after: now + this.timing.sweepAfterMs,
        created_at: new Date(now).toISOString(),
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  /** Replaces what a record will publish with what the change turned out to be. */
  async settle(event: DomainEvent): Promise<void> {
    await this.records.findOneAndUpdate({ _id: event.id }, { $set: { event } });
  }

  /** Forgets a record: its event is in the stream, or its change was refused. */
  async remove(eventId: string): Promise<void> {
    await this.records.deleteOne({ _id: eventId });
  }

  /**
   * Publishes records left behind (their process died, or JetStream was away), oldest
   * first; answers how many. Safe in several processes at once: each takes a record by
   * moving its `publish_after` past a lease before publishing, and should two take the same
   * one (FerretDB's find-and-modify is not atomic across connections), the event id makes
   * the second publish a duplicate JetStream drops, and the webhook service would queue
   * nothing new for it anyway.
   */
  async sweep(publish: (event: DomainEvent) => Promise<void>): Promise<number> {
    const now = this.now();
    const due = await this.records.find({ publish_after: { $lte: now } }, { sort: { publish_after: 1 }, limit: SWEEP_BATCH });
    let published = 0;
    for (const record of due) {
      const taken = await this.records.findOneAndUpdate(
        { _id: record._id, publish_after: record.publish_after },
        { $set: { publish_after: now + SWEEP_LEASE_MS } },
      );
      if (!taken) continue;
      await publish(taken.event);
      await this.remove(taken._id);
      published += 1;
    }
    return published;
  }

  /** Runs `sweep` every `sweepEveryMs` until stopped; failures are logged and tried again next time. */
  startSweeping(
    publish: (event: DomainEvent) => Promise<void>,
    logger: { info(fields: object, message: string): void; warn(fields: object, message: string): void },
  ): { stop(): Promise<void> } {
    let busy: Promise<void> | undefined;
    let stopped = false;
    const timer = setInterval(() => {
      if (stopped || busy) return;
      busy = this.sweep(publish)
        .then(
          (count) => {
            if (count > 0) logger.info({ events: count }, "published events left in the outbox");
          },
          (error: unknown) => logger.warn({ err: error }, "the outbox sweep failed; it will try again"),
        )
        .finally(() => (busy = undefined));
    }, this.timing.sweepEveryMs);
    timer.unref();
    return {
      async stop() {
        stopped = true;
        clearInterval(timer);
        await busy;
      },
    };
  }
}
