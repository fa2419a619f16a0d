import type { Context, ServiceSchema } from "moleculer";
import { EVERY_ROLE } from "../../shared/access";
import { guardedAction, type ActionAccess } from "../../shared/actions";
import { identityOf, type ApiContext } from "../../shared/context";
import { domainEvent, type EventType } from "../../shared/events";
import type { DocumentStore } from "../../shared/storage/port";
import { validate } from "../../shared/validation";
import { directoryOver } from "./directory";
import { countReferences, createEntry, deleteEntry, getEntry, listEntries, updateEntry } from "./entries";
import { EntryStore } from "./entry-store";
import { createEntryInput, entryByIdInput, listEntriesInput, noInput, startTimerInput, updateEntryInput } from "./inputs";
import type { EntryEvents, EntryStores } from "./ports";
import { entryReferenceQuery } from "./reference-query";
import { TIME_ENTRIES_COLLECTION, type TimeEntry, type TimeEntryDocument } from "./time-entry";
import { TIMER_LINKS_COLLECTION, TimerChain, type TimerLinkDocument } from "./timer-chain";
import { currentTimer, startTimer, stopTimer } from "./timers";

/** Every role reads and records its time; what each sees is the use cases' business (decisions §4). */
const READ: ActionAccess = { permission: "time_entries:read", roles: EVERY_ROLE };
const WRITE: ActionAccess = { permission: "time_entries:write", roles: EVERY_ROLE };

export interface TimeEntriesDependencies {
  store: DocumentStore;
}

function eventsFor(ctx: ApiContext<unknown>): EntryEvents {
  const organizationId = identityOf(ctx).organizationId;
  const emit = (type: EventType) => async (entry: TimeEntry) => {
    await ctx.emit(type, domainEvent(type, organizationId, entry));
  };
  return {
    created: emit("time_entry.created"),
    updated: emit("time_entry.updated"),
    deleted: emit("time_entry.deleted"),
    started: emit("time_entry.started"),
    stopped: emit("time_entry.stopped"),
  };
}

/** Time entries by hand and by timer (spec §2-§4, decisions §3). */
export function timeEntriesService(deps: TimeEntriesDependencies): ServiceSchema {
  let collections: Omit<EntryStores, "directory"> | undefined;
  const storesFor = (ctx: Context<unknown>): EntryStores => {
    if (!collections) throw new Error("time-entries service used before it started");
    return { ...collections, directory: directoryOver(ctx) };
  };

  return {
    name: "timeEntries",
    actions: {
      list: guardedAction({ resource: "Time entry", input: listEntriesInput, access: READ, handler: (input, who, ctx) => listEntries(storesFor(ctx), who, input.query) }),
      create: guardedAction({
        resource: "Time entry",
        input: createEntryInput,
        access: WRITE,
        status: 201,
        handler: async (input, who, ctx) => ({ data: await createEntry(storesFor(ctx), eventsFor(ctx), who, input.body) }),
      }),
      get: guardedAction({ resource: "Time entry", input: entryByIdInput, access: READ, handler: async (input, who, ctx) => ({ data: await getEntry(storesFor(ctx), who, input.params.id) }) }),
      update: guardedAction({
        resource: "Time entry",
        input: updateEntryInput,
        access: WRITE,
        handler: async (input, who, ctx) => ({ data: await updateEntry(storesFor(ctx), eventsFor(ctx), who, input.params.id, input.body) }),
      }),
      remove: guardedAction({
        resource: "Time entry",
        input: entryByIdInput,
        access: WRITE,
        status: 204,
        handler: async (input, who, ctx) => {
          await deleteEntry(storesFor(ctx), eventsFor(ctx), who, input.params.id);
          return null;
        },
      }),
      current: guardedAction({ resource: "Time entry", input: noInput, access: READ, handler: async (_input, who, ctx) => ({ data: await currentTimer(storesFor(ctx), who) }) }),
      start: guardedAction({
        resource: "Time entry",
        input: startTimerInput,
        access: WRITE,
        status: 201,
        handler: async (input, who, ctx) => ({ data: await startTimer(storesFor(ctx), eventsFor(ctx), who, input.body) }),
      }),
      stop: guardedAction({ resource: "Time entry", input: noInput, access: WRITE, handler: async (_input, who, ctx) => ({ data: await stopTimer(storesFor(ctx), eventsFor(ctx), who) }) }),

      /** For the projects service: a project or task with entries is archived, not deleted. Not routed. */
      countReferences: {
        visibility: "public",
        handler(ctx: Context<unknown>): Promise<number> {
          const query = validate(entryReferenceQuery, ctx.params);
          return countReferences(storesFor(ctx), query.organizationId, { project_id: query.projectId, task_id: query.taskId });
        },
      },
    },

    async started() {
      const [entries, links] = await Promise.all([
        deps.store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION),
        deps.store.collection<TimerLinkDocument>(TIMER_LINKS_COLLECTION),
      ]);
      const entryStore = new EntryStore(entries);
      collections = { entries: entryStore, timers: new TimerChain(links, entryStore) };
    },
  };
}
