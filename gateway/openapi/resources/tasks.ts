import { z } from "zod";
import { createTaskInput, listTasksInput, taskByIdInput, updateTaskInput } from "../../../services/projects/task-inputs";
import { TASK_STATUSES, type Task } from "../../../services/projects/task";
import type { OperationDocs } from "../operation";
import { assertSameShape, idSchema, list, single, timestamp, type SameShape } from "./common";

export const task = z
  .object({
    id: idSchema("task"),
    project_id: idSchema("project").describe("The task's project: `prj_...` in Style A, `proj_...` in Style B"),
    name: z.string().describe("Unique in its project, whatever the case"),
    status: z.enum(TASK_STATUSES),
    billable: z.boolean().nullable().describe("`null`: the task's time entries follow the project's `billable`"),
    estimate_seconds: z.int().min(0).max(315_360_000).nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Task" });
assertSameShape<SameShape<z.output<typeof task>, Task>>();

const taskPath = { id: "The project's id, with either prefix", task_id: "The task's id (`task_...`)" };
const managersOnly = "Owners and admins only; members read tasks.";

export const taskOperations: OperationDocs = {
  "projects.listTasks": {
    summary: "List a project's tasks",
    tag: "Tasks",
    input: listTasksInput,
    success: { status: 200, description: "A page of the project's tasks, by name", body: list(task) },
    parameters: { id: "The project's id, with either prefix", status: "Only `active` or only `done` tasks" },
  },
  "projects.createTask": {
    summary: "Create a task in a project",
    description: `${managersOnly} An archived project takes no new tasks (400); a name already used in the project is a 409.`,
    tag: "Tasks",
    input: createTaskInput,
    success: { status: 201, description: "The new task", body: single(task) },
    errors: [409],
    parameters: { id: "The project's id, with either prefix" },
  },
  "projects.getTask": {
    summary: "Read one task",
    tag: "Tasks",
    input: taskByIdInput,
    success: { status: 200, description: "The task", body: single(task) },
    parameters: taskPath,
  },
  "projects.updateTask": {
    summary: "Change a task",
    description: `${managersOnly} Changes only the fields given.`,
    tag: "Tasks",
    input: updateTaskInput,
    success: { status: 200, description: "The changed task", body: single(task) },
    errors: [409],
    parameters: taskPath,
  },
  "projects.removeTask": {
    summary: "Delete a task",
    description: `${managersOnly} A task that has time entries cannot be deleted (409): set its status to \`done\` instead.`,
    tag: "Tasks",
    input: taskByIdInput,
    success: { status: 204, description: "Deleted" },
    errors: [409],
    parameters: taskPath,
  },
};
