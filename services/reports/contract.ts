/**
 * What the reports service shows the world: the summary and the detailed report as its
 * answers show them. Imports only `shared/` and packages.
 */
import { z } from "zod";
import { assertSameShape, idSchema, list, timestamp, type SameShape } from "../../shared/schemas";

/** The sums every line of a summary carries (docs/api.md#the-summary). */
export interface Totals {
  total_seconds: number;
  billable_seconds: number;
  rounded_seconds: number;
  entry_count: number;
  /** Present when the caller may see amounts (docs/api.md#amounts-in-reports). */
  billable_amount?: number;
  unrated_seconds?: number;
}

export interface SummaryGroup extends Totals {
  /** What the group is: an id, a date, `true`/`false`, a tag, a client; `null` for no task, no tag, no client. */
  key: string | null;
  /** How people call it; `null` when nothing by that key exists any more (a removed user) or for no task. */
  name: string | null;
  sub_groups?: SummaryGroup[];
}

export interface SummaryReport extends Totals {
  start_date: string;
  end_date: string;
  timezone: string;
  as_of: string;
  /** The organization's currency, with the amounts. */
  currency?: string;
  groups: SummaryGroup[];
}

const seconds = (description: string) => z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe(description);

/** An amount in the currency's major unit, exact to its minor unit (`19.99`; `1500` in JPY; `0.125` in KWD). */
export const amount = (description: string) => z.number().min(0).max(Number.MAX_SAFE_INTEGER).describe(description);
const MONEY_SHOWN = "owners and admins, and members when the organization sets `members_see_own_amounts`";

const totalsShape = {
  total_seconds: seconds("Seconds recorded; running entries count up to `as_of`"),
  billable_seconds: seconds("Of those, the seconds of billable entries"),
  rounded_seconds: seconds("`total_seconds` after rounding; equal to it with `rounding=none`"),
  entry_count: z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe("Entries counted"),
  billable_amount: amount(
    `The sum of the entries' amounts: each billable entry's (entry-scope rounded) time at its rate, half-up to the minor unit. Shown to ${MONEY_SHOWN}`,
  ).optional(),
  unrated_seconds: seconds(
    `Of \`total_seconds\`, those of entries that earn nothing: not billable, or no rate at any level. Shown with \`billable_amount\``,
  ).optional(),
};

const groupLine = {
  key: z
    .string()
    .nullable()
    .describe(
      "The group's id, date (`YYYY-MM-DD`), month (`YYYY-MM`), `true`/`false`, tag or client; `null` for entries without a task or a tag, or projects without a client",
    ),
  name: z
    .string()
    .nullable()
    .describe(
      "The project's, task's or user's name, or the key itself for dates, tags and clients; `null` for no task, tag or client, or a removed user",
    ),
  ...totalsShape,
};

const subGroupSchema = z.object(groupLine).meta({ id: "ReportSubGroup" });
const groupSchema = z
  .object({ ...groupLine, sub_groups: z.array(subGroupSchema).optional().describe("Present when `sub_group_by` was given") })
  .meta({ id: "ReportGroup" });

export const summaryReportSchema = z
  .object({
    start_date: z.string().meta({ format: "date" }),
    end_date: z.string().meta({ format: "date" }),
    timezone: z.string().describe("The IANA zone whose days the report counts, in its canonical spelling"),
    as_of: timestamp.describe("The moment of the request: running entries count up to it"),
    currency: z.string().length(3).optional().describe(`The organization's currency (ISO 4217), with the amounts; shown to ${MONEY_SHOWN}`),
    ...totalsShape,
    groups: z.array(groupSchema),
  })
  .meta({ id: "SummaryReport" });
assertSameShape<SameShape<z.output<typeof summaryReportSchema>, SummaryReport>>();

/** One line of the detailed report: an entry with its names resolved. */
export interface DetailedEntry {
  id: string;
  user_id: string;
  user_email: string | null;
  user_name: string | null;
  project_id: string;
  project_name: string | null;
  task_id: string | null;
  task_name: string | null;
  description: string;
  start_time: string;
  end_time: string | null;
  duration: number;
  billable: boolean;
  tags: string[];
  is_running: boolean;
  /** Present when the caller may see amounts (docs/api.md#amounts-in-reports). */
  hourly_rate?: number | null;
  billable_amount?: number;
}

export const detailedEntrySchema = z
  .object({
    id: idSchema("timeEntry"),
    user_id: idSchema("user"),
    user_email: z.string().nullable().describe("`null` when the user has been removed"),
    user_name: z.string().nullable().describe("`null` when the user has been removed"),
    project_id: idSchema("project").describe("`prj_...` in Style A, `proj_...` in Style B"),
    project_name: z.string().nullable(),
    task_id: idSchema("task").nullable(),
    task_name: z.string().nullable(),
    description: z.string(),
    start_time: timestamp,
    end_time: timestamp.nullable().describe("`null` while the timer runs"),
    duration: seconds("Seconds; a running entry's up to the moment of the request"),
    billable: z.boolean(),
    tags: z.array(z.string()).describe("The entry's tags, as the organization spells them"),
    is_running: z.boolean(),
    hourly_rate: z
      .number()
      .min(0)
      .nullable()
      .optional()
      .describe(
        `The rate that bills the entry (major units an hour); \`null\` when it is not billable or no level sets a rate. Shown to ${MONEY_SHOWN}`,
      ),
    billable_amount: amount(
      `The entry's duration at \`hourly_rate\`, half-up to the minor unit; 0 without one. Shown to ${MONEY_SHOWN}`,
    ).optional(),
  })
  .meta({ id: "DetailedReportEntry" });
assertSameShape<SameShape<z.output<typeof detailedEntrySchema>, DetailedEntry>>();

export const summaryResponse = z.object({ data: summaryReportSchema });
export const detailedResponse = list(detailedEntrySchema);
