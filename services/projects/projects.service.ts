import type { ServiceSchema } from "moleculer";
import { internalActions, type Caller } from "../../shared/client";
import type { ApiContext } from "../../shared/context";
import { IN_PROCESS_EVENTS, type EventPublisher } from "../../shared/announce";
import type { EventType } from "../../shared/events";
import { routedActions } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { projectsClient } from "./client";
import { ensureByNames } from "./ensure-names";
import { entryReferencesOver } from "./entry-references";
import { answerEntryLookup, answerNames } from "./lookup";
import { projectOperations } from "./operations";
import { PROJECTS_COLLECTION, type ProjectDocument } from "./project";
import { ProjectStore } from "./project-store";
import { moveLegacyRates } from "./legacy-rates";
import { RATES_COLLECTION, type RateDocument } from "./rate";
import { RateStore } from "./rate-store";
import { deleteRate, getRate, listRates, rateChangesOf, ratesToday, recordRate, setStandingRate, type IsMember } from "./rates";
import { authClient } from "../auth/client";
import { TASKS_COLLECTION, type TaskDocument } from "./task";
import { taskHandlers } from "./task-actions";
import { TaskStore } from "./task-store";
import type { ProjectStores } from "./task-use-cases";
import { createProject, deleteProject, getProject, listProjects, updateProject, type ProjectEvents } from "./use-cases";
import type { Project } from "./contract";

function eventsOver(publisher: EventPublisher) {
  return (ctx: ApiContext<unknown>, organizationId: string): ProjectEvents => {
    const emit = (type: EventType) => publisher.announce<Project>(ctx, type, () => organizationId);
    return { created: emit("project.created"), updated: emit("project.updated"), deleted: emit("project.deleted") };
  };
}

function isMemberOver(caller: Caller): IsMember {
  const accounts = authClient.over(caller);
  return (organizationId, userId) => accounts.isMember({ organizationId, userId });
}

/** Wiring only: the operations table, the use cases behind it, and the two collections they use. */
export function projectsService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  const eventsFor = eventsOver(deps.events ?? IN_PROCESS_EVENTS);
  return stintService<ProjectStores>({
    name: projectOperations.service,

    async open(service) {
      const [projects, tasks, rateDocs] = await Promise.all([
        store.collection<ProjectDocument>(PROJECTS_COLLECTION),
        store.collection<TaskDocument>(TASKS_COLLECTION),
        store.collection<RateDocument>(RATES_COLLECTION),
      ]);
      const stores: ProjectStores = { projects: new ProjectStore(projects), tasks: new TaskStore(tasks), rates: new RateStore(rateDocs) };
      const moved = await moveLegacyRates(stores.projects, stores.rates);
      if (moved > 0) service.logger.info({ projects: moved }, "moved projects' hourly rates into the rates collection");
      return stores;
    },

    actions(started) {
      return {
        ...routedActions(projectOperations, {
          list: (input, who) => listProjects(started(), who, input.query),
          create: async (input, who, ctx) => {
            const project = await createProject(started(), eventsFor(ctx, who.organizationId), who, input.body, ctx.meta);
            ctx.service?.logger.info({ projectId: project.id, organizationId: who.organizationId }, "project created");
            return { data: project };
          },
          get: async (input, who) => ({ data: await getProject(started(), who, input.params.id) }),
          update: async (input, who, ctx) => ({
            data: await updateProject(started(), eventsFor(ctx, who.organizationId), who, input.params.id, input.body),
          }),
          // Archiving and unarchiving are the same change with opposite values.
          archive: async (input, who, ctx) => ({
            data: await updateProject(started(), eventsFor(ctx, who.organizationId), who, input.params.id, { archived: true }),
          }),
          unarchive: async (input, who, ctx) => ({
            data: await updateProject(started(), eventsFor(ctx, who.organizationId), who, input.params.id, { archived: false }),
          }),
          remove: async (input, who, ctx) => {
            await deleteProject(started(), eventsFor(ctx, who.organizationId), entryReferencesOver(ctx), who, input.params.id);
            return null;
          },
          ...taskHandlers(started),
          listRates: (input, who) => listRates(started().rates, who, input.query),
          createRate: async (input, who, ctx) => ({
            data: await recordRate(started(), isMemberOver(ctx), who, input.body, ctx.meta),
          }),
          getRate: async (input, who) => ({ data: await getRate(started().rates, who, input.params.id) }),
          deleteRate: async (input, who) => {
            await deleteRate(started().rates, who, input.params.id);
            return null;
          },
        }),
        ...internalActions(projectsClient, {
          lookupForEntry: (query) => answerEntryLookup(started(), query),
          namesOf: (query) => answerNames(started(), query),
          ensureByNames: async (query, ctx) => {
            const { found } = await ensureByNames(started(), query, eventsFor(ctx, query.organizationId).created);
            return found;
          },
          rateChangesOf: (query) => rateChangesOf(started().rates, query.organizationId),
          setRate: (query) => setStandingRate(started().rates, query),
          ratesToday: (query) => ratesToday(started().rates, query),
        }),
      };
    },
  });
}
