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
}

export interface SummaryGroup extends Totals {
  /** What the group is: an id, a date, `true`/`false`; `null` for entries without a task. */
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
  groups: SummaryGroup[];
}

const seconds = (description: string) => z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe(description);

const totalsShape = {
  total_seconds: seconds("Seconds recorded; running entries count up to `as_of`"),
  billable_seconds: seconds("Of those, the seconds of billable entries"),
  rounded_seconds: seconds("`total_seconds` after rounding; equal to it with `rounding=none`"),
  entry_count: z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe("Entries counted"),
};

const groupLine = {
  key: z
    .string()
    .nullable()
    .describe("The group's id, date (`YYYY-MM-DD`), month (`YYYY-MM`) or `true`/`false`; `null` for entries without a task"),
  name: z
    .string()
    .nullable()
    .describe("The project's, task's or user's name, or the key itself for dates; `null` for no task or a removed user"),
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
  is_running: boolean;
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
    is_running: z.boolean(),
  })
  .meta({ id: "DetailedReportEntry" });
assertSameShape<SameShape<z.output<typeof detailedEntrySchema>, DetailedEntry>>();

export const summaryResponse = z.object({ data: summaryReportSchema });
export const detailedResponse = list(detailedEntrySchema);
