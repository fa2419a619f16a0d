import type { Announce } from "../../shared/announce";
import type { RateChange } from "../../shared/billing/rate-book";
import { eventIdFor } from "../../shared/creation";
import { isoSeconds, utcDay } from "../../shared/time";
import type { ProjectUsage } from "../time-entries/client";
import { alertKeyOf, budgetPeriod, budgetUse, thresholdsOf, type BudgetPeriod, type BudgetUse } from "./budget";
import type { BudgetAlert } from "./contract";
import { presentProject, type ProjectDocument } from "./project";
import { rateChangeOf, type RateDocument } from "./rate";
import type { ProjectStores } from "./task-use-cases";

/*
 * Budgets (docs/api.md#budgets): what a project's budget has used in its current period,
 * and the announcement of `project.budget_reached` once per threshold and period.
 */

/** What budgets ask of other services: the currency's digits (auth) and the sums of a project's time (time entries). */
export interface BudgetSources {
  minorDigits(organizationId: string): Promise<number>;
  usage(query: {
    organizationId: string;
    projectId: string;
    from?: string;
    to?: string;
    rates: RateChange[];
    minorDigits: number;
  }): Promise<ProjectUsage>;
}

/** A project's use of its budget in one period. */
export type PeriodUse = BudgetUse & { period: BudgetPeriod };

/** The changes a project's entries can take: the organization's, its members', and the project's own. */
function ratesOfProject(changes: readonly RateDocument[], projectId: string): RateChange[] {
  return changes.filter((change) => change.project_id === null || change.project_id === projectId).map(rateChangeOf);
}

/** Each budgeted project's use of its budget in the period `at` falls in; the rates and currency are read once for all. */
export async function budgetUses(
  stores: ProjectStores,
  sources: BudgetSources,
  organizationId: string,
  docs: readonly ProjectDocument[],
  at: string,
): Promise<Map<string, PeriodUse>> {
  const budgeted = docs.filter((doc) => doc.budget);
  if (budgeted.length === 0) return new Map();
  const [changes, minorDigits] = await Promise.all([stores.rates.all(organizationId), sources.minorDigits(organizationId)]);
  const uses = await Promise.all(
    budgeted.map(async (doc): Promise<[string, PeriodUse]> => {
      const budget = doc.budget as NonNullable<ProjectDocument["budget"]>;
      const period = budgetPeriod(budget, at);
      const usage = await sources.usage({
        organizationId,
        projectId: doc._id,
        from: period.from,
        to: period.to,
        rates: ratesOfProject(changes, doc._id),
        minorDigits,
      });
      return [doc._id, { period, ...budgetUse(budget, usage.seconds, usage.amount_minor, minorDigits) }];
    }),
  );
  return new Map(uses);
}

/** How a budget announcement is made: under an event id that its key alone decides. */
export type BudgetAnnouncer = (alertKey: string) => Announce<BudgetAlert>;

/**
 * Looks at the project's budget in the period `at` falls in, and announces
 * `project.budget_reached` for each threshold reached and not yet announced in that period.
 * Exactly once across processes: an announcement's key is inserted as a unique document
 * before it is published, and only the process whose insert succeeds publishes. The event is
 * prepared (written to the outbox) before that insert, under an id derived from the key, so a
 * process dying after the insert still has it published by the sweep; and should another
 * process also prepare it, its record carries the same id, which JetStream and the webhook
 * deliveries take once. Answers how many were announced.
 */
export async function checkBudget(
  stores: ProjectStores,
  sources: BudgetSources,
  announcerFor: BudgetAnnouncer,
  organizationId: string,
  projectId: string,
  at: string,
): Promise<number> {
  const doc = await stores.projects.find(organizationId, projectId);
  if (!doc?.budget) return 0;
  const budget = doc.budget;
  const use = (await budgetUses(stores, sources, organizationId, [doc], at)).get(doc._id);
  if (!use) return 0;
  const rate = (await stores.rates.inForce(organizationId, "project", [doc._id], utcDay())).get(doc._id) ?? null;
  const project = presentProject(doc, rate, use.used);
  let announced = 0;
  for (const percent of thresholdsOf(budget).filter((threshold) => use.reached(threshold))) {
    const key = alertKeyOf(doc._id, budget, use.period, percent);
    if (await stores.alerts.made(key)) continue;
    const data: BudgetAlert = { ...project, percent, period: use.period.key };
    const prepared = await announcerFor(key).prepare(data);
    const claimed = await stores.alerts.claim({
      _id: key,
      organization_id: organizationId,
      project_id: doc._id,
      period: use.period.key,
      percent,
      event_id: eventIdFor("project.budget_reached", { creationKey: key }),
      created_at: isoSeconds(),
    });
    // Another process announces it; this one's outbox record, if any, has the same event id.
    if (!claimed) continue;
    await prepared.publish(data);
    announced += 1;
  }
  return announced;
}
