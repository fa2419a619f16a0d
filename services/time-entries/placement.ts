import { ApiError } from "../../shared/errors";
import type { EntryDirectory } from "./ports";

/**
 * Checks where an entry goes: the project exists in the caller's organization and is
 * not archived (unless the entry is already there), and the task, if any, belongs to it. Answers the `billable` default:
 * the task's when it says, else the project's.
 */
export async function checkPlacement(
  directory: EntryDirectory,
  organizationId: string,
  projectId: string,
  taskId: string | null,
  options: { archivedAllowed?: boolean } = {},
): Promise<{ billable: boolean }> {
  const found = await directory.lookup(organizationId, projectId, taskId);
  if (!found.project) {
    throw ApiError.validation([{ field: "project_id", reason: "invalid", message: "is not a project of this organization" }]);
  }
  if (found.project.archived && !options.archivedAllowed) {
    throw ApiError.validation([
      { field: "project_id", reason: "invalid", message: "is archived and takes no new time; unarchive it first" },
    ]);
  }
  if (taskId !== null && (!found.task || found.task.project_id !== found.project.id)) {
    throw ApiError.validation([{ field: "task_id", reason: "invalid", message: "is not a task of this project" }]);
  }
  return { billable: found.task?.billable ?? found.project.billable };
}
