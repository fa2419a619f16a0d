import type { ServiceSchema } from "moleculer";
import { internalActions } from "../../shared/client";
import type { ApiContext } from "../../shared/context";
import { IN_PROCESS_EVENTS, type EventPublisher } from "../../shared/announce";
import type { EventType } from "../../shared/events";
import { routedActions } from "../../shared/operations";
import { offerValues, pullStreamAction } from "../../shared/pulled-stream";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { timeEntriesClient } from "./client";
import { directoryOver } from "./directory";
import { countReferences, createEntry, entrySpan, deleteEntry, getEntry, importEntries, listEntries, updateEntry } from "./entries";
import { EntryStore } from "./entry-store";
import { timeEntryOperations } from "./operations";
import type { EntryEvents, EntryStores } from "./ports";
import { TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "./time-entry";
import { TIMER_LINKS_COLLECTION, TimerChain, type TimerLinkDocument } from "./timer-chain";
import { pageEntries, streamEntries, sumEntries } from "./report-reads";
import { currentTimer, startTimer, stopTimer } from "./timers";
import { projectUsage } from "./usage";
import { listTags } from "./tags";
import { TAGS_COLLECTION, type TagDocument } from "./tag";
import { TagStore } from "./tag-store";
import type { TimeEntry } from "./contract";

type Collections = Omit<EntryStores, "directory">;

function eventsOver(publisher: EventPublisher) {
  return (ctx: ApiContext<unknown>, organizationId: string): EntryEvents => {
    const emit = (type: EventType) => publisher.announce<TimeEntry>(ctx, type, () => organizationId);
    return {
      created: emit("time_entry.created"),
      updated: emit("time_entry.updated"),
      deleted: emit("time_entry.deleted"),
      started: emit("time_entry.started"),
      stopped: emit("time_entry.stopped"),
    };
  };
}
/** Wiring only: the operations table, the use cases behind it, and the collections they use. */
export function timeEntriesService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  const eventsFor = eventsOver(deps.events ?? IN_PROCESS_EVENTS);
  return stintService<Collections>({
    name: timeEntryOperations.service,

    async open() {
      const [entries, links, tags] = await Promise.all([
        store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION),
        store.collection<TimerLinkDocument>(TIMER_LINKS_COLLECTION),
        store.collection<TagDocument>(TAGS_COLLECTION),
      ]);
      const entryStore = new EntryStore(entries);
      return { entries: entryStore, timers: new TimerChain(links, entryStore), tags: new TagStore(tags) };
    },

    actions(started) {
      const stores = (ctx: ApiContext<unknown>): EntryStores => ({ ...started(), directory: directoryOver(ctx) });
      return {
        ...routedActions(timeEntryOperations, {
          list: (input, who, ctx) => listEntries(stores(ctx), who, input.query),
          create: async (input, who, ctx) => ({
            data: await createEntry(stores(ctx), eventsFor(ctx, who.organizationId), who, input.body, ctx.meta),
          }),
          current: async (_input, who, ctx) => ({ data: await currentTimer(stores(ctx), who) }),
          start: async (input, who, ctx) => ({
            data: await startTimer(stores(ctx), eventsFor(ctx, who.organizationId), who, input.body, undefined, ctx.meta),
          }),
          stop: async (_input, who, ctx) => ({ data: await stopTimer(stores(ctx), eventsFor(ctx, who.organizationId), who) }),
          get: async (input, who, ctx) => ({ data: await getEntry(stores(ctx), who, input.params.id) }),
          update: async (input, who, ctx) => ({
            data: await updateEntry(stores(ctx), eventsFor(ctx, who.organizationId), who, input.params.id, input.body),
          }),
          remove: async (input, who, ctx) => {
            await deleteEntry(stores(ctx), eventsFor(ctx, who.organizationId), who, input.params.id);
            return null;
          },
          listTags: (input, who, ctx) => listTags(stores(ctx), who, input.query),
        }),
        ...internalActions(timeEntriesClient, {
          spanOf: (query) => entrySpan(started().entries, query.organizationId, query.id),
          countReferences: (query) =>
            countReferences(started().entries, query.organizationId, { project_id: query.projectId, task_id: query.taskId }),
          sumEntries: async (query, ctx) => offerValues(ctx, timeEntryOperations.service, sumEntries(started().entries, query)),
          streamEntries: async (window, ctx) => offerValues(ctx, timeEntryOperations.service, streamEntries(started().entries, window)),
          pageEntries: (query) => pageEntries(started().entries, query.window, query),
          importEntries: (batch) => importEntries(started(), batch.organizationId, batch.entries),
          projectUsage: (query) => projectUsage(started().entries, query),
        }),
        pullStream: pullStreamAction(),
      };
    },
  });
}
