import { eventIdFor, type Creation } from "./creation";
import { ApiError } from "./errors";
import type { EventStream } from "./event-stream";
import { domainEvent, type DomainEvent, type EventType } from "./events";
import type { Outbox } from "./outbox";
import { DuplicateKeyError } from "./storage/port";

/**
 * How a use case announces a change: `prepare` before making it, with what the event will
 * most likely carry, then `publish` with what the change turned out to be, or `drop` when
 * it was refused. Between the two, the event is safe in the outbox (distributed mode).
 */
export interface PreparedEvent<T> {
  /** Sends the event with `actual` as its data. Never throws: what cannot be sent now is sent by the outbox sweep. */
  publish(actual: T): Promise<void>;
  /** The change was not made: nothing is announced. */
  drop(): Promise<void>;
}

export interface Announce<T> {
  prepare(expected: T): Promise<PreparedEvent<T>>;
}

/**
 * Whether a failed change surely changed nothing: a refusal (4xx) or a taken key. Anything
 * else (a store that stopped answering mid-write, say) may have stored it, so its event is
 * left to the outbox sweep rather than dropped.
 */
export function changedNothing(error: unknown): boolean {
  return (error instanceof ApiError && error.code < 500) || error instanceof DuplicateKeyError;
}

/** Prepares the event, makes the change, and publishes what the change answers. */
export async function announceChange<T>(announce: Announce<T>, expected: T, change: () => Promise<T>): Promise<T> {
  const prepared = await announce.prepare(expected);
  let actual: T;
  try {
    actual = await change();
  } catch (error) {
    if (changedNothing(error)) await prepared.drop();
    throw error;
  }
  await prepared.publish(actual);
  return actual;
}

/** Announces a change that was made without being foreseen (a timer another request started, say). */
export async function announceMade<T>(announce: Announce<T>, actual: T): Promise<void> {
  await (await announce.prepare(actual)).publish(actual);
}

/** Who announces: a request's context, or the broker for work no request started (a sweep). */
export interface EventSource {
  emit(eventName: string, data: unknown): Promise<unknown>;
  /** A request's meta (the broker has none): it may carry a creation key. */
  readonly meta?: unknown;
}

/** Where a process's events go; services make their announcers from it per request (or per sweep). */
export interface EventPublisher {
  announce<T>(source: EventSource, type: EventType, organizationOf: (data: T) => string): Announce<T>;
}

/**
 * The id of an event a request announces: derived from the request's creation key when it
 * carries one (an `Idempotency-Key`), so that a repeat announces the same change under the
 * same id and the webhooks queue takes it once (`shared/creation.ts`); new otherwise.
 */
function eventIdOf(source: EventSource, type: EventType): string {
  return eventIdFor(type, source.meta as Creation | undefined);
}

/** Embedded mode: events go on the in-process bus after the change, as moleculer events. */
export const IN_PROCESS_EVENTS: EventPublisher = {
  announce<T>(source: EventSource, type: EventType, organizationOf: (data: T) => string): Announce<T> {
    return {
      prepare: () =>
        Promise.resolve({
          publish: async (actual: T) => {
            await source.emit(type, domainEvent(type, organizationOf(actual), actual, eventIdOf(source, type)));
          },
          drop: () => Promise.resolve(),
        }),
    };
  },
};

export interface PublisherLogger {
  warn(fields: object, message: string): void;
}

/**
 * Distributed mode: each event is written to the outbox before its change, published to
 * JetStream after it, and removed from the outbox once JetStream has it.
 */
export function durableEvents(outbox: Outbox, stream: Pick<EventStream, "publish">, logger: PublisherLogger): EventPublisher {
  return {
    announce<T>(source: EventSource, type: EventType, organizationOf: (data: T) => string): Announce<T> {
      return {
        async prepare(expected: T): Promise<PreparedEvent<T>> {
          const event = domainEvent(type, organizationOf(expected), expected, eventIdOf(source, type));
          await outbox.record(event);
          return {
            async publish(actual: T) {
              const final: DomainEvent<T> = { ...event, data: actual };
              try {
                await stream.publish(final);
              } catch (error) {
                logger.warn({ err: error, eventId: event.id, eventType: type }, "could not publish an event now; the outbox sweep will");
                await outbox
                  .settle(final)
                  .catch((settleError: unknown) =>
                    logger.warn(
                      { err: settleError, eventId: event.id },
                      "could not update an outbox record; its sweep will publish the expected data",
                    ),
                  );
                return;
              }
              await outbox
                .remove(event.id)
                .catch((error: unknown) =>
                  logger.warn(
                    { err: error, eventId: event.id },
                    "could not clear a published outbox record; the sweep will publish it again, harmlessly",
                  ),
                );
            },
            async drop() {
              await outbox
                .remove(event.id)
                .catch((error: unknown) =>
                  logger.warn(
                    { err: error, eventId: event.id },
                    "could not clear the outbox record of a refused change; the sweep will publish it",
                  ),
                );
            },
          };
        },
      };
    },
  };
}
