import type { Context } from "moleculer";
import { countEntryReferences } from "../time-entries/references";

/**
 * How the projects service asks whether time entries point at a project or a task (a
 * project with entries is archived, not deleted). The time-entries service answers.
 */
export interface EntryReferences {
  countForProject(organizationId: string, projectId: string): Promise<number>;
  countForTask(organizationId: string, taskId: string): Promise<number>;
}

export function entryReferencesOver(ctx: Context<unknown>): EntryReferences {
  return {
    countForProject: (organizationId, projectId) => countEntryReferences(ctx, { organizationId, projectId }),
    countForTask: (organizationId, taskId) => countEntryReferences(ctx, { organizationId, taskId }),
  };
}
