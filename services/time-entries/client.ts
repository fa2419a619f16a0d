import type { Readable } from "node:stream";
import { z } from "zod";
import { RATE_LEVELS, type RateChange } from "../../shared/billing/rate-book";
import { defineClient, internalAction } from "../../shared/client";
import { calendarDate, hourlyRate } from "../../shared/inputs";
import { idOf } from "../../shared/validation";
import type { TimeEntry } from "./contract";

/** Another service's question: how many entries point at this project or task? */
const entryReferenceQuery = z
  .object({ organizationId: idOf("organization"), projectId: idOf("project").optional(), taskId: idOf("task").optional() })
  .strict()
  .refine((query) => query.projectId !== undefined || query.taskId !== undefined, { message: "name a project or a task" });

/** An instant as stored: ISO 8601 UTC with whole seconds, so that it compares as a string. */
const storedInstant = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

/**
 * The entries of one organization that start in `[from, to)`, narrowed by the report
 * filters. Reports ask in UTC instants: the day boundaries of their time zone are theirs.
 */
const reportWindow = z
  .object({
    organizationId: idOf("organization"),
    from: storedInstant,
    to: storedInstant,
    userId: idOf("user").optional(),
    projectId: idOf("project").optional(),
    taskId: idOf("task").optional(),
    billable: z.boolean().optional(),
  })
  .strict()
  .refine((window) => window.from < window.to, { message: "from must be before to", path: ["to"] });
export type ReportWindow = z.output<typeof reportWindow>;

/**
 * One line of the totals stream: the ids it names once each, then one row per entry,
 * `[start_time, seconds (null while running), user, project, task (-1: none), billable]`,
 * where user, project and task are positions in `ids`. Naming each id once per batch keeps
 * a year of a large team's entries small on the bus.
 */
export interface EntryTotalsBatch {
  ids: string[];
  rows: EntryTotalsRow[];
}
export type EntryTotalsRow = [startTime: string, seconds: number | null, user: number, project: number, task: number, billable: 0 | 1];

/** At most this many entries per `importEntries` call; importers send theirs in turns. */
export const MAX_IMPORTED_PER_CALL = 1000;

/** The longest entry, as for entries made by hand (docs/api.md#time-entries-and-timers). */
const MAX_IMPORTED_SECONDS = 24 * 60 * 60;

const importedEntry = z
  .object({
    /** Chosen by the importer from the row's identity, so that importing it again finds it. */
    id: idOf("timeEntry"),
    user_id: idOf("user"),
    project_id: idOf("project"),
    task_id: idOf("task").nullable(),
    description: z.string().max(5000),
    start_time: storedInstant,
    end_time: storedInstant,
    billable: z.boolean(),
  })
  .strict()
  .refine((entry) => entry.start_time < entry.end_time, { message: "must be after start_time", path: ["end_time"] })
  .refine((entry) => Date.parse(entry.end_time) - Date.parse(entry.start_time) <= MAX_IMPORTED_SECONDS * 1000, {
    message: "makes the entry longer than 24 hours",
    path: ["end_time"],
  });
export type ImportedEntry = z.output<typeof importedEntry>;

/** At most this many rate changes per `projectUsage` question. */
export const MAX_RATE_CHANGES_PER_CALL = 5000;

const rateChange = z
  .object({
    level: z.enum(RATE_LEVELS),
    user_id: idOf("user").nullable(),
    project_id: idOf("project").nullable(),
    hourly_rate: hourlyRate.nullable(),
    effective_from: calendarDate.nullable(),
  })
  .strict() satisfies z.ZodType<RateChange>;

/**
 * One project's entries starting in `[from, to)` (all of them without bounds), and the
 * rates to bill them at: what a budget has used.
 */
const usageQuery = z
  .object({
    organizationId: idOf("organization"),
    projectId: idOf("project"),
    from: storedInstant.optional(),
    to: storedInstant.optional(),
    rates: z.array(rateChange).max(MAX_RATE_CHANGES_PER_CALL),
    /** Digits of the currency's minor unit (2 for USD, 0 for JPY). */
    minorDigits: z.int().min(0).max(4),
  })
  .strict();

/** What a project's entries add up to: every entry's seconds (a running one up to now), and the billable amount. */
export interface ProjectUsage {
  seconds: number;
  /** In minor units: each billable entry's amount at its rate, rounded half-up, summed. */
  amount_minor: number;
}

/** What a screenshot needs of its entry: whose it is, its project, and when it ran. */
export interface EntrySpan {
  id: string;
  user_id: string;
  project_id: string;
  start_time: string;
  /** `null` while its timer runs. */
  end_time: string | null;
}

/** What other services may ask the time-entries service. */
export const timeEntriesClient = defineClient("timeEntries", {
  /** A project or task with entries is archived, not deleted. */
  countReferences: internalAction(entryReferenceQuery).returning<number>(),
  /** One entry of the organization, for screenshots taken during it; `null` when it has none by that id. */
  spanOf: internalAction(z.object({ organizationId: idOf("organization"), id: idOf("timeEntry") }).strict()).returning<EntrySpan | null>(),
  /**
   * Every entry of the window, in no order, as an object-mode stream of `EntryTotalsBatch`
   * values (moleculer carries each across the bus as one message): what a summary report
   * adds up.
   */
  streamTotals: internalAction(reportWindow).returning<Readable>(),
  /**
   * Every entry of the window, newest `start_time` first (ties by id), as a stream of
   * newline-separated JSON arrays of `TimeEntry` (a running entry's `duration` is its
   * time so far when read): what an export writes out.
   */
  streamEntries: internalAction(reportWindow).returning<Readable>(),
  /** One page of the window's entries, in the order of `streamEntries`, and how many there are. */
  pageEntries: internalAction(
    z.object({ window: reportWindow, page: z.int().min(1), per_page: z.int().min(1).max(200) }).strict(),
  ).returning<{ items: TimeEntry[]; total: number }>(),
  /**
   * For budgets: what one project's entries in a window add up to, billed at `rates` (every
   * change the project's entries may take, as `RateBook` reads them), amounts in integer
   * minor units rounded per entry (docs/api.md, "Money: rates, amounts and budgets").
   */
  projectUsage: internalAction(usageQuery).returning<ProjectUsage>(),
  /**
   * For imports: finished entries of one organization, whose users, projects and tasks the
   * importer has checked. Each is inserted once: an id that exists already is left as it
   * is. How many were new. No event is announced for them.
   */
  importEntries: internalAction(
    z.object({ organizationId: idOf("organization"), entries: z.array(importedEntry).max(MAX_IMPORTED_PER_CALL) }).strict(),
  ).returning<{ inserted: number }>(),
});
export type { TimeEntry } from "./contract";
