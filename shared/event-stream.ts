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

/** The durable consumer the webhook service reads with, shared by all its processes. */
export const WEBHOOKS_CONSUMER = "webhooks";
/** The durable consumer the projects service checks budgets with (docs/api.md, "Budgets"). */
export const BUDGETS_CONSUMER = "budgets";
/** Every durable consumer of the stream; each sees every event, once per consumer. */
export const EVENT_CONSUMERS = [WEBHOOKS_CONSUMER, BUDGETS_CONSUMER] as const;
export type EventConsumer = (typeof EVENT_CONSUMERS)[number];

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

/** Names made of the namespace, so deployments sharing a NATS server never read each other's events. */
export function eventStreamNames(namespace: string): { stream: string; subjects: string; subject(type: string): string } {
  // Stream names and subject tokens may not hold `.`, `*`, `>`, spaces or path separators.
  const token = namespace.replace(/[^A-Za-z0-9_-]/g, "_");
  return { stream: `stint-events-${token}`, subjects: `${token}.events.>`, subject: (type) => `${token}.events.${type}` };
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

function notFound(error: unknown): boolean {
  const failure = error as { code?: string; api_error?: { code?: number } } | null;
  return failure?.code === "404" || failure?.api_error?.code === 404;
}

export class EventStream {
  private constructor(
    private readonly connection: NatsConnection,
    private readonly manager: JetStreamManager,
    private readonly client: JetStreamClient,
    private readonly names: ReturnType<typeof eventStreamNames>,
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
    await this.client.publish(this.names.subject(event.type), codec.encode(event), { msgID: event.id });
  }

  /**
   * Hands events to `handler` as a member of `consumer`'s group (the webhooks' unless
   * named): each event of the stream goes to one process of each group. An event is
   * acknowledged after its handler resolves; a handler that throws has its event delivered
   * again after a short delay; one that never answers (a dead process) after the ack wait.
   * A message that is no event of ours is acknowledged and logged: no attempt can fix it.
   */
  consume(handler: EventHandler, logger: EventStreamLogger, consumerName: EventConsumer = WEBHOOKS_CONSUMER): Consumption {
    let stopping = false;
    let current: { stop(): void } | undefined;
    const inFlight = new Set<Promise<void>>();

    const handle = async (message: JsMsg): Promise<void> => {
      let event: unknown;
      try {
        event = codec.decode(message.data);
      } catch {
        event = undefined;
      }
      if (!isEvent(event)) {
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

    const loop = async (): Promise<void> => {
      while (!stopping) {
        try {
          const consumer = await this.client.consumers.get(this.names.stream, consumerName);
          const messages = await consumer.consume({ max_messages: CONCURRENCY });
          current = messages;
          for await (const message of messages) {
            const work = handle(message).finally(() => inFlight.delete(work));
            inFlight.add(work);
            if (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
          }
        } catch (error) {
          if (!stopping) logger.warn({ err: error }, "reading the event stream failed; trying again");
        }
        if (!stopping) await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };
    const running = loop();

    return {
      async stop() {
        stopping = true;
        current?.stop();
        await running;
        await Promise.allSettled([...inFlight]);
      },
    };
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

async function ensureStream(manager: JetStreamManager, names: ReturnType<typeof eventStreamNames>): Promise<void> {
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
  names: ReturnType<typeof eventStreamNames>,
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
