/**
 * What the projects service shows the world: projects and tasks as its answers show them,
 * and the constants their rules are stated in. Imports only `shared/` and packages.
 */
import { z } from "zod";
import { RATE_LEVELS, type RateLevel } from "../../shared/billing/rate-book";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";

export const TASK_STATUSES = ["active", "done"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Ten years of work: an estimate beyond it is a typing mistake, not a plan. */
export const MAX_ESTIMATE_SECONDS = 315_360_000;

export const BUDGET_KINDS = ["hours", "amount"] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];
export const BUDGET_PERIODS = ["total", "monthly"] as const;
export type BudgetPeriodKind = (typeof BUDGET_PERIODS)[number];
export const DEFAULT_ALERT_PERCENT = 80;
/** The largest budget: a billion hours or currency units is a typing mistake, not a plan. */
export const MAX_BUDGET_VALUE = 1_000_000_000;

/** How much a project may use, and when to warn (docs/api.md#budgets). */
export interface Budget {
  /** Hours of time recorded, or an amount of the organization's currency billed. */
  kind: BudgetKind;
  /** Hours or major units, above 0, at most two decimals. */
  value: number;
  /** All time, or each calendar month (UTC) afresh. */
  period: BudgetPeriodKind;
  /** `project.budget_reached` is announced at this percent of `value`, and at 100. */
  alert_percent: number;
}

/** What the current period has used of a budget. */
export interface BudgetUsed {
  /** Every entry's seconds, billable or not; a running entry up to now. */
  seconds: number;
  /** The billable amount, in major units of the organization's currency. */
  amount: number;
  /** Of the budget's value, rounded down to hundredths: it shows 100 only once 100 % is reached. */
  percent: number;
}

export const budgetSchema = z
  .object({
    kind: z.enum(BUDGET_KINDS).describe("`hours` of time recorded, or `amount` billed in the organization's currency"),
    value: z.number().gt(0).max(MAX_BUDGET_VALUE).describe("Hours or major units of the currency"),
    period: z.enum(BUDGET_PERIODS).describe("`total`: all time; `monthly`: each calendar month (UTC) afresh"),
    alert_percent: z.int().min(1).max(100).describe("`project.budget_reached` is announced at this percent and at 100"),
  })
  .meta({ id: "Budget" });
assertSameShape<SameShape<z.output<typeof budgetSchema>, Budget>>();

export const budgetUsedSchema = z
  .object({
    seconds: z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe("Every entry of the period, billable or not; a running one up to now"),
    amount: z.number().min(0).describe("The period's billable amount, in major units of the organization's currency"),
    percent: z.number().min(0).describe("Of the budget's value, rounded down to hundredths"),
  })
  .meta({ id: "BudgetUsed" });
assertSameShape<SameShape<z.output<typeof budgetUsedSchema>, BudgetUsed>>();

/** A project as Style A shows it (Style B differs only in the id prefix): the stored fields, minus the internal ones. */
export interface Project {
  id: string;
  name: string;
  description: string | null;
  color: string | null;
  client_name: string | null;
  billable: boolean;
  /** The project's rate in force today; shown to owners and admins only. */
  hourly_rate?: number | null;
  /** Shown to owners and admins only. */
  budget?: Budget | null;
  /** The current period's use of the budget (`null` without one): on owners' and admins' reads, not in events but `project.budget_reached`. */
  budget_used?: BudgetUsed | null;
  archived: boolean;
  created_at: string;
  updated_at: string;
}

/** The response schema of a project: what the documents show and the handlers return. */
export const projectSchema = z
  .object({
    id: idSchema("project").describe("`prj_...` in Style A, `proj_...` in Style B: the same project"),
    name: z.string().describe("Unique in the organization, whatever the case"),
    description: z.string().nullable(),
    color: z
      .string()
      .regex(/^#[0-9a-f]{6}$/)
      .nullable()
      .meta({ examples: ["#1a2b3c"] }),
    client_name: z.string().nullable(),
    billable: z.boolean().describe("The default for the project's time entries"),
    hourly_rate: z
      .number()
      .min(0)
      .nullable()
      .optional()
      .describe("The project's rate in force today (UTC), in the organization's currency; shown to owners and admins only"),
    budget: budgetSchema.nullable().optional().describe("Shown to owners and admins only; `null`: no budget"),
    budget_used: budgetUsedSchema
      .nullable()
      .optional()
      .describe("The current period's use of the budget (`null` without one); on owners' and admins' answers"),
    archived: z.boolean().describe("An archived project takes no new time entries or timers"),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Project" });
assertSameShape<SameShape<z.output<typeof projectSchema>, Project>>();

/** A task as Style A shows it (Style B differs only in the prefix of `project_id`). */
export interface Task {
  id: string;
  project_id: string;
  name: string;
  status: TaskStatus;
  /** `null` means the task follows its project's `billable`. */
  billable: boolean | null;
  estimate_seconds: number | null;
  created_at: string;
  updated_at: string;
}

/** The response schema of a task: what the documents show and the handlers return. */
export const taskSchema = z
  .object({
    id: idSchema("task"),
    project_id: idSchema("project").describe("The task's project: `prj_...` in Style A, `proj_...` in Style B"),
    name: z.string().describe("Unique in its project, whatever the case"),
    status: z.enum(TASK_STATUSES),
    billable: z.boolean().nullable().describe("`null`: the task's time entries follow the project's `billable`"),
    estimate_seconds: z.int().min(0).max(MAX_ESTIMATE_SECONDS).nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Task" });
assertSameShape<SameShape<z.output<typeof taskSchema>, Task>>();

/**
 * A recorded change of an hourly rate as both styles show it: from `effective_from` on,
 * entries of its level and target are billed at `hourly_rate` unless a more specific
 * level sets one (docs/api.md, "Money: rates, amounts and budgets").
 */
export interface Rate {
  id: string;
  level: RateLevel;
  /** The member of a `member` or `project_member` change; `null` otherwise. */
  user_id: string | null;
  /** The project of a `project` or `project_member` change; `null` otherwise. */
  project_id: string | null;
  /** `null`: no rate at this level from that day on (a less specific level applies). */
  hourly_rate: number | null;
  /** The first UTC day the change applies to; `null`: from the beginning (set directly on the project, member or organization). */
  effective_from: string | null;
  created_at: string;
}

export const rateSchema = z
  .object({
    id: idSchema("rate"),
    level: z.enum(RATE_LEVELS).describe("Most specific first: `project_member` > `project` > `member` > `organization`"),
    user_id: idSchema("user").nullable().describe("The member of a `member` or `project_member` change"),
    project_id: idSchema("project").nullable().describe("The project of a `project` or `project_member` change"),
    hourly_rate: z.number().min(0).nullable().describe("Major units an hour; `null`: not set at this level from that day on"),
    effective_from: z
      .string()
      .regex(/^\d{4}-\d\d-\d\d$/)
      .meta({ format: "date" })
      .nullable()
      .describe("First UTC day of `start_time` it applies to; `null`: from the beginning"),
    created_at: timestamp,
  })
  .meta({ id: "Rate" });
assertSameShape<SameShape<z.output<typeof rateSchema>, Rate>>();

/** The data of `project.budget_reached`: the project as Style A shows it to admins, the threshold crossed and the period. */
export type BudgetAlert = Project & {
  /** The threshold crossed: the budget's `alert_percent`, or 100. */
  percent: number;
  /** `total`, or the month (`YYYY-MM`, UTC) of a monthly budget. */
  period: string;
};
