import { isManager } from "../../shared/access";
import type { Identity } from "../../shared/identity";
import { isoSeconds, utcDay } from "../../shared/time";
import { budgetUses, type BudgetSources } from "./budgets";
import type { Project } from "./contract";
import { presentProject, type ProjectDocument } from "./project";
import type { ProjectStores } from "./task-use-cases";

/**
 * Projects as owners and admins see them and as events carry them: each with its rate in
 * force today and what its budget's current period used, the rates and the currency read
 * once for all of them.
 */
export async function presentAll(
  stores: ProjectStores,
  sources: BudgetSources,
  organizationId: string,
  docs: readonly ProjectDocument[],
): Promise<Project[]> {
  const [rates, uses] = await Promise.all([
    stores.rates.inForce(
      organizationId,
      "project",
      docs.map((doc) => doc._id),
      utcDay(),
    ),
    budgetUses(stores, sources, organizationId, docs, isoSeconds()),
  ]);
  return docs.map((doc) => presentProject(doc, rates.get(doc._id) ?? null, uses.get(doc._id)?.used ?? null));
}

export async function presentOne(
  stores: ProjectStores,
  sources: BudgetSources,
  organizationId: string,
  doc: ProjectDocument,
): Promise<Project> {
  return (await presentAll(stores, sources, organizationId, [doc]))[0] as Project;
}

/**
 * A project as the caller may see it: members see no money, neither the rate nor the budget
 * and its use (docs/api.md, "Money: rates, amounts and budgets").
 */
export function forViewer(project: Project, who: Identity): Project {
  if (isManager(who)) return project;
  const { hourly_rate: _rate, budget: _budget, budget_used: _used, ...shown } = project;
  return shown;
}
