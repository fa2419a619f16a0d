import type { ActionSchema, Context } from "moleculer";
import { EVERY_ROLE, MANAGERS, requireAccess } from "../../shared/access";
import { respondWithStatus, routedAction } from "../../shared/actions";
import { identityOf } from "../../shared/context";
import { validate } from "../../shared/validation";
import { answerEntryLookup, entryLookupParams, type ProjectForEntry } from "./lookup";
import { createTaskInput, listTasksInput, taskByIdInput, updateTaskInput } from "./task-inputs";
import { entryReferencesOver } from "./entry-references";
import { createTask, deleteTask, getTask, listTasks, updateTask, type ProjectStores } from "./task-use-cases";

/** The projects service's task actions, and the lookup other services call before placing time. */
export function taskActions(stores: () => ProjectStores): Record<string, ActionSchema> {
  return {
    listTasks: routedAction({
      resource: "Project",
      input: listTasksInput,
      async handler(input, ctx) {
        const who = identityOf(ctx);
        requireAccess(who, "projects:read", EVERY_ROLE);
        return listTasks(stores(), who, input.params.id, input.query);
      },
    }),

    createTask: routedAction({
      resource: "Project",
      input: createTaskInput,
      async handler(input, ctx) {
        const who = identityOf(ctx);
        requireAccess(who, "projects:write", MANAGERS);
        const task = await createTask(stores(), who, input.params.id, input.body);
        ctx.service?.logger.info({ taskId: task.id, projectId: task.project_id, organizationId: who.organizationId }, "task created");
        respondWithStatus(ctx, 201);
        return { data: task };
      },
    }),

    getTask: routedAction({
      resource: "Task",
      input: taskByIdInput,
      async handler(input, ctx) {
        const who = identityOf(ctx);
        requireAccess(who, "projects:read", EVERY_ROLE);
        return { data: await getTask(stores().tasks, who, input.params.id, input.params.task_id) };
      },
    }),

    updateTask: routedAction({
      resource: "Task",
      input: updateTaskInput,
      async handler(input, ctx) {
        const who = identityOf(ctx);
        requireAccess(who, "projects:write", MANAGERS);
        return { data: await updateTask(stores().tasks, who, input.params.id, input.params.task_id, input.body) };
      },
    }),

    removeTask: routedAction({
      resource: "Task",
      input: taskByIdInput,
      async handler(input, ctx) {
        const who = identityOf(ctx);
        requireAccess(who, "projects:write", MANAGERS);
        await deleteTask(stores().tasks, entryReferencesOver(ctx), who, input.params.id, input.params.task_id);
        respondWithStatus(ctx, 204);
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
