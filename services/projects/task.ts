import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { Task } from "./contract";

/** A task as stored. `project_id` is the Style A project id (`prj_...`). */
export interface TaskDocument extends StoredDocument, Omit<Task, "id"> {
  organization_id: string;
  /** Lower-cased name: task names are unique in a project regardless of case. */
  name_key: string;
}

export const TASKS_COLLECTION: CollectionSpec = {
  name: "tasks",
  indexes: [
    // Serves the name rule, the list sorted by name, and deleting a project's tasks.
    { fields: { organization_id: 1, project_id: 1, name_key: 1 }, unique: true },
    { fields: { organization_id: 1, project_id: 1, status: 1, name_key: 1 } },
  ],
};

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
