import type { Context } from "moleculer";
import { z } from "zod";
import { idOf } from "../../shared/validation";
import type { ProjectStore } from "./project-store";
import type { TaskStatus } from "./task";
import type { TaskStore } from "./task-store";

/**
 * What another service (time entries) asks before it places work on a project: does the
 * project exist in this organization, is it archived, what does it bill, and which
 * project does the task belong to. Ids may come as `prj_` or `proj_`; answers use `prj_`.
 */
export const entryLookupParams = z
  .object({
    organizationId: idOf("organization"),
    projectId: idOf("project"),
    taskId: idOf("task").nullable().optional(),
  })
  .strict();

export type EntryLookupParams = z.input<typeof entryLookupParams>;

export interface ProjectForEntry {
  /** `null` when the organization has no such project. */
  project: { id: string; billable: boolean; archived: boolean } | null;
  /** `null` when no task was asked for or the organization has no such task; its `project_id` may differ from the project asked about. */
  task: { id: string; project_id: string; billable: boolean | null; status: TaskStatus } | null;
}

/** The call other services make; the action itself is `projects.lookupForEntry`. */
export function lookupProjectForEntry(ctx: Context<unknown>, params: EntryLookupParams): Promise<ProjectForEntry> {
  return ctx.call<ProjectForEntry, EntryLookupParams>("projects.lookupForEntry", params);
}

export async function answerEntryLookup(
  stores: { projects: ProjectStore; tasks: TaskStore },
  params: z.output<typeof entryLookupParams>,
): Promise<ProjectForEntry> {
  const { organizationId, projectId, taskId } = params;
  const [project, task] = await Promise.all([
    stores.projects.find(organizationId, projectId),
    taskId ? stores.tasks.findInOrganization(organizationId, taskId) : Promise.resolve(null),
  ]);
  return {
    project: project && { id: project._id, billable: project.billable, archived: project.archived },
    task: task && { id: task._id, project_id: task.project_id, billable: task.billable, status: task.status },
  };
}
