import type { z } from "zod";
import { projectsClient, type ProjectAndTaskNames, type ProjectForEntry } from "./client";
import type { ProjectStores } from "./task-use-cases";

/** The question as the client declares it, after validation (ids in Style A). */
type EntryLookup = z.output<typeof projectsClient.actions.lookupForEntry.input>;

/**
 * Answers another service (time entries) before it places work on a project: the project
 * as this organization has it, and the task asked for, whatever project it belongs to (the
 * caller compares `project_id` itself).
 */
export async function answerEntryLookup(stores: Pick<ProjectStores, "projects" | "tasks">, params: EntryLookup): Promise<ProjectForEntry> {
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

type NamesQuery = z.output<typeof projectsClient.actions.namesOf.input>;

/** Names of the organization's projects (and their clients) and tasks among those asked for; others' ids find nothing. */
export async function answerNames(stores: Pick<ProjectStores, "projects" | "tasks">, query: NamesQuery): Promise<ProjectAndTaskNames> {
  const [projects, tasks] = await Promise.all([
    stores.projects.namesOf(query.organizationId, query.projectIds),
    stores.tasks.namesOf(query.organizationId, query.taskIds),
  ]);
  const entries = Object.entries(projects);
  return {
    projects: Object.fromEntries(entries.map(([id, project]) => [id, project.name])),
    tasks,
    clients: Object.fromEntries(entries.map(([id, project]) => [id, project.client])),
  };
}
