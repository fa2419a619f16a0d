import { z } from "zod";
import type { RateChange } from "../../shared/billing/rate-book";
import { defineClient, internalAction } from "../../shared/client";
import { hourlyRate } from "../../shared/inputs";
import { timestamp } from "../../shared/schemas";
import { idOf } from "../../shared/validation";
import type { TaskStatus } from "./contract";

/**
 * What another service (time entries) asks before it places work on a project: does the
 * project exist in this organization, is it archived, what does it bill, and which
 * project does the task belong to. Ids may come as `prj_` or `proj_`; answers use `prj_`.
 */
const entryLookupParams = z
  .object({
    organizationId: idOf("organization"),
    projectId: idOf("project"),
    taskId: idOf("task").nullable().optional(),
  })
  .strict();

export interface ProjectForEntry {
  /** `null` when the organization has no such project. */
  project: { id: string; billable: boolean; archived: boolean } | null;
  /** `null` when no task was asked for or the organization has no such task; its `project_id` may differ from the project asked about. */
  task: { id: string; project_id: string; billable: boolean | null; status: TaskStatus } | null;
}

/** At most this many ids per question; callers with more ask in turns. */
export const MAX_NAMES_PER_CALL = 1000;

const namesQuery = z
  .object({
    organizationId: idOf("organization"),
    projectIds: z.array(idOf("project")).max(MAX_NAMES_PER_CALL).default([]),
    taskIds: z.array(idOf("task")).max(MAX_NAMES_PER_CALL).default([]),
  })
  .strict();

/** Names by id (`prj_` for projects); an id the organization does not have is left out. */
export interface ProjectAndTaskNames {
  projects: Record<string, string>;
  tasks: Record<string, string>;
  /** Each project's `client_name`, `null` for none (reports group by client). */
  clients: Record<string, string | null>;
}

/** At most this many projects per `ensureByNames` question, each with at most this many tasks. */
export const MAX_PROJECTS_PER_CALL = 500;
export const MAX_TASKS_PER_PROJECT = 1000;

const projectName = z.string().trim().min(1).max(200);
const ensureQuery = z
  .object({
    organizationId: idOf("organization"),
    projects: z
      .array(z.object({ name: projectName, tasks: z.array(projectName).max(MAX_TASKS_PER_PROJECT) }).strict())
      .max(MAX_PROJECTS_PER_CALL),
    /** Make the projects and tasks not found; otherwise only find them. */
    create: z.boolean(),
  })
  .strict();

/**
 * Projects found or made by `ensureByNames`, by lower-cased name, with their tasks by
 * lower-cased name and the `billable` an entry placed there takes by default.
 */
export type ProjectsByName = Record<string, { id: string; billable: boolean; tasks: Record<string, { id: string; billable: boolean }> }>;

/** At most this many members per `ratesToday` question. */
export const MAX_MEMBERS_PER_CALL = 1000;

const inOrganization = z.object({ organizationId: idOf("organization") }).strict();

/**
 * A rate set directly on the organization (its default) or on a member: from the
 * beginning, replacing that target's history; `null` removes it (docs/api.md, "Money:
 * rates, amounts and budgets").
 */
const standingRate = z.discriminatedUnion("level", [
  z.object({ organizationId: idOf("organization"), level: z.literal("organization"), hourlyRate: hourlyRate.nullable() }).strict(),
  z
    .object({ organizationId: idOf("organization"), level: z.literal("member"), userId: idOf("user"), hourlyRate: hourlyRate.nullable() })
    .strict(),
]);

/** Rates in force today: the organization's default, and each member's asked about (`null`: none set at that level). */
export interface RatesToday {
  organization: number | null;
  members: Record<string, number | null>;
}

/** At most this many budget checks per `checkBudgets` call. */
export const MAX_BUDGET_CHECKS_PER_CALL = 1000;

/** Projects whose time changed without an event (imports), each with an instant of the period to look at. */
const budgetChecks = z
  .object({
    organizationId: idOf("organization"),
    checks: z.array(z.object({ projectId: idOf("project"), at: timestamp }).strict()).max(MAX_BUDGET_CHECKS_PER_CALL),
  })
  .strict();

/** What other services may ask the projects service. */
export const projectsClient = defineClient("projects", {
  lookupForEntry: internalAction(entryLookupParams).returning<ProjectForEntry>(),
  /** The names of projects and tasks of one organization, for reports. */
  namesOf: internalAction(namesQuery).returning<ProjectAndTaskNames>(),
  /**
   * For imports: the organization's projects and tasks by name (regardless of case),
   * archived ones included, made when missing if `create` is set. A project or task
   * neither found nor made is left out.
   */
  ensureByNames: internalAction(ensureQuery).returning<ProjectsByName>(),
  /**
   * For reports: every rate change of the organization, at every level, in the order they
   * were recorded, as `RateBook` (`shared/billing/rate-book.ts`) takes them.
   */
  rateChangesOf: internalAction(inOrganization).returning<RateChange[]>(),
  /** Sets the organization's default rate or a member's rate from the beginning (`PATCH /organization`, `PATCH /users/:id`). */
  setRate: internalAction(standingRate).returning<null>(),
  /**
   * For imports, which bring time without announcing it: checks these projects' budgets in
   * the periods of these instants, as an event would (docs/api.md#budgets). How many
   * thresholds were announced.
   */
  checkBudgets: internalAction(budgetChecks).returning<{ announced: number }>(),
  /** The organization's default rate and the rates of `userIds` at the member level, in force today (UTC). */
  ratesToday: internalAction(
    inOrganization.extend({ userIds: z.array(idOf("user")).max(MAX_MEMBERS_PER_CALL).default([]) }),
  ).returning<RatesToday>(),
});
