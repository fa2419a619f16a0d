import type { Context } from "moleculer";
import { isOrganizationMember } from "../users/membership";
import type { EntryDirectory, ProjectForEntry } from "./ports";

/** The projects and users services, as the time-entries use cases see them. */
export function directoryOver(ctx: Context<unknown>): EntryDirectory {
  return {
    lookup: (organizationId, projectId, taskId) => ctx.call<ProjectForEntry, object>("projects.lookupForEntry", { organizationId, projectId, taskId }),
    isMember: (organizationId, userId) => isOrganizationMember(ctx, { organizationId, userId }),
  };
}
