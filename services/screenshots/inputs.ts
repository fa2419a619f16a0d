import { z } from "zod";
import { calendarDate, datesInOrder, instant, nothing as none } from "../../shared/inputs";
import { pagingQuery } from "../../shared/paging";
import { idOf, noBody } from "../../shared/validation";

/** The form's text fields, before the file; the file itself reaches the action as its stream. */
export const uploadScreenshotInput = z.object({
  params: none,
  query: none,
  body: z
    .object({
      time_entry_id: idOf("timeEntry").describe("The caller's own entry the screenshot was taken during"),
      taken_at: instant.optional().describe("When it was taken (default: now); inside the entry, or after the start of a running one"),
    })
    .strict(),
});
export type UploadScreenshotBody = z.output<typeof uploadScreenshotInput>["body"];

export const listScreenshotsInput = z.object({
  params: none,
  query: z
    .object({
      ...pagingQuery,
      user_id: idOf("user").optional(),
      project_id: idOf("project").optional(),
      time_entry_id: idOf("timeEntry").optional(),
      start_date: calendarDate.optional(),
      end_date: calendarDate.optional(),
    })
    .strict()
    .superRefine(datesInOrder),
  body: noBody,
});
export type ListScreenshotsQuery = z.output<typeof listScreenshotsInput>["query"];

export const screenshotByIdInput = z.object({ params: z.object({ id: idOf("screenshot") }).strict(), query: none, body: noBody });
