import type { ServiceSchema } from "moleculer";
import { MANAGERS, EVERY_ROLE, requireAccess } from "../../shared/access";
import { routedAction, respondWithStatus } from "../../shared/actions";
import { identityOf, type ApiContext } from "../../shared/context";
import { domainEvent, type EventType } from "../../shared/events";
import type { DocumentStore } from "../../shared/storage/port";
import { createProjectInput, listProjectsInput, projectByIdInput, updateProjectInput } from "./inputs";
import { PROJECTS_COLLECTION, type Project, type ProjectDocument } from "./project";
import { ProjectStore } from "./project-store";
import { TASKS_COLLECTION, type TaskDocument } from "./task";
import { taskActions } from "./task-actions";
import { TaskStore } from "./task-store";
import type { ProjectStores } from "./task-use-cases";
import { entryReferencesOver } from "./entry-references";
import { createProject, deleteProject, getProject, listProjects, updateProject, type ProjectEvents } from "./use-cases";

export interface ProjectsDependencies {
  store: DocumentStore;
}

function eventsFor(ctx: ApiContext<unknown>): ProjectEvents {
  const organizationId = identityOf(ctx).organizationId;
  const emit = (type: EventType) => async (project: Project) => {
    await ctx.emit(type, domainEvent(type, organizationId, project));
  };
  return { created: emit("project.created"), updated: emit("project.updated"), deleted: emit("project.deleted") };
}

export function projectsService(deps: ProjectsDependencies): ServiceSchema {
  let opened: ProjectStores | undefined;
  const stores = (): ProjectStores => {
    if (!opened) throw new Error("projects service used before it started");
    return opened;
  };
  const store = (): ProjectStore => stores().projects;

  /** Archiving and unarchiving are the same change with opposite values. */
  const setArchived = (archived: boolean) =>
    routedAction({
      resource: "Project",
      input: projectByIdInput,
      async handler(input, ctx) {
        const who = identityOf(ctx);
        requireAccess(who, "projects:write", MANAGERS);
        return { data: await updateProject(store(), eventsFor(ctx), who, input.params.id, { archived }) };
      },
    });

  return {
    name: "projects",

    actions: {
      create: routedAction({
        resource: "Project",
        input: createProjectInput,
        async handler(input, ctx) {
          const who = identityOf(ctx);
          requireAccess(who, "projects:write", MANAGERS);
          const project = await createProject(store(), eventsFor(ctx), who, input.body);
          ctx.service?.logger.info({ projectId: project.id, organizationId: who.organizationId }, "project created");
          respondWithStatus(ctx, 201);
          return { data: project };
        },
      }),

      list: routedAction({
        resource: "Project",
        input: listProjectsInput,
        async handler(input, ctx) {
          const who = identityOf(ctx);
          requireAccess(who, "projects:read", EVERY_ROLE);
          return listProjects(store(), who, input.query);
        },
      }),

      get: routedAction({
        resource: "Project",
        input: projectByIdInput,
        async handler(input, ctx) {
          const who = identityOf(ctx);
          requireAccess(who, "projects:read", EVERY_ROLE);
          return { data: await getProject(store(), who, input.params.id) };
        },
      }),

      update: routedAction({
        resource: "Project",
        input: updateProjectInput,
        async handler(input, ctx) {
          const who = identityOf(ctx);
          requireAccess(who, "projects:write", MANAGERS);
          return { data: await updateProject(store(), eventsFor(ctx), who, input.params.id, input.body) };
        },
      }),

      archive: setArchived(true),
      unarchive: setArchived(false),

      remove: routedAction({
        resource: "Project",
        input: projectByIdInput,
        async handler(input, ctx) {
          const who = identityOf(ctx);
          requireAccess(who, "projects:write", MANAGERS);
          await deleteProject(stores(), eventsFor(ctx), entryReferencesOver(ctx), who, input.params.id);
          respondWithStatus(ctx, 204);
          return null;
        },
      }),

      ...taskActions(stores),
    },

    async started() {
      const [projects, tasks] = await Promise.all([
        deps.store.collection<ProjectDocument>(PROJECTS_COLLECTION),
        deps.store.collection<TaskDocument>(TASKS_COLLECTION),
      ]);
      opened = { projects: new ProjectStore(projects), tasks: new TaskStore(tasks) };
    },
  };
}
