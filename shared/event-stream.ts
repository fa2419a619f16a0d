import {
  AckPolicy,
  connect,
  DeliverPolicy,
  DiscardPolicy,
  JSONCodec,
  nanos,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  type StreamConfig,
} from "nats";
import { EVENT_CONSUMERS, WEBHOOKS_CONSUMER, type EventConsumer } from "./event-consumers";
import type { DomainEvent } from "./events";
import { parseId } from "./ids";

/**
 * Domain events on NATS JetStream, for distributed deployments: one stream per namespace,
 * kept on disk, and a durable consumer per service that reads it (webhooks, and the
 * projects service's budget checks), which every process of that service reads from as a
 * group (each event goes to one of them). A message is removed from the consumer's
 * pending set only when its handler has finished and acknowledged it; one not acknowledged
 * within the ack wait (its process died, say) is delivered again, to whichever process
 * asks next.
 */

export interface EventStreamOptions {
  natsUrl: string;
  namespace: string;
  /** This connection's name, as NATS monitoring shows it. */
  connectionName?: string;
  /** How long a delivered event may stay unacknowledged before it is delivered again. */
  ackWaitMs?: number;
}

export interface EventStreamLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** What a consumer's handler says about an event it could not take. */
export type EventHandler = (event: DomainEvent) => Promise<void>;

export interface Consumption {
  /** Stops asking for events and waits for the handlers in progress; those not acknowledged come back later. */
  stop(): Promise<void>;
}

const DEFAULT_ACK_WAIT_MS = 30_000;
/** Events are kept this long, read or not: a consumer that was away for days still finds them. */
const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Publishing the same event id again within this window stores nothing new (the outbox sweep may publish twice). */
const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
/** How long a failed handler's event waits before it is delivered again. */
const RETRY_DELAY_MS = 5_000;
/** Events one process handles at once. */
const CONCURRENCY = 16;
/** How long reading back a page waits for messages the server said were there. */
const READ_BACK_WAIT_MS = 5_000;

export interface EventStreamNames {
  stream: string;
  /** Every subject of the stream. */
  subjects: string;
  /** Where an event is published: `<namespace>.events.<organization>.<type>`. */
  subject(event: Pick<DomainEvent, "organization_id" | "type">): string;
  /** Every event of one organization, so that reading it back skips the others' (live streams resuming). */
  organizationSubjects(organizationId: string): string;
}

/** Stream names and subject tokens may not hold `.`, `*`, `>`, spaces or path separators. */
const asToken = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, "_");

/** Names made of the namespace, so deployments sharing a NATS server never read each other's events. */
export function eventStreamNames(namespace: string): EventStreamNames {
  const token = asToken(namespace);
  return {
    stream: `stint-events-${token}`,
    subjects: `${token}.events.>`,
    subject: (event) => `${token}.events.${asToken(event.organization_id)}.${event.type}`,
    organizationSubjects: (organizationId) => `${token}.events.${asToken(organizationId)}.>`,
  };
}

/** An event with its place in the stream: JetStream's sequence number, which only grows. */
export interface StreamEntry {
  position: number;
  event: DomainEvent;
}

/** A page of one organization's events read back from the stream (`EventStream.readAfter`). */
export interface StreamPage {
  entries: StreamEntry[];
  /** The last position read, or the one asked for when nothing came after it. */
  through: number;
  /** Whether the page reached the end of the stream as it was when read. */
  done: boolean;
}

const codec = JSONCodec<DomainEvent>();

function isEvent(value: unknown): value is DomainEvent {
  const event = value as Partial<DomainEvent> | null;
  return (
    typeof event === "object" &&
    event !== null &&
    typeof event.id === "string" &&
    parseId("event", event.id) !== null &&
    typeof event.type === "string" &&
    typeof event.organization_id === "string"
  );
}

/** A message's event, or undefined when it is none of ours. */
function decoded(data: Uint8Array): DomainEvent | undefined {
  try {
    const event: unknown = codec.decode(data);
    return isEvent(event) ? event : undefined;
  } catch {
    return undefined;
  }
}

function notFound(error: unknown): boolean {
  const failure = error as { code?: string; api_error?: { code?: number } } | null;
  return failure?.code === "404" || failure?.api_error?.code === 404;
}

