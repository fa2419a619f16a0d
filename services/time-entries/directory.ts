import type { Caller } from "../../shared/client";
import { authClient } from "../auth/client";
import { projectsClient } from "../projects/client";
import type { EntryDirectory } from "./ports";

/** The projects and auth services, as the time-entries use cases see them. */
export function directoryOver(caller: Caller): EntryDirectory {
  const projects = projectsClient.over(caller);
  const accounts = authClient.over(caller);
  return {
    lookup: (organizationId, projectId, taskId) => projects.lookupForEntry({ organizationId, projectId, taskId }),
    isMember: (organizationId, userId) => accounts.isMember({ organizationId, userId }),
  };
}
