import { z } from "zod";
import { someChanges, trimmedText } from "../../shared/inputs";
import { pagingQuery } from "../../shared/paging";
import { idOf, noBody } from "../../shared/validation";
import { TASK_STATUSES } from "./task";

/** Ten years of work: an estimate beyond it is a typing mistake, not a plan. */
export const MAX_ESTIMATE_SECONDS = 315_360_000;

const name = trimmedText(200);
const status = z.enum(TASK_STATUSES, "must be active or done");
const billable = z.boolean().nullable();
const estimateSeconds = z
  .number()
  .int("must be a whole number of seconds")
  .min(0, "must not be negative")
  .max(MAX_ESTIMATE_SECONDS, `must be at most ${MAX_ESTIMATE_SECONDS}`)
  .nullable();

const projectPath = z.object({ id: idOf("project") }).strict();
const taskPath = z.object({ id: idOf("project"), task_id: idOf("task") }).strict();

export const createTaskInput = z.object({
  params: projectPath,
  query: z.object({}).strict(),
  body: z
    .object({
      name,
      status: status.default("active"),
      billable: billable.default(null),
      estimate_seconds: estimateSeconds.default(null),
    })
    .strict(),
});

export const listTasksInput = z.object({
  params: projectPath,
  query: z.object({ ...pagingQuery, status: status.optional() }).strict(),
  body: noBody,
});

export const taskByIdInput = z.object({
  params: taskPath,
  query: z.object({}).strict(),
  body: noBody,
});

export const updateTaskInput = z.object({
  params: taskPath,
  query: z.object({}).strict(),
  body: someChanges(
    z
      .object({
        name: name.optional(),
        status: status.optional(),
        billable: billable.optional(),
        estimate_seconds: estimateSeconds.optional(),
      })
      .strict(),
  ),
});

export type CreateTaskInput = z.output<typeof createTaskInput>;
export type ListTasksInput = z.output<typeof listTasksInput>;
export type UpdateTaskInput = z.output<typeof updateTaskInput>;
