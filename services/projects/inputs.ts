import { z } from "zod";
import { RATE_LEVELS, type RateLevel } from "../../shared/billing/rate-book";
import { calendarDate, hourlyRate as rate, nothing, someChanges, trimmedText } from "../../shared/inputs";
import { pagingQuery } from "../../shared/paging";
import { idOf, noBody, queryBoolean } from "../../shared/validation";
import { hasAtMostTwoDecimals } from "../../shared/billing/money";
import { BUDGET_KINDS, BUDGET_PERIODS, DEFAULT_ALERT_PERCENT, MAX_BUDGET_VALUE, MAX_ESTIMATE_SECONDS, TASK_STATUSES } from "./contract";

const name = trimmedText(200);
const description = z.string().max(5000, "must be at most 5000 characters").nullable();
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c")
  .transform((value) => value.toLowerCase())
  .nullable();
const clientName = z.string().trim().max(200, "must be at most 200 characters").nullable();
/** Set from the beginning: it replaces the project's rate history (docs/api.md, "Money: rates, amounts and budgets"). */
const hourlyRate = rate.nullable();

/** Hours or major units, above 0, with at most two decimals like every amount (docs/api.md#budgets). */
const budgetValue = z
  .number()
  .gt(0, "must be above 0")
  .max(MAX_BUDGET_VALUE, `must be at most ${MAX_BUDGET_VALUE}`)
  .refine(hasAtMostTwoDecimals, { message: "must have at most two decimals", params: { reason: "invalid" } })
  .meta({ multipleOf: 0.01 });

const budget = z
  .object({
    kind: z.enum(BUDGET_KINDS, "must be hours or amount"),
    value: budgetValue,
    period: z.enum(BUDGET_PERIODS, "must be total or monthly"),
    alert_percent: z.int("must be a whole number").min(1).max(100).default(DEFAULT_ALERT_PERCENT),
  })
  .strict()
  .nullable();

const projectPath = z.object({ id: idOf("project") }).strict();

export const createProjectInput = z.object({
  params: nothing,
  query: nothing,
  body: z
    .object({
      name,
      description: description.default(null),
      color: color.default(null),
      client_name: clientName.default(null),
      billable: z.boolean().default(true),
      hourly_rate: hourlyRate.default(null),
      budget: budget.default(null),
    })
    .strict(),
});

export const listProjectsInput = z.object({
  params: nothing,
  query: z.object({ ...pagingQuery, archived: queryBoolean.optional(), billable: queryBoolean.optional() }).strict(),
  body: noBody,
});

export const projectByIdInput = z.object({
  params: projectPath,
  query: nothing,
  body: noBody,
});

export const updateProjectInput = z.object({
  params: projectPath,
  query: nothing,
  body: someChanges(
    z
      .object({
        name: name.optional(),
        description: description.optional(),
        color: color.optional(),
        client_name: clientName.optional(),
        billable: z.boolean().optional(),
        hourly_rate: hourlyRate.optional(),
        budget: budget.optional(),
        archived: z.boolean().optional(),
      })
      .strict(),
  ),
});

export type CreateProjectInput = z.output<typeof createProjectInput>;
export type ListProjectsInput = z.output<typeof listProjectsInput>;
export type UpdateProjectInput = z.output<typeof updateProjectInput>;

// Tasks, under their project's path.

const taskStatus = z.enum(TASK_STATUSES, "must be active or done");
const taskBillable = z.boolean().nullable();
const estimateSeconds = z
  .number()
  .int("must be a whole number of seconds")
  .min(0, "must not be negative")
  .max(MAX_ESTIMATE_SECONDS, `must be at most ${MAX_ESTIMATE_SECONDS}`)
  .nullable();

const taskPath = z.object({ id: idOf("project"), task_id: idOf("task") }).strict();

