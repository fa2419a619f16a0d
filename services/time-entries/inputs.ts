import { z } from "zod";
import { someChanges } from "../../shared/inputs";
import { pagingQuery } from "../../shared/paging";
import { isoSeconds } from "../../shared/time";
import { idOf, noBody, queryBoolean } from "../../shared/validation";

/** Entries may not lie before the Unix epoch or after 2100; anything else is a typo. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_ENTRY_SECONDS = 24 * 60 * 60;

/** `YYYY-MM-DD` naming a day that exists (no February 30th). */
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO 8601 timestamp with a zone, normalised to UTC whole seconds (decisions §3). */
const timestamp = z
  .string()
  .meta({ format: "date-time", description: "ISO 8601 with a time zone, between 1970 and 2100; stored in UTC, to the second" })
  .transform((value, ctx) => {
    const shape = ISO_DATE_TIME.exec(value);
    const millis = shape && isCalendarDate(shape[1] as string) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(millis)) {
      ctx.addIssue({ code: "custom", message: "must be an ISO 8601 timestamp with a time zone, like 2026-11-21T09:30:00Z", params: { reason: "invalid" } });
      return z.NEVER;
    }
    if (millis < EARLIEST || millis >= LATEST) {
      ctx.addIssue({ code: "custom", message: "must lie between 1970 and 2100", params: { reason: "out_of_range" } });
      return z.NEVER;
    }
    return isoSeconds(new Date(millis));
  });

/** A calendar date `YYYY-MM-DD` (UTC) that exists. */
const calendarDate = z
  .string()
  .refine((value) => isCalendarDate(value) && Date.parse(value) >= EARLIEST && Date.parse(value) < LATEST, {
    message: "must be a date like 2026-11-21, between 1970 and 2100",
    params: { reason: "invalid" },
  })
  .meta({ format: "date", pattern: "^(19[7-9]\\d|20\\d\\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$" });

const description = z.string().max(5000, "must be at most 5000 characters");
const none = z.object({}).strict();
const entryPath = z.object({ id: idOf("timeEntry") }).strict();

/** `end_time` after `start_time`, and a finished entry lasts at most 24 hours. */
function checkSpan(body: { start_time?: string; end_time?: string | null }, ctx: z.RefinementCtx): void {
  if (!body.start_time || !body.end_time) return;
  const seconds = (Date.parse(body.end_time) - Date.parse(body.start_time)) / 1000;
  if (seconds <= 0) {
    ctx.addIssue({ code: "custom", path: ["end_time"], message: "must be after start_time", params: { reason: "invalid" } });
  } else if (seconds > MAX_ENTRY_SECONDS) {
    ctx.addIssue({ code: "custom", path: ["end_time"], message: "must be at most 24 hours after start_time", params: { reason: "out_of_range" } });
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
    .superRefine((query, ctx) => {
      if (query.start_date && query.end_date && query.end_date < query.start_date) {
        ctx.addIssue({ code: "custom", path: ["end_date"], message: "must not be before start_date", params: { reason: "invalid" } });
      }
    }),
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
