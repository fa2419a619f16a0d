import { z } from "zod";
import { EVERY_ROLE, type CredentialAccess } from "../../shared/access";
import { noInput } from "../../shared/inputs";
import { defineOperations } from "../../shared/operations";
import { list, single } from "../../shared/schemas";
import { createEntryInput, entryByIdInput, listEntriesInput, listTagsInput, startTimerInput, updateEntryInput } from "./inputs";
import { tagSchema, timeEntrySchema } from "./contract";

/** Every role reads and records its time; what each sees is the use cases' business (docs/api.md#roles-and-tenancy). */
const READ: CredentialAccess = { permission: "time_entries:read", roles: EVERY_ROLE };
const WRITE: CredentialAccess = { permission: "time_entries:write", roles: EVERY_ROLE };

const entryPath = { id: "The entry's id (`te_...`)" };
const ownOnly = "Members reach only their own entries (anyone else's is a 404); owners and admins reach every entry of the organization.";
const RESOURCE = "Time entry";
const ENTRIES = "Time entries";
const TIMERS = "Timers";
const created = "/time-entries/{data.id}";

/** Time entries by hand and by timer (docs/api.md#time-entries-and-timers, docs/decisions/0003-running-timer-per-user.md). */
export const timeEntryOperations = defineOperations("timeEntries", {
  list: {
    method: "GET",
    path: "/time-entries",
    summary: "List time entries",
    description: `Newest \`start_time\` first, ties by id. ${ownOnly} A member who filters by another user's \`user_id\` gets a 403.`,
    tag: ENTRIES,
    resource: RESOURCE,
    input: listEntriesInput,
    access: READ,
    success: { status: 200, description: "A page of time entries", body: list(timeEntrySchema) },
    parameters: {
      user_id: "Only this user's entries",
      project_id: "Only this project's entries (either prefix)",
      task_id: "Only this task's entries",
      billable: "Only billable (`true`) or only non-billable (`false`) entries",
      start_date: "`YYYY-MM-DD` (UTC): entries starting on or after this day",
      end_date: "`YYYY-MM-DD` (UTC): entries starting on or before this day",
      tag: "Only entries carrying this tag, in any case; repeated (`?tag=a&tag=b`), entries carrying any of them",
    },
  },
  create: {
    method: "POST",
    path: "/time-entries",
    summary: "Create a time entry",
    description:
      "A finished entry: `end_time` after `start_time`, at most 24 hours later. The project must be active, the task one of its own. Owners and admins may pass `user_id` to record time for a user of their organization.",
    tag: ENTRIES,
    resource: RESOURCE,
    input: createEntryInput,
    access: WRITE,
    success: { status: 201, description: "The new entry", body: single(timeEntrySchema), location: created },
  },
  current: {
    method: "GET",
    path: "/time-entries/current",
    summary: "Read the caller's running timer",
    tag: TIMERS,
    resource: RESOURCE,
    input: noInput,
    access: READ,
    success: {
      status: 200,
      description: "The running entry, or `data: null` when no timer runs",
      body: z.object({ data: timeEntrySchema.nullable() }),
    },
  },
  start: {
    method: "POST",
    path: "/time-entries/start",
    summary: "Start a timer",
    description:
      "A timer that runs is stopped first and ends at the second the new one starts. At most one timer runs per user, across every replica.",
    tag: TIMERS,
    resource: RESOURCE,
    input: startTimerInput,
    access: WRITE,
    success: { status: 201, description: "The new running entry", body: single(timeEntrySchema), location: created },
    errors: [409],
  },
  stop: {
    method: "POST",
    path: "/time-entries/stop",
    summary: "Stop the running timer",
    description: "A 404 when no timer runs.",
    tag: TIMERS,
    resource: RESOURCE,
    input: noInput,
    access: WRITE,
    success: { status: 200, description: "The entry just stopped", body: single(timeEntrySchema) },
    errors: [404, 409],
  },
  get: {
    method: "GET",
    path: "/time-entries/:id",
    summary: "Read one time entry",
    description: ownOnly,
    tag: ENTRIES,
    resource: RESOURCE,
    input: entryByIdInput,
    access: READ,
    success: { status: 200, description: "The entry", body: single(timeEntrySchema) },
    parameters: entryPath,
  },
  update: {
    method: "PUT",
    path: "/time-entries/:id",
    summary: "Change a time entry",
    description: `Changes only the fields given; the resulting span is checked as on create. A running entry's \`end_time\` cannot be set (stop the timer). ${ownOnly}`,
    tag: ENTRIES,
    resource: RESOURCE,
    input: updateEntryInput,
    access: WRITE,
    success: { status: 200, description: "The changed entry", body: single(timeEntrySchema) },
    parameters: entryPath,
  },
  remove: {
    method: "DELETE",
    path: "/time-entries/:id",
    summary: "Delete a time entry",
    description: `Deleting the running entry frees the timer. ${ownOnly}`,
    tag: ENTRIES,
    resource: RESOURCE,
    input: entryByIdInput,
    access: WRITE,
    success: { status: 204, description: "Deleted" },
    parameters: entryPath,
  },
  listTags: {
    method: "GET",
    path: "/tags",
    summary: "List the organization's tags",
    description:
      "Every tag used in the organization, by name ignoring case, in its first spelling, with how many entries carry it: all of them for owners and admins, their own for members (docs/api.md#tags).",
    tag: ENTRIES,
    resource: "Tag",
    input: listTagsInput,
    access: READ,
    success: { status: 200, description: "A page of tags, by name", body: list(tagSchema) },
  },
});