/** How long a reading loop waits before it opens its messages again, after a failure or their end. */
const READ_AGAIN_AFTER_MS = 1000;

/** What a reading round is told: whether the loop is stopping, and where to say which messages it reads. */
interface Round {
  readonly stopping: boolean;
  reading(messages: { stop(): void }): void;
}

/**
 * Runs `round` (open messages, read them) again and again until stopped, a second apart:
 * after a round fails (logged with `onFailure`) or its messages end. Stopping stops the
 * messages being read, waits for the round, then for `afterStop`.
 */
function readInRounds(
  round: (state: Round) => Promise<void>,
  onFailure: (error: unknown) => void,
  afterStop: () => Promise<unknown> = () => Promise.resolve(),
): Consumption {
  let stopping = false;
  let current: { stop(): void } | undefined;
  const state: Round = {
    get stopping() {
      return stopping;
    },
    reading: (messages) => {
      current = messages;
      // Opened while stopping: nothing would stop them otherwise.
      if (stopping) messages.stop();
    },
  };
  const running = (async () => {
    while (!stopping) {
      try {
        await round(state);
      } catch (error) {
        if (!stopping) onFailure(error);
      }
      if (!stopping) await new Promise((resolve) => setTimeout(resolve, READ_AGAIN_AFTER_MS));
    }
  })();
  return {
    async stop() {
      stopping = true;
      current?.stop();
      await running;
      await afterStop();
    },
  };
}

export class EventStream {
  private constructor(
    private readonly connection: NatsConnection,
    private readonly manager: JetStreamManager,
    private readonly client: JetStreamClient,
    private readonly names: EventStreamNames,
  ) {}

