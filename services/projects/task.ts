import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

export const TASK_STATUSES = ["active", "done"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A task as stored. `project_id` is the Style A project id (`prj_...`). */
export interface TaskDocument extends StoredDocument {
  organization_id: string;
  project_id: string;
  name: string;
  /** Lower-cased name: task names are unique in a project regardless of case. */
  name_key: string;
  status: TaskStatus;
  /** `null` means the task follows its project's `billable`. */
  billable: boolean | null;
  estimate_seconds: number | null;
  created_at: string;
  updated_at: string;
}

export const TASKS_COLLECTION: CollectionSpec = {
  name: "tasks",
  indexes: [
    // Serves the name rule, the list sorted by name, and deleting a project's tasks.
    { fields: { organization_id: 1, project_id: 1, name_key: 1 }, unique: true },
    { fields: { organization_id: 1, project_id: 1, status: 1, name_key: 1 } },
  ],
};

/** A task as Style A shows it (Style B differs only in the prefix of `project_id`). */
export type Task = { id: string } & Omit<TaskDocument, "_id" | "organization_id" | "name_key">;

/** The response schema of a task: what the documents show and the handlers return. */
export const taskSchema = z
  .object({
    id: idSchema("task"),
    project_id: idSchema("project").describe("The task's project: `prj_...` in Style A, `proj_...` in Style B"),
    name: z.string().describe("Unique in its project, whatever the case"),
    status: z.enum(TASK_STATUSES),
    billable: z.boolean().nullable().describe("`null`: the task's time entries follow the project's `billable`"),
    // The inputs' MAX_ESTIMATE_SECONDS (ten years); the inputs import this file, so it is written out here.
    estimate_seconds: z.int().min(0).max(315_360_000).nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Task" });
assertSameShape<SameShape<z.output<typeof taskSchema>, Task>>();

export function presentTask(doc: TaskDocument): Task {
  return {
    id: doc._id,
    project_id: doc.project_id,
    name: doc.name,
    status: doc.status,
    billable: doc.billable,
    estimate_seconds: doc.estimate_seconds,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}
