import { z } from "zod";
import { idOf } from "../../shared/validation";

/** Another service's question: which entries point at this project or task? */
export const entryReferenceQuery = z
  .object({ organizationId: idOf("organization"), projectId: idOf("project").optional(), taskId: idOf("task").optional() })
  .strict()
  .refine((query) => query.projectId !== undefined || query.taskId !== undefined, { message: "name a project or a task" });
export type EntryReferenceQuery = z.input<typeof entryReferenceQuery>;