export const createTaskInput = z.object({
  params: projectPath,
  query: nothing,
  body: z
    .object({
      name,
      status: taskStatus.default("active"),
      billable: taskBillable.default(null),
      estimate_seconds: estimateSeconds.default(null),
    })
    .strict(),
});

export const listTasksInput = z.object({
  params: projectPath,
  query: z.object({ ...pagingQuery, status: taskStatus.optional() }).strict(),
  body: noBody,
});

export const taskByIdInput = z.object({
  params: taskPath,
  query: nothing,
  body: noBody,
});

export const updateTaskInput = z.object({
  params: taskPath,
  query: nothing,
  body: someChanges(
    z
      .object({
        name: name.optional(),
        status: taskStatus.optional(),
        billable: taskBillable.optional(),
        estimate_seconds: estimateSeconds.optional(),
      })
      .strict(),
  ),
});

export type CreateTaskInput = z.output<typeof createTaskInput>;
export type ListTasksInput = z.output<typeof listTasksInput>;
export type UpdateTaskInput = z.output<typeof updateTaskInput>;

// Rate changes (docs/api.md, "Money: rates, amounts and budgets").

const rateLevel = z.enum(RATE_LEVELS, "must be organization, member, project or project_member");

/** The ids each level names: `member` a member, `project` a project, `project_member` both, `organization` neither. */
export const LEVEL_TARGETS: Readonly<Record<RateLevel, { user: boolean; project: boolean }>> = {
  organization: { user: false, project: false },
  member: { user: true, project: false },
  project: { user: false, project: true },
  project_member: { user: true, project: true },
};

/** One level's shape in JSON Schema: the ids it takes are strings and required, the others absent or null. */
function targetsOf(level: RateLevel) {
  const wanted = LEVEL_TARGETS[level];
  const id = (needed: boolean) => (needed ? { type: "string" } : { type: "null" });
  const required = [...(wanted.user ? ["user_id"] : []), ...(wanted.project ? ["project_id"] : [])];
  return { properties: { level: { const: level }, user_id: id(wanted.user), project_id: id(wanted.project) }, required };
}

/** A change names exactly the ids its level takes; `null` counts as not naming one. */
function checkTarget(body: { level: RateLevel; user_id?: string | null; project_id?: string | null }, ctx: z.RefinementCtx): void {
  const wanted = LEVEL_TARGETS[body.level];
  for (const [field, needed] of [
    ["user_id", wanted.user],
    ["project_id", wanted.project],
  ] as const) {
    const given = body[field] !== undefined && body[field] !== null;
    if (needed && !given) {
      ctx.addIssue({ code: "custom", path: [field], message: `is required for a ${body.level} rate`, params: { reason: "required" } });
    } else if (!needed && given) {
      ctx.addIssue({ code: "custom", path: [field], message: `is not taken by a ${body.level} rate`, params: { reason: "invalid" } });
    }
  }
}

export const createRateInput = z.object({
  params: nothing,
  query: nothing,
  body: z
    .object({
      level: rateLevel,
      user_id: idOf("user").nullable().optional(),
      project_id: idOf("project").nullable().optional(),
      hourly_rate: rate.nullable(),
      effective_from: calendarDate,
    })
    .strict()
    .superRefine(checkTarget)
    // What checkTarget holds, said to the OpenAPI documents: the ids each level takes.
    .meta({ oneOf: RATE_LEVELS.map(targetsOf) }),
});

export const listRatesInput = z.object({
  params: nothing,
  query: z
    .object({
      ...pagingQuery,
      level: rateLevel.optional(),
      user_id: idOf("user").optional(),
      project_id: idOf("project").optional(),
    })
    .strict(),
  body: noBody,
});

export const rateByIdInput = z.object({ params: z.object({ id: idOf("rate") }).strict(), query: nothing, body: noBody });

export type CreateRateInput = z.output<typeof createRateInput>["body"];
export type ListRatesInput = z.output<typeof listRatesInput>["query"];
