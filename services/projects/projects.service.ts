import type { ServiceSchema } from "moleculer";
import { guardedAction } from "../../shared/actions";
import { READ_PROJECTS, WRITE_PROJECTS } from "./access";
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
    guardedAction({
      resource: "Project",
      input: projectByIdInput,
      access: WRITE_PROJECTS,
      handler: async (input, who, ctx) => ({ data: await updateProject(store(), eventsFor(ctx), who, input.params.id, { archived }) }),
    });

  return {
    name: "projects",

    actions: {
      create: guardedAction({
        resource: "Project",
        input: createProjectInput,
        access: WRITE_PROJECTS,
        status: 201,
        async handler(input, who, ctx) {
          const project = await createProject(store(), eventsFor(ctx), who, input.body);
          ctx.service?.logger.info({ projectId: project.id, organizationId: who.organizationId }, "project created");
          return { data: project };
        },
      }),

      list: guardedAction({ resource: "Project", input: listProjectsInput, access: READ_PROJECTS, handler: (input, who) => listProjects(store(), who, input.query) }),

      get: guardedAction({ resource: "Project", input: projectByIdInput, access: READ_PROJECTS, handler: async (input, who) => ({ data: await getProject(store(), who, input.params.id) }) }),

      update: guardedAction({
        resource: "Project",
        input: updateProjectInput,
        access: WRITE_PROJECTS,
        handler: async (input, who, ctx) => ({ data: await updateProject(store(), eventsFor(ctx), who, input.params.id, input.body) }),
      }),

      archive: setArchived(true),
      unarchive: setArchived(false),

      remove: guardedAction({
        resource: "Project",
        input: projectByIdInput,
        access: WRITE_PROJECTS,
        status: 204,
        async handler(input, who, ctx) {
          await deleteProject(stores(), eventsFor(ctx), entryReferencesOver(ctx), who, input.params.id);
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
