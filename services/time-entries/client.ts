import { z } from "zod";
import { defineClient, internalAction } from "../../shared/client";
import { idOf } from "../../shared/validation";

/** Another service's question: how many entries point at this project or task? */
const entryReferenceQuery = z
  .object({ organizationId: idOf("organization"), projectId: idOf("project").optional(), taskId: idOf("task").optional() })
  .strict()
  .refine((query) => query.projectId !== undefined || query.taskId !== undefined, { message: "name a project or a task" });

/** What other services may ask the time-entries service. */
export const timeEntriesClient = defineClient("timeEntries", {
  /** A project or task with entries is archived, not deleted. */
  countReferences: internalAction(entryReferenceQuery).returning<number>(),
});
