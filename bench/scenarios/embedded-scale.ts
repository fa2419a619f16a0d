import { phaseFigureGoal } from "../lib/goals";
import type { ScenarioSet } from "../lib/scenario";
import { DEFAULT_ENTRIES, ENTRIES_OPTION, embeddedScalePhase } from "../embedded-scale/phase";

const PHASE = embeddedScalePhase.name;

/**
 * The embedded store at scale: a year of a 70-person team's entries (200,000 by default,
 * `--entries`) seeded through the store; then start-up, memory, the three list shapes and
 * a year's summary, each against its goal.
 */
export const embeddedScale: ScenarioSet = {
  name: "embedded-scale",
  title: "Embedded store at scale",
  description: `${DEFAULT_ENTRIES.toLocaleString("en-US")} entries (--entries) in the embedded store: start-up, memory, lists and a year's summary`,
  request: { method: "GET", path: "/api/v1/time-entries" },
  expect: { status: 200, contentType: "application/json; charset=utf-8", body: null },
  // Seeding takes minutes at a million entries.
  onlyWhenNamed: true,
  options: {
    [ENTRIES_OPTION]: { doc: "time entries in the data set", fallback: DEFAULT_ENTRIES, min: 1_000, max: 5_000_000 },
  },
  phases: [embeddedScalePhase],
  targets: [],
  goals(_measurements, phases) {
    const figure = (label: string, name: string, unit: "ms" | "s" | "MiB", below: number) =>
      phaseFigureGoal(label, phases, PHASE, name, unit, { below });
    return [
      figure("start to first answered time-entry request", "firstAnswerS", "s", 5),
      figure("resident memory, peak", "peakMiB", "MiB", 250),
      figure("one user's month, p50", "user-month.p50Ms", "ms", 25),
      figure("organization's month, page 1, p50", "org-month.p50Ms", "ms", 50),
      figure("one project's entries, page 1, p50", "project-page.p50Ms", "ms", 50),
      figure("year's summary, seconds by project, p50", "summaryP50Ms", "ms", 1000),
    ];
  },
};
