import { majorUnits } from "../../shared/billing/money";
import { isoSeconds } from "../../shared/time";
import type { Budget, BudgetUsed } from "./contract";

/*
 * The arithmetic of budgets (docs/api.md#budgets): which period an instant falls in, how
 * much of a budget is used, and which thresholds are reached, in integers so that 100 %
 * means exactly the budget's value.
 */

/** A budget's period: `total`, or one calendar month in UTC, with the bounds of its entries' `start_time`. */
export interface BudgetPeriod {
  /** `total`, or `YYYY-MM`. */
  key: string;
  /** First instant of the month, inclusive; absent for `total`. */
  from?: string;
  /** First instant of the next month, exclusive; absent for `total`. */
  to?: string;
}

/** The period of `budget` that the instant `at` (ISO 8601 UTC) falls in. */
export function budgetPeriod(budget: Budget, at: string): BudgetPeriod {
  if (budget.period === "total") return { key: "total" };
  const month = at.slice(0, 7);
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  // Date.UTC counts months from 0, so the month after `monthNumber` is `monthNumber` itself.
  return { key: month, from: `${month}-01T00:00:00Z`, to: isoSeconds(new Date(Date.UTC(year, monthNumber, 1))) };
}

/** Used against a budget, in hundredths of a percent, rounded down; exact in integers. */
function usedHundredthsOfPercent(budget: Budget, seconds: number, amountMinor: number, minorDigits: number): bigint {
  const valueHundredths = BigInt(Math.round(budget.value * 100));
  // used / value × 100 % × 100: the value in hundredths brings a further 100 to the top.
  const scale = 1_000_000n;
  if (budget.kind === "hours") return (BigInt(seconds) * scale) / (valueHundredths * 3600n);
  return (BigInt(amountMinor) * scale) / (valueHundredths * 10n ** BigInt(minorDigits));
}

export interface BudgetUse {
  used: BudgetUsed;
  /** Whether `percent` of the budget is used: exactly, not by the rounded `used.percent`. */
  reached(percent: number): boolean;
}

export function budgetUse(budget: Budget, seconds: number, amountMinor: number, minorDigits: number): BudgetUse {
  const hundredths = usedHundredthsOfPercent(budget, seconds, amountMinor, minorDigits);
  return {
    used: { seconds, amount: majorUnits(amountMinor, minorDigits), percent: Number(hundredths) / 100 },
    // ⌊x⌋ ≥ n ⟺ x ≥ n for a whole n: the rounded-down hundredths decide exactly.
    reached: (percent) => hundredths >= BigInt(percent) * 100n,
  };
}

/** The thresholds a budget announces, lowest first: its alert percent and 100, once each. */
export function thresholdsOf(budget: Budget): number[] {
  return [...new Set([budget.alert_percent, 100])].sort((a, b) => a - b);
}

/**
 * What makes an announcement once per period: the project, the budget as set (a changed
 * budget is a new one, which may announce again), the period and the threshold.
 */
export function alertKeyOf(projectId: string, budget: Budget, period: BudgetPeriod, percent: number): string {
  return [projectId, budget.kind, budget.value, budget.period, budget.alert_percent, period.key, percent].join(":");
}
