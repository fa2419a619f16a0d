import { EVERY_ROLE, type CredentialAccess } from "../../shared/access";
import { defineOperations, FILE_MEDIA_TYPES } from "../../shared/operations";
import { detailedInput, summaryInput } from "./inputs";
import { detailedResponse, summaryResponse } from "./contract";

/** Everyone may read reports; members read only their own time (docs/api.md#reports). */
const READ: CredentialAccess = { permission: "reports:read", roles: EVERY_ROLE };

const TAG = "Reports";
const RESOURCE = "Report";
const FILES = [FILE_MEDIA_TYPES.csv, FILE_MEDIA_TYPES.xlsx] as const;

const memberRule =
  "Members see only their own time; a member who filters by another user's `user_id` gets a 403. Rates and amounts are shown to owners and admins, and to members only when the organization sets `members_see_own_amounts`; otherwise their fields (and export columns) are absent.";
const exportRule =
  "`format=csv` or `format=xlsx` answers a file (`Content-Disposition: attachment`, named like `stint-summary-2026-01-01-2026-12-31.csv`) with every row, streamed; durations in seconds and in decimal hours.";

const selectionParameters = {
  start_date: "First day of the report, `YYYY-MM-DD`, in `timezone`",
  end_date: "Last day of the report, `YYYY-MM-DD`, in `timezone`; at most 366 days counting both ends",
  timezone: "IANA time zone whose days the report counts (default `UTC`); an entry belongs to the day on which it starts there",
  user_id: "Only this user's time",
  project_id: "Only this project's time (either prefix)",
  task_id: "Only this task's time",
  billable: "Only billable (`true`) or only non-billable (`false`) time",
  tag: "Only entries carrying this tag, in any case; repeated (`?tag=a&tag=b`), entries carrying any of them",
  format: "`json` (default), `csv` or `xlsx`",
};

/** The summary and detailed reports and their exports (docs/api.md#reports). */
export const reportOperations = defineOperations("reports", {
  summary: {
    method: "GET",
    path: "/reports/summary",
    summary: "Summary report",
    description: `Time added up by \`group_by\`, and within each group by \`sub_group_by\`, over whole days of \`timezone\`: raw and rounded seconds side by side, and the amounts they bill in the organization's \`currency\`. Running entries count up to \`as_of\`. An entry with two tags counts in both tags' groups; untagged entries, and projects without a client, in a group with key \`null\`. Groups are sorted by \`total_seconds\` descending, ties by key; \`day\`, \`week\` and \`month\` groups by date. ${memberRule} ${exportRule}`,
    tag: TAG,
    resource: RESOURCE,
    input: summaryInput,
    access: READ,
    success: { status: 200, description: "The summary report, or its file", body: summaryResponse, files: FILES },
    parameters: {
      ...selectionParameters,
      group_by: "`project` (default), `user`, `task`, `day`, `week`, `month`, `billable`, `tag` or `client` (the project's `client_name`)",
      sub_group_by: "A second grouping inside each group, other than `group_by`",
      rounding: "`none` (default), `up`, `down` or `nearest` (halves up); a duration already on a step never moves",
      rounding_minutes: "The rounding step: 1, 5, 6, 10, 15 (default), 30 or 60 minutes",
      rounding_scope: "`entry` (default): each entry is rounded, then added up; `group`: each group's and sub-group's total is rounded",
      week_start: "`monday` (default) or `sunday`: the first day of a `week` group",
    },
  },
  detailed: {
    method: "GET",
    path: "/reports/detailed",
    summary: "Detailed report",
    description: `The entries of the range, newest \`start_time\` first (ties by id), with the names of their user, project and task, paged like every list. ${memberRule} ${exportRule} The CSV's columns, in order: \`id, user_id, user_email, user_name, project_id, project_name, task_id, task_name, description, start_time, end_time, duration_seconds, duration_hours, billable, tags\` (joined with \`; \`), then, for whoever sees amounts, \`hourly_rate, billable_amount, currency\`.`,
    tag: TAG,
    resource: RESOURCE,
    input: detailedInput,
    access: READ,
    success: {
      status: 200,
      description: "A page of the detailed report, or its file with every entry",
      body: detailedResponse,
      files: FILES,
    },
    parameters: selectionParameters,
  },
});
