import { z } from "zod";
import { calendarDate, datesInOrder, instant as timestamp, someChanges, nothing as none } from "../../shared/inputs";
import { pagingQuery } from "../../shared/paging";
import { idOf, noBody, queryBoolean } from "../../shared/validation";

export const MAX_ENTRY_SECONDS = 24 * 60 * 60;

const description = z.string().max(5000, "must be at most 5000 characters");
const entryPath = z.object({ id: idOf("timeEntry") }).strict();

/** `end_time` after `start_time`, and a finished entry lasts at most 24 hours. */
function checkSpan(body: { start_time?: string; end_time?: string | null }, ctx: z.RefinementCtx): void {
  if (!body.start_time || !body.end_time) return;
  const seconds = (Date.parse(body.end_time) - Date.parse(body.start_time)) / 1000;
  if (seconds <= 0) {
    ctx.addIssue({ code: "custom", path: ["end_time"], message: "must be after start_time", params: { reason: "invalid" } });
  } else if (seconds > MAX_ENTRY_SECONDS) {
    ctx.addIssue({
      code: "custom",
      path: ["end_time"],
      message: "must be at most 24 hours after start_time",
      params: { reason: "out_of_range" },
    });
  }
}

export const createEntryInput = z.object({
  params: none,
  query: none,
  body: z
    .object({
      project_id: idOf("project"),
      start_time: timestamp,
      end_time: timestamp,
      task_id: idOf("task").nullable().default(null),
      description: description.default(""),
      billable: z.boolean().optional(),
      user_id: idOf("user").optional(),
    })
    .strict()
    .superRefine(checkSpan),
});

export const updateEntryInput = z.object({
  params: entryPath,
  query: none,
  body: someChanges(
    z
      .object({
        project_id: idOf("project").optional(),
        start_time: timestamp.optional(),
        end_time: timestamp.optional(),
        task_id: idOf("task").nullable().optional(),
        description: description.optional(),
        billable: z.boolean().optional(),
        user_id: idOf("user").optional(),
      })
      .strict(),
  ).superRefine(checkSpan),
});

export const listEntriesInput = z.object({
  params: none,
  query: z
    .object({
      ...pagingQuery,
      user_id: idOf("user").optional(),
      project_id: idOf("project").optional(),
      task_id: idOf("task").optional(),
      billable: queryBoolean.optional(),
      start_date: calendarDate.optional(),
      end_date: calendarDate.optional(),
    })
    .strict()
    .superRefine(datesInOrder),
  body: noBody,
});

export const entryByIdInput = z.object({ params: entryPath, query: none, body: noBody });

export const startTimerInput = z.object({
  params: none,
  query: none,
  body: z
    .object({
      project_id: idOf("project"),
      task_id: idOf("task").nullable().default(null),
      description: description.default(""),
      billable: z.boolean().optional(),
    })
    .strict(),
});

export const noInput = z.object({ params: none, query: none, body: noBody });

export type CreateEntryInput = z.output<typeof createEntryInput>["body"];
export type UpdateEntryInput = z.output<typeof updateEntryInput>["body"];
export type ListEntriesQuery = z.output<typeof listEntriesInput>["query"];
export type StartTimerInput = z.output<typeof startTimerInput>["body"];
