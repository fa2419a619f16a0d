import type { ServiceSchema } from "moleculer";
import { internalActions } from "../../shared/client";
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

/** Wiring only: the operations table, the use cases behind it, and the two collections they use. */
export function projectsService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  const eventsFor = eventsOver(deps.events ?? IN_PROCESS_EVENTS);
  return stintService<ProjectStores>({
    name: projectOperations.service,

    async open() {
      const [projects, tasks] = await Promise.all([
        store.collection<ProjectDocument>(PROJECTS_COLLECTION),
        store.collection<TaskDocument>(TASKS_COLLECTION),
      ]);
      return { projects: new ProjectStore(projects), tasks: new TaskStore(tasks) };
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
          update: async (input, who, ctx) => ({
            data: await updateProject(projects(), eventsFor(ctx, who.organizationId), who, input.params.id, input.body),
          }),
          // Archiving and unarchiving are the same change with opposite values.
          archive: async (input, who, ctx) => ({
            data: await updateProject(projects(), eventsFor(ctx, who.organizationId), who, input.params.id, { archived: true }),
          }),
          unarchive: async (input, who, ctx) => ({
            data: await updateProject(projects(), eventsFor(ctx, who.organizationId), who, input.params.id, { archived: false }),
          }),
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
            const { found } = await ensureByNames(started(), query, eventsFor(ctx, query.organizationId).created);
            return found;
          },
        }),
      };
    },
  });
}
