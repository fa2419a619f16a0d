import type { ServiceSchema } from "moleculer";
import { internalActions } from "../../shared/client";
import type { ApiContext } from "../../shared/context";
import { eventIdFor } from "../../shared/creation";
import { domainEvent, type EventType } from "../../shared/events";
import { routedActions } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { projectsClient } from "./client";
import { ensureByNames, type NamedCollections } from "./ensure-names";
import { entryReferencesOver } from "./entry-references";
import { answerEntryLookup, answerNames } from "./lookup";
import { projectOperations } from "./operations";
import { presentProject, PROJECTS_COLLECTION, type Project, type ProjectDocument } from "./project";
import { ProjectStore } from "./project-store";
import { TASKS_COLLECTION, type TaskDocument } from "./task";
import { taskHandlers } from "./task-actions";
import { TaskStore } from "./task-store";
import type { ProjectStores } from "./task-use-cases";
import { createProject, deleteProject, getProject, listProjects, updateProject, type ProjectEvents } from "./use-cases";

function eventsFor(ctx: ApiContext<unknown>, organizationId: string): ProjectEvents {
  const emit = (type: EventType) => async (project: Project) => {
    // A repeatable request's events have ids derived from it: announced again, they are taken once.
    await ctx.emit(type, domainEvent(type, organizationId, project, eventIdFor(type, ctx.meta)));
  };
  return { created: emit("project.created"), updated: emit("project.updated"), deleted: emit("project.deleted") };
}

/** Wiring only: the operations table, the use cases behind it, and the two collections they use. */
export function projectsService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  return stintService<ProjectStores & { named: NamedCollections }>({
    name: projectOperations.service,

    async open() {
      const [projects, tasks] = await Promise.all([
        store.collection<ProjectDocument>(PROJECTS_COLLECTION),
        store.collection<TaskDocument>(TASKS_COLLECTION),
      ]);
      return { projects: new ProjectStore(projects), tasks: new TaskStore(tasks), named: { projects, tasks } };
    },

    actions(started) {
      const projects = (): ProjectStore => started().projects;
      return {
        ...routedActions(projectOperations, {
          list: (input, who) => listProjects(projects(), who, input.query),
          create: async (input, who, ctx) => {
            const project = await createProject(projects(), eventsFor(ctx, who.organizationId), who, input.body, ctx.meta);
            ctx.service?.logger.info({ projectId: project.id, organizationId: who.organizationId }, "project created");
            return { data: project };
          },
          get: async (input, who) => ({ data: await getProject(projects(), who, input.params.id) }),
          update: async (input, who, ctx) => ({ data: await updateProject(projects(), eventsFor(ctx, who.organizationId), who, input.params.id, input.body) }),
          // Archiving and unarchiving are the same change with opposite values.
          archive: async (input, who, ctx) => ({ data: await updateProject(projects(), eventsFor(ctx, who.organizationId), who, input.params.id, { archived: true }) }),
          unarchive: async (input, who, ctx) => ({ data: await updateProject(projects(), eventsFor(ctx, who.organizationId), who, input.params.id, { archived: false }) }),
          remove: async (input, who, ctx) => {
            await deleteProject(started(), eventsFor(ctx, who.organizationId), entryReferencesOver(ctx), who, input.params.id);
            return null;
          },
          ...taskHandlers(started),
        }),
        ...internalActions(projectsClient, {
          lookupForEntry: (query) => answerEntryLookup(started(), query),
          namesOf: (query) => answerNames(started(), query),
          ensureByNames: async (query, ctx) => {
            const { found, created } = await ensureByNames(started().named, query);
            // One event per project made, as when made by hand: never one per imported row.
            const events = eventsFor(ctx, query.organizationId);
            for (const doc of created) await events.created(presentProject(doc));
            return found;
          },
        }),
      };
    },
  });
}
