import type { Context, EventSchemas, ServiceSchema } from "moleculer";
import { internalActions } from "../../shared/client";
import { EVENT_TYPES, type DomainEvent } from "../../shared/events";
import { routedActions } from "../../shared/operations";
import { stintService, type ServiceDependencies } from "../../shared/service";
import { sweepPeriodically } from "../../shared/sweep";
import { eventsClient } from "./client";
import { EventLog } from "./event-log";
import { loggedHistory, streamedHistory, type EventHistory } from "./history";
import { eventOperations } from "./operations";
import { planStream, readBack } from "./streams";

interface Opened {
  history: EventHistory;
  /** Embedded only: the log the bus's events are written to. */
  log?: EventLog;
  stopSweeping?: () => void;
}

const HOUR_MS = 3_600_000;

/**
 * Live streams of the organization's events (docs/live-updates.md). Wiring only. Distributed,
 * the history is the JetStream stream and nothing is kept here; embedded, every catalogue
 * event on the bus is written to the event log, then told to the process's live feed.
 */
export function eventsService(deps: ServiceDependencies): ServiceSchema {
  const keepMs = deps.config.eventStreamResumeHours * HOUR_MS;
  const eventStream = deps.eventStream;
  const liveFeed = deps.liveFeed;
  const embedded = eventStream === undefined;

  return stintService<Opened>({
    name: eventOperations.service,

    async open(service) {
      if (eventStream) return { history: streamedHistory(eventStream, deps.kv) };
      // Embedded only: the log goes in the store the process opened for the services that keep documents.
      if (!deps.store) throw new Error("embedded, the events service keeps its log in the store: run it with the other services");
      const log = await EventLog.open(deps.store);
      const stopSweeping = sweepPeriodically(
        "event log",
        async () => ({ events: await log.prune(Date.now() - keepMs) }),
        service.logger,
        deps.config.cleanupIntervalSeconds * 1000,
      );
      return { history: loggedHistory(log), log, stopSweeping };
    },

    actions: (started) => ({
      ...routedActions(eventOperations, {
        stream: (input, who) => planStream(started().history, who, input),
      }),
      ...internalActions(eventsClient, {
        readAfter: (input) => readBack(started().history, input),
      }),
    }),

    // Embedded: one handler per catalogue event, as the webhooks service has.
    events: embedded
      ? (started, service): EventSchemas =>
          Object.fromEntries(
            EVENT_TYPES.map((type) => [
              type,
              async (ctx: Context<DomainEvent>) => {
                try {
                  await started().log?.append(ctx.params, (entry) => liveFeed?.publish(entry));
                } catch (error) {
                  service().logger.error({ err: error, eventType: type }, "could not log an event for live streams");
                }
              },
            ]),
          )
      : undefined,

    async close({ stopSweeping }) {
      stopSweeping?.();
    },
  });
}
