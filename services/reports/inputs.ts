import { z } from "zod";
import { pagingQuery } from "../../shared/paging";
import { idOf, noBody, queryBoolean } from "../../shared/validation";
import { namedTimeZone as timeZone, nothing, trimmedText } from "../../shared/inputs";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_ENTRY } from "../time-entries/client";
import { dayNumberOf } from "../../shared/time";

/** A report spans at most this many days (docs/api.md#reports). */
export const MAX_REPORT_DAYS = 366;

export const GROUPINGS = ["project", "user", "task", "day", "week", "month", "billable", "tag", "client"] as const;
export type Grouping = (typeof GROUPINGS)[number];

export const FORMATS = ["json", "csv", "xlsx"] as const;
export type ReportFormat = (typeof FORMATS)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` naming a day that exists, between 1970 and 2100. */
const calendarDate = z
  .string()
  .refine(
    (value) => {
      if (!ISO_DATE.test(value)) return false;
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) && value >= "1970-01-02" && value < "2099-12-31";
    },
    { message: "must be a date like 2026-11-21, between 1970 and 2100", params: { reason: "invalid" } },
  )
  // The documents promise a little less than the server takes, so that a zone's offset never carries a documented day outside it.
  .meta({ format: "date", pattern: "^(197[1-9]|19[89]\\d|20[0-8]\\d|209[0-8])-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$" });

/**
 * `?tag=a&tag=b`: entries carrying any of these tags, ignoring case, as time-entry lists
 * take it. One value arrives as a string, several as an array; more than 20 arrive as
 * neither (the query parser makes an object of them), so the union's own message says
 * what is allowed.
 */
const tagName = trimmedText(MAX_TAG_LENGTH);
const tagFilter = z
  .union([tagName, z.array(tagName).min(1).max(MAX_TAGS_PER_ENTRY, `must name at most ${MAX_TAGS_PER_ENTRY} tags`)], {
    error: `must name 1 to ${MAX_TAGS_PER_ENTRY} tags, each 1-${MAX_TAG_LENGTH} characters`,
  })
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** What both reports select: whole days of a zone, narrowed by filters. */
const selection = {
  start_date: calendarDate,
  end_date: calendarDate,
  timezone: timeZone.default("UTC"),
  user_id: idOf("user").optional(),
  project_id: idOf("project").optional(),
  task_id: idOf("task").optional(),
  billable: queryBoolean.optional(),
  tag: tagFilter.optional(),
  format: z.enum(FORMATS).default("json"),
};

function checkRange(query: { start_date: string; end_date: string }, ctx: z.RefinementCtx): void {
  const days = dayNumberOf(query.end_date) - dayNumberOf(query.start_date) + 1;
  if (days < 1)
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "must not be before start_date", params: { reason: "invalid" } });
  else if (days > MAX_REPORT_DAYS)
    ctx.addIssue({
      code: "custom",
      path: ["end_date"],
      message: `must be at most ${MAX_REPORT_DAYS} days after start_date, counting both`,
      params: { reason: "out_of_range" },
    });
}

const grouping = z.enum(GROUPINGS);
const ROUNDING_MINUTES = ["1", "5", "6", "10", "15", "30", "60"] as const;

export const summaryInput = z.object({
  params: nothing,
  query: z
    .object({
      ...selection,
      group_by: grouping.default("project"),
      sub_group_by: grouping.optional(),
      rounding: z.enum(["none", "up", "down", "nearest"]).default("none"),
      rounding_minutes: z
        .enum(ROUNDING_MINUTES)
        .default("15")
        .transform((value) => Number(value)),
      rounding_scope: z.enum(["entry", "group"]).default("entry"),
      week_start: z.enum(["monday", "sunday"]).default("monday"),
    })
    .strict()
    .superRefine((query, ctx) => {
      checkRange(query, ctx);
      if (query.sub_group_by !== undefined && query.sub_group_by === query.group_by) {
        ctx.addIssue({ code: "custom", path: ["sub_group_by"], message: "must differ from group_by", params: { reason: "invalid" } });
      }
    }),
  body: noBody,
});

export const detailedInput = z.object({
  params: nothing,
  query: z
    .object({ ...selection, ...pagingQuery })
    .strict()
    .superRefine(checkRange),
  body: noBody,
});

export type SummaryQuery = z.output<typeof summaryInput>["query"];
export type DetailedQuery = z.output<typeof detailedInput>["query"];
/** What the two reports share: the days, the zone and the filters. */
export type Selection = Pick<
  SummaryQuery,
  "start_date" | "end_date" | "timezone" | "user_id" | "project_id" | "task_id" | "billable" | "tag"
>;
