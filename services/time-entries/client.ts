import { z } from "zod";
import { RATE_LEVELS, type RateChange } from "../../shared/billing/rate-book";
import { defineClient, internalAction } from "../../shared/client";
import { calendarDate, hourlyRate } from "../../shared/inputs";
import type { PulledStream } from "../../shared/pulled-stream";
import { idOf } from "../../shared/validation";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_ENTRY, type TimeEntry } from "./contract";

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
    /** Entries carrying any of these tags, in any case. */
    tags: z.array(z.string().min(1).max(MAX_TAG_LENGTH)).min(1).max(MAX_TAGS_PER_ENTRY).optional(),
  })
  .strict()
  .refine((window) => window.from < window.to, { message: "from must be before to", path: ["to"] });
export type ReportWindow = z.output<typeof reportWindow>;

/** What a summary's sums can be grouped by, at most two at once, outer first. */
export const TOTALS_KEYS = ["user", "project", "task", "billable", "day", "tag"] as const;
export type TotalsKey = (typeof TOTALS_KEYS)[number];

/** A rate change, as the rate book takes it (sums with amounts, and budgets). */
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
 * The sums a summary report needs, added up where the entries are: every entry of the
 * window counted once in `all`, once in each group its keys put it in, and once in each
 * sub-group (an entry with two tags in both tags' groups). Memory grows with the groups.
 */
const entryTotalsQuery = z
  .object({
    window: reportWindow,
    groupBy: z
      .array(z.enum(TOTALS_KEYS))
      .max(2)
      .refine((keys) => new Set(keys).size === keys.length, { message: "keys must differ" }),
    /**
     * For `day`: the instant each day of the report's zone starts, ascending, then the instant
     * the last one ends; the key is the day's position. An entry belongs to the day it starts in.
     */
    dayStarts: z.array(storedInstant).min(2).max(368).optional(),
    /** Each entry's seconds rounded (entry scope), added up as rounded seconds and used for its amount. */
    rounding: z
      .object({ mode: z.enum(["up", "down", "nearest"]), minutes: z.int().min(1).max(60) })
      .strict()
      .optional(),
    /** Running entries count up to this instant. */
    asOf: storedInstant,
    /** For amounts: the organization's rate changes and its currency's minor digits. */
    money: z
      .object({ minorDigits: z.int().min(0).max(4), rates: z.array(rateChange).max(100_000) })
      .strict()
      .optional(),
  })
  .strict()
  .refine((query) => !query.groupBy.includes("day") || query.dayStarts !== undefined, {
    message: "grouping by day needs dayStarts",
    path: ["dayStarts"],
  });
export type EntryTotalsQuery = z.output<typeof entryTotalsQuery>;

/** A key of a group: an id, `null` (no task, no tag), `true`/`false` (billable) or a day's position. */
export type TotalsKeyValue = string | number | boolean | null;
/**
 * Entries, seconds, billable seconds, rounded seconds (the seconds when not rounding),
 * amount in minor units, and unrated seconds: the seconds of entries whose amount is 0
 * because they are not billable or no rate applies (0 without `money`).
 */
export type TotalsFigures = [entries: number, seconds: number, billable: number, rounded: number, amount: number, unrated: number];
/** One line of the totals stream: the window's, a group's, or a sub-group's. */
export type TotalsLine =
  ["all", ...TotalsFigures] | ["group", TotalsKeyValue, ...TotalsFigures] | ["sub", TotalsKeyValue, TotalsKeyValue, ...TotalsFigures];

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
    /** As the importer read them: trimmed, no two alike ignoring case; stored in the organization's spelling. */
    tags: z.array(z.string().trim().min(1).max(MAX_TAG_LENGTH)).max(MAX_TAGS_PER_ENTRY),
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
   * A summary's sums, as a pulled stream of values (`shared/pulled-stream.ts`) of
   * `TotalsLine`s, `all` first: the entries are read and added up as it is pulled.
   */
  sumEntries: internalAction(entryTotalsQuery).returning<PulledStream>(),
  /**
   * Every entry of the window, newest `start_time` first (ties by id), as a pulled stream of
   * values of `TimeEntry` (a running entry's `duration` is its time so far when read): what
   * an export writes out, read from the store as it is pulled.
   */
  streamEntries: internalAction(reportWindow).returning<PulledStream>(),
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
/** How long tags are, how many an entry carries and how two spellings are told apart: for the reports' `tag` filter and imports' tags. */
export { MAX_TAG_LENGTH, MAX_TAGS_PER_ENTRY, tagKey } from "./contract";
