import type { Budget } from "./contract";
import { alertKeyOf, budgetPeriod, budgetUse, thresholdsOf } from "./budget";

const HOURS: Budget = { kind: "hours", value: 10, period: "monthly", alert_percent: 80 };
const AMOUNT: Budget = { kind: "amount", value: 1000.5, period: "total", alert_percent: 80 };

describe("budget arithmetic", () => {
  it("when a monthly budget is asked about an instant, then its period is that UTC calendar month", () => {
    expect(budgetPeriod(HOURS, "2026-12-31T23:59:59Z")).toEqual({
      key: "2026-12",
      from: "2026-12-01T00:00:00Z",
      to: "2027-01-01T00:00:00Z",
    });
    expect(budgetPeriod(HOURS, "2026-02-01T00:00:00Z")).toEqual({
      key: "2026-02",
      from: "2026-02-01T00:00:00Z",
      to: "2026-03-01T00:00:00Z",
    });
    expect(budgetPeriod(AMOUNT, "2026-02-01T00:00:00Z")).toEqual({ key: "total" });
  });

  it("when hours are used, then 80 % is reached at exactly 8 hours and not a second before", () => {
    expect(budgetUse(HOURS, 8 * 3600 - 1, 0, 2).reached(80)).toBe(false);
    expect(budgetUse(HOURS, 8 * 3600 - 1, 0, 2).used.percent).toBe(79.99);
    const at = budgetUse(HOURS, 8 * 3600, 0, 2);
    expect(at.reached(80)).toBe(true);
    expect(at.reached(100)).toBe(false);
    expect(at.used).toEqual({ seconds: 28_800, amount: 0, percent: 80 });
  });

  it("when an amount is used, then the percent compares minor units with the value exactly, whatever the currency's digits", () => {
    // 1000.50 in cents: 100,050; 80 % is 80,040 cents.
    expect(budgetUse(AMOUNT, 0, 80_039, 2).reached(80)).toBe(false);
    expect(budgetUse(AMOUNT, 0, 80_040, 2).reached(80)).toBe(true);
    expect(budgetUse(AMOUNT, 0, 100_050, 2).used).toEqual({ seconds: 0, amount: 1000.5, percent: 100 });
    // Yen have no minor unit: 1,000.5 yen is reached at 1,001.
    expect(budgetUse(AMOUNT, 0, 1000, 0).reached(100)).toBe(false);
    expect(budgetUse(AMOUNT, 0, 1001, 0).reached(100)).toBe(true);
    // Dinars have three: 1,000.5 KWD is 1,000,500 fils.
    expect(budgetUse(AMOUNT, 0, 1_000_500, 3).used.amount).toBe(1000.5);
    expect(budgetUse(AMOUNT, 0, 1_000_499, 3).reached(100)).toBe(false);
  });

  it("when the alert percent is 100, then the budget announces once", () => {
    expect(thresholdsOf({ ...HOURS, alert_percent: 100 })).toEqual([100]);
    expect(thresholdsOf({ ...HOURS, alert_percent: 50 })).toEqual([50, 100]);
  });

  it("when the budget or the period changes, then the alert key changes", () => {
    const period = budgetPeriod(HOURS, "2026-03-04T00:00:00Z");
    const key = alertKeyOf("prj_1", HOURS, period, 80);
    expect(alertKeyOf("prj_1", HOURS, period, 100)).not.toBe(key);
    expect(alertKeyOf("prj_1", { ...HOURS, value: 12 }, period, 80)).not.toBe(key);
    expect(alertKeyOf("prj_1", HOURS, budgetPeriod(HOURS, "2026-04-01T00:00:00Z"), 80)).not.toBe(key);
    expect(alertKeyOf("prj_1", HOURS, budgetPeriod(HOURS, "2026-03-31T23:00:00Z"), 80)).toBe(key);
  });
});
