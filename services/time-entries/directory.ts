import type { Context } from "moleculer";
import { lookupProjectForEntry } from "../projects/lookup";
import { isOrganizationMember } from "../users/membership";
import type { EntryDirectory } from "./ports";

/** The projects and users services, as the time-entries use cases see them. */
export function directoryOver(ctx: Context<unknown>): EntryDirectory {
  return {
    lookup: (organizationId, projectId, taskId) => lookupProjectForEntry(ctx, { organizationId, projectId, taskId }),
    isMember: (organizationId, userId) => isOrganizationMember(ctx, { organizationId, userId }),
  };
}
