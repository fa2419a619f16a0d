import type { HandlersOf } from "../../shared/operations";
import type { Started } from "../../shared/service";
import { entryReferencesOver } from "./entry-references";
import type { projectOperations } from "./operations";
import { createTask, deleteTask, getTask, listTasks, updateTask, type ProjectStores } from "./task-use-cases";

type TaskOperation = "listTasks" | "createTask" | "getTask" | "updateTask" | "removeTask";

/** The handlers of the projects service's task operations, over the stores it opened. */
export function taskHandlers(started: Started<ProjectStores>): Pick<HandlersOf<typeof projectOperations>, TaskOperation> {
  return {
    listTasks: (input, who) => listTasks(started(), who, input.params.id, input.query),
    createTask: async (input, who, ctx) => {
      const task = await createTask(started(), who, input.params.id, input.body, ctx.meta);
      ctx.service?.logger.info({ taskId: task.id, projectId: task.project_id, organizationId: who.organizationId }, "task created");
      return { data: task };
    },
    getTask: async (input, who) => ({ data: await getTask(started().tasks, who, input.params.id, input.params.task_id) }),
    updateTask: async (input, who) => ({ data: await updateTask(started().tasks, who, input.params.id, input.params.task_id, input.body) }),
    removeTask: async (input, who, ctx) => {
      await deleteTask(started().tasks, entryReferencesOver(ctx), who, input.params.id, input.params.task_id);
      return null;
    },
  };
}
