import type { Project } from "@stint/sdk";
import { hoursMinutes } from "../lib/format";
import { showMoney } from "../lib/money";
import "./budget-progress.css";

type Budget = NonNullable<Project["budget"]>;

/** "40 hours a month", "€5,000.00 in all". */
export function describeBudget(budget: Budget, currency: string): string {
  const value = budget.kind === "hours" ? `${budget.value} ${budget.value === 1 ? "hour" : "hours"}` : showMoney(budget.value, currency);
  return `${value} ${budget.period === "monthly" ? "a month" : "in all"}, alert at ${budget.alert_percent} %`;
}

/**
 * How much of a project's budget its current period used, as a bar and in words. Only owners
 * and admins are sent `budget` and `budget_used`; for anyone else, and for a project without
 * a budget, it shows a dash.
 */
export function BudgetProgress({ project, currency }: { project: Project; currency: string }) {
  const { budget, budget_used: used } = project;
  if (!budget || !used) return <>—</>;
  const spent = budget.kind === "hours" ? hoursMinutes(used.seconds) : showMoney(used.amount, currency);
  const of = budget.kind === "hours" ? `${budget.value} h` : showMoney(budget.value, currency);
  const state = used.percent >= 100 ? "budget-over" : used.percent >= budget.alert_percent ? "budget-alert" : "budget-fine";
  return (
    <span className={`budget-progress ${state}`}>
      <progress max={100} value={Math.min(used.percent, 100)} aria-label={`Budget used of ${project.name}`} />
      <span>
        {spent} of {of} ({used.percent} %){budget.period === "monthly" ? " this month" : ""}
      </span>
    </span>
  );
}
