import type { Measurement, PhaseResult } from "./measure";

/**
 * PASS and MISS compare a measured figure with its goal. FAILED means a figure it needs
 * could not be measured validly (a process did not start, the load saw errors); SKIPPED
 * means a target could not run on this machine (for example no NATS server).
 */
export type Verdict = "PASS" | "MISS" | "FAILED" | "SKIPPED";

export interface GoalRow {
  figure: string;
  value?: number;
  unit: "x" | "MiB" | "KiB" | "ms" | "s" | "µs";
  /** The goal as printed, e.g. `>= 0.30`. */
  goal: string;
  verdict: Verdict;
  /** Why there is no value, for FAILED and SKIPPED. */
  why?: string;
}

export type Bound = { atLeast: number } | { atMost: number } | { below: number };

function describe(bound: Bound, unit: GoalRow["unit"]): string {
  if ("atLeast" in bound) return `>= ${bound.atLeast.toFixed(2)}`;
  if ("atMost" in bound) return `<= ${bound.atMost}${unit === "x" ? "x" : ` ${unit}`}`;
  return `< ${bound.below} ${unit}`;
}

function meets(value: number, bound: Bound): boolean {
  if ("atLeast" in bound) return value >= bound.atLeast;
  if ("atMost" in bound) return value <= bound.atMost;
  return value < bound.below;
}

/** FAILED or SKIPPED when one of `needed` has no valid figures; undefined when all are usable. */
function unusable(needed: ReadonlyArray<[string, Measurement | undefined]>): Pick<GoalRow, "verdict" | "why"> | undefined {
  for (const [name, measurement] of needed) {
    if (!measurement) return { verdict: "SKIPPED", why: `${name} did not run` };
    if (measurement.status === "skipped") return { verdict: "SKIPPED", why: `${name} skipped` };
    if (measurement.status === "failed") return { verdict: "FAILED", why: `${name} failed` };
  }
  return undefined;
}

function row(figure: string, unit: GoalRow["unit"], bound: Bound, value: number | undefined): GoalRow {
  const goal = describe(bound, unit);
  if (value === undefined || !Number.isFinite(value)) return { figure, unit, goal, verdict: "FAILED", why: "no figure" };
  return { figure, unit, goal, value, verdict: meets(value, bound) ? "PASS" : "MISS" };
}

/** `pick(numerator) / pick(denominator)` against a bound, e.g. throughput relative to the baseline. */
export function ratioGoal(
  figure: string,
  measurements: ReadonlyMap<string, Measurement>,
  names: { numerator: string; denominator: string },
  pick: (measurement: Measurement) => number | undefined,
  bound: Bound,
): GoalRow {
  const numerator = measurements.get(names.numerator);
  const denominator = measurements.get(names.denominator);
  const blocked = unusable([
    [names.numerator, numerator],
    [names.denominator, denominator],
  ]);
  if (blocked) return { figure, unit: "x", goal: describe(bound, "x"), ...blocked };
  const top = numerator ? pick(numerator) : undefined;
  const bottom = denominator ? pick(denominator) : undefined;
  return row(figure, "x", bound, top === undefined || bottom === undefined || bottom === 0 ? undefined : top / bottom);
}

/** A figure of one target against an absolute bound, e.g. its peak memory. */
export function absoluteGoal(
  figure: string,
  measurements: ReadonlyMap<string, Measurement>,
  name: string,
  pick: (measurement: Measurement) => number | undefined,
  unit: GoalRow["unit"],
  bound: Bound,
): GoalRow {
  const measurement = measurements.get(name);
  const blocked = unusable([[name, measurement]]);
  if (blocked) return { figure, unit, goal: describe(bound, unit), ...blocked };
  return row(figure, unit, bound, measurement ? pick(measurement) : undefined);
}

/** One named figure of an in-process phase against an absolute bound, e.g. a time in ms. */
export function phaseFigureGoal(
  figure: string,
  phases: ReadonlyMap<string, PhaseResult>,
  phase: string,
  name: string,
  unit: GoalRow["unit"],
  bound: Bound,
): GoalRow {
  const result = phases.get(phase);
  const goal = describe(bound, unit);
  if (!result) return { figure, unit, goal, verdict: "SKIPPED", why: `${phase} did not run` };
  if (result.status === "skipped") return { figure, unit, goal, verdict: "SKIPPED", why: `${phase} skipped` };
  if (result.status === "failed") return { figure, unit, goal, verdict: "FAILED", why: `${phase} failed` };
  return row(figure, unit, bound, result.report?.figures[name]);
}

/** `numerator / denominator`, two named figures of one in-process phase, against a bound. */
export function phaseRatioGoal(
  figure: string,
  phases: ReadonlyMap<string, PhaseResult>,
  phase: string,
  names: { numerator: string; denominator: string },
  bound: Bound,
): GoalRow {
  const result = phases.get(phase);
  const goal = describe(bound, "x");
  if (!result) return { figure, unit: "x", goal, verdict: "SKIPPED", why: `${phase} did not run` };
  if (result.status === "skipped") return { figure, unit: "x", goal, verdict: "SKIPPED", why: `${phase} skipped` };
  if (result.status === "failed") return { figure, unit: "x", goal, verdict: "FAILED", why: `${phase} failed` };
  const top = result.report?.figures[names.numerator];
  const bottom = result.report?.figures[names.denominator];
  return row(figure, "x", bound, top === undefined || bottom === undefined || bottom === 0 ? undefined : top / bottom);
}
