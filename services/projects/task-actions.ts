import type { ActionSchema, Context } from "moleculer";
import { guardedAction } from "../../shared/actions";
import { READ_PROJECTS, WRITE_PROJECTS } from "./access";
import { validate } from "../../shared/validation";
import { answerEntryLookup, entryLookupParams, type ProjectForEntry } from "./lookup";
import { createTaskInput, listTasksInput, taskByIdInput, updateTaskInput } from "./task-inputs";
import { entryReferencesOver } from "./entry-references";
import { createTask, deleteTask, getTask, listTasks, updateTask, type ProjectStores } from "./task-use-cases";

/** The projects service's task actions, and the lookup other services call before placing time. */
export function taskActions(stores: () => ProjectStores): Record<string, ActionSchema> {
  return {
    listTasks: guardedAction({ resource: "Project", input: listTasksInput, access: READ_PROJECTS, handler: (input, who) => listTasks(stores(), who, input.params.id, input.query) }),

    createTask: guardedAction({
      resource: "Project",
      input: createTaskInput,
      access: WRITE_PROJECTS,
      status: 201,
      async handler(input, who, ctx) {
        const task = await createTask(stores(), who, input.params.id, input.body);
        ctx.service?.logger.info({ taskId: task.id, projectId: task.project_id, organizationId: who.organizationId }, "task created");
        return { data: task };
      },
    }),

    getTask: guardedAction({
      resource: "Task",
      input: taskByIdInput,
      access: READ_PROJECTS,
      handler: async (input, who) => ({ data: await getTask(stores().tasks, who, input.params.id, input.params.task_id) }),
    }),

    updateTask: guardedAction({
      resource: "Task",
      input: updateTaskInput,
      access: WRITE_PROJECTS,
      handler: async (input, who) => ({ data: await updateTask(stores().tasks, who, input.params.id, input.params.task_id, input.body) }),
    }),

    removeTask: guardedAction({
      resource: "Task",
      input: taskByIdInput,
      access: WRITE_PROJECTS,
      status: 204,
      async handler(input, who, ctx) {
        await deleteTask(stores().tasks, entryReferencesOver(ctx), who, input.params.id, input.params.task_id);
        return null;
      },
    }),

    // Not routed by the gateway: other services call it with the caller's organization.
    lookupForEntry: {
      visibility: "public",
      handler(ctx: Context<unknown>): Promise<ProjectForEntry> {
        return answerEntryLookup(stores(), validate(entryLookupParams, ctx.params));
      },
    },
  };
}