  /** Connects (retrying for ever after a lost connection) and makes sure the stream and the webhook consumer exist. */
  static async open(options: EventStreamOptions): Promise<EventStream> {
    const connection = await connect({
      servers: options.natsUrl,
      name: options.connectionName,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
    });
    try {
      const manager = await connection.jetstreamManager();
      const names = eventStreamNames(options.namespace);
      await ensureStream(manager, names);
      for (const consumer of EVENT_CONSUMERS) await ensureConsumer(manager, names, consumer, options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS);
      return new EventStream(connection, manager, connection.jetstream(), names);
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Stores an event in the stream; resolves once JetStream has it on disk. The event id is
   * the message id, so publishing it again within the duplicate window stores nothing new.
   */
  async publish(event: DomainEvent): Promise<void> {
    await this.client.publish(this.names.subject(event), codec.encode(event), { msgID: event.id });
  }

  /**
   * Hands events to `handler` as a member of `consumer`'s group (the webhooks' unless
   * named): each event of the stream goes to one process of each group. An event is
   * acknowledged after its handler resolves; a handler that throws has its event delivered
   * again after a short delay; one that never answers (a dead process) after the ack wait.
   * A message that is no event of ours is acknowledged and logged: no attempt can fix it.
   */
  consume(handler: EventHandler, logger: EventStreamLogger, consumerName: EventConsumer = WEBHOOKS_CONSUMER): Consumption {
    const inFlight = new Set<Promise<void>>();

    const handle = async (message: JsMsg): Promise<void> => {
      const event = decoded(message.data);
      if (!event) {
        logger.warn({ subject: message.subject, seq: message.seq }, "dropped a message on the event stream that is no domain event");
        message.ack();
        return;
      }
      try {
        await handler(event);
        message.ack();
      } catch (error) {
        logger.error(
          { err: error, eventId: event.id, eventType: event.type, redelivered: message.redelivered },
          "could not take an event; it will be delivered again",
        );
        message.nak(RETRY_DELAY_MS);
      }
    };

    return readInRounds(
      async (round) => {
        const consumer = await this.client.consumers.get(this.names.stream, consumerName);
        const messages = await consumer.consume({ max_messages: CONCURRENCY });
        round.reading(messages);
        for await (const message of messages) {
          const work = handle(message).finally(() => inFlight.delete(work));
          inFlight.add(work);
          if (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
        }
      },
      (error) => logger.warn({ err: error }, "reading the event stream failed; trying again"),
      () => Promise.allSettled([...inFlight]),
    );
  }

  /**
   * Every event published from now on, in the stream's order, to `handler`, one at a time
   * (the next waits for the handler's promise): a process's live feed. Nothing is
   * acknowledged or kept for it on the server (an ordered consumer, made again from where it
   * stopped after a lost connection); messages that are no events are skipped.
   */
  follow(handler: (entry: StreamEntry) => Promise<void>, logger: EventStreamLogger): Consumption {
    let lastPosition = 0;
    return readInRounds(
      async (round) => {
        // After a failure, on from the last event handled rather than from whatever is new by then.
        const start =
          lastPosition > 0
            ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: lastPosition + 1 }
            : { deliver_policy: DeliverPolicy.New };
        const consumer = await this.client.consumers.get(this.names.stream, start);
        const messages = await consumer.consume();
        round.reading(messages);
        for await (const message of messages) {
          const event = decoded(message.data);
          lastPosition = message.seq;
          if (event) await handler({ position: message.seq, event });
          if (round.stopping) break;
        }
      },
      (error) => logger.warn({ err: error }, "following the event stream failed; trying again"),
    );
  }

  /**
   * Up to `limit` events of one organization published after `position`, oldest first:
   * what a live stream that resumes has missed. Reads only that organization's subjects.
   */
  async readAfter(organizationId: string, position: number, limit: number): Promise<StreamPage> {
    const consumer = await this.client.consumers.get(this.names.stream, {
      filterSubjects: this.names.organizationSubjects(organizationId),
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: position + 1,
    });
    try {
      const pending = (await consumer.info(true)).num_pending;
      if (pending === 0) return { entries: [], through: position, done: true };
      const entries: StreamEntry[] = [];
      let through = position;
      let left = pending;
      const messages = await consumer.fetch({ max_messages: Math.min(limit, pending), expires: READ_BACK_WAIT_MS });
      for await (const message of messages) {
        through = message.seq;
        left = message.info.pending;
        const event = decoded(message.data);
        if (event) entries.push({ position: message.seq, event });
        if (left === 0 || entries.length >= limit) break;
      }
      return { entries, through, done: left === 0 };
    } finally {
      await consumer.delete().catch(() => undefined);
    }
  }

  /** Resolves while the server answers; rejects otherwise (readiness). */
  async ping(): Promise<void> {
    if (this.connection.isClosed()) throw new Error("the event stream connection is closed");
    await Promise.race([
      this.connection.flush(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("NATS did not answer in time")), 2000).unref()),
    ]);
  }

  /** A consumer's state as the server sees it (tests and operations). */
  consumerInfo(consumer: EventConsumer = WEBHOOKS_CONSUMER): ReturnType<JetStreamManager["consumers"]["info"]> {
    return this.manager.consumers.info(this.names.stream, consumer);
  }

  async close(): Promise<void> {
    if (!this.connection.isClosed()) await this.connection.drain().catch(() => this.connection.close());
  }
}

async function ensureStream(manager: JetStreamManager, names: EventStreamNames): Promise<void> {
  const config: Partial<StreamConfig> = {
    name: names.stream,
    subjects: [names.subjects],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(RETENTION_MS),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  };
  try {
    await manager.streams.info(names.stream);
  } catch (error) {
    if (!notFound(error)) throw error;
    // Two processes starting at once both add it; the same configuration twice is no error.
    await manager.streams.add(config);
  }
}

async function ensureConsumer(
  manager: JetStreamManager,
  names: EventStreamNames,
  consumer: EventConsumer,
  ackWaitMs: number,
): Promise<void> {
  const config: Partial<ConsumerConfig> = {
    durable_name: consumer,
    ack_policy: AckPolicy.Explicit,
    // Created by whoever publishes first, so events published before any of its processes ran are kept for it.
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(ackWaitMs),
    max_deliver: -1,
    max_ack_pending: 1000,
  };
  try {
    const info = await manager.consumers.info(names.stream, consumer);
    if (info.config.ack_wait !== config.ack_wait) await manager.consumers.update(names.stream, consumer, { ack_wait: config.ack_wait });
  } catch (error) {
    if (!notFound(error)) throw error;
    await manager.consumers.add(names.stream, config);
  }
}
