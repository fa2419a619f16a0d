import type { Caller } from "../../shared/client";
import { timeEntriesClient } from "../time-entries/client";

/**
 * How the projects service asks whether time entries point at a project or a task (a
 * project with entries is archived, not deleted). The time-entries service answers.
 */
export interface EntryReferences {
  countForProject(organizationId: string, projectId: string): Promise<number>;
  countForTask(organizationId: string, taskId: string): Promise<number>;
}

export function entryReferencesOver(caller: Caller): EntryReferences {
  const entries = timeEntriesClient.over(caller);
  return {
    countForProject: (organizationId, projectId) => entries.countReferences({ organizationId, projectId }),
    countForTask: (organizationId, taskId) => entries.countReferences({ organizationId, taskId }),
  };
}
