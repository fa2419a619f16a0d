import { z } from "zod";
import { createEntryInput, entryByIdInput, listEntriesInput, noInput, startTimerInput, updateEntryInput } from "../../../services/time-entries/inputs";
import type { TimeEntry } from "../../../services/time-entries/time-entry";
import type { OperationDocs } from "../operation";
import { assertSameShape, idSchema, list, single, timestamp, type SameShape } from "./common";

export const timeEntry = z
  .object({
    id: idSchema("timeEntry"),
    user_id: idSchema("user").describe("Whose time it is"),
    project_id: idSchema("project").describe("`prj_...` in Style A, `proj_...` in Style B"),
    task_id: idSchema("task").nullable(),
    description: z.string(),
    start_time: timestamp,
    end_time: timestamp.nullable().describe("`null` while the timer runs"),
    duration: z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe("Seconds; for a running entry, the seconds elapsed so far"),
    billable: z.boolean(),
    is_running: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "TimeEntry" });
assertSameShape<SameShape<z.output<typeof timeEntry>, TimeEntry>>();

const entryPath = { id: "The entry's id (`te_...`)" };
const ownOnly = "Members reach only their own entries (anyone else's is a 404); owners and admins reach every entry of the organization.";

export const timeEntryOperations: OperationDocs = {
  "timeEntries.list": {
    summary: "List time entries",
    description: `Newest \`start_time\` first, ties by id. ${ownOnly} A member who filters by another user's \`user_id\` gets a 403.`,
    tag: "Time entries",
    input: listEntriesInput,
    success: { status: 200, description: "A page of time entries", body: list(timeEntry) },
    parameters: {
      user_id: "Only this user's entries",
      project_id: "Only this project's entries (either prefix)",
      task_id: "Only this task's entries",
      billable: "Only billable (`true`) or only non-billable (`false`) entries",
      start_date: "`YYYY-MM-DD` (UTC): entries starting on or after this day",
      end_date: "`YYYY-MM-DD` (UTC): entries starting on or before this day",
    },
  },
  "timeEntries.create": {
    summary: "Create a time entry",
    description:
      "A finished entry: `end_time` after `start_time`, at most 24 hours later. The project must be active, the task one of its own. Owners and admins may pass `user_id` to record time for a user of their organization.",
    tag: "Time entries",
    input: createEntryInput,
    success: { status: 201, description: "The new entry", body: single(timeEntry) },
  },
  "timeEntries.current": {
    summary: "Read the caller's running timer",
    tag: "Timers",
    input: noInput,
    success: { status: 200, description: "The running entry, or `data: null` when no timer runs", body: z.object({ data: timeEntry.nullable() }) },
  },
  "timeEntries.start": {
    summary: "Start a timer",
    description: "A timer that runs is stopped first and ends at the second the new one starts. At most one timer runs per user, across every replica.",
    tag: "Timers",
    input: startTimerInput,
    success: { status: 201, description: "The new running entry", body: single(timeEntry) },
    errors: [409],
  },
  "timeEntries.stop": {
    summary: "Stop the running timer",
    description: "A 404 when no timer runs.",
    tag: "Timers",
    input: noInput,
    success: { status: 200, description: "The entry just stopped", body: single(timeEntry) },
    errors: [404, 409],
  },
  "timeEntries.get": {
    summary: "Read one time entry",
    description: ownOnly,
    tag: "Time entries",
    input: entryByIdInput,
    success: { status: 200, description: "The entry", body: single(timeEntry) },
    parameters: entryPath,
  },
  "timeEntries.update": {
    summary: "Change a time entry",
    description: `Changes only the fields given; the resulting span is checked as on create. A running entry's \`end_time\` cannot be set (stop the timer). ${ownOnly}`,
    tag: "Time entries",
    input: updateEntryInput,
    success: { status: 200, description: "The changed entry", body: single(timeEntry) },
    parameters: entryPath,
  },
  "timeEntries.remove": {
    summary: "Delete a time entry",
    description: `Deleting the running entry frees the timer. ${ownOnly}`,
    tag: "Time entries",
    input: entryByIdInput,
    success: { status: 204, description: "Deleted" },
    parameters: entryPath,
  },
};
