import { phaseRatioGoal } from "../lib/goals";
import type { ScenarioSet } from "../lib/scenario";
import {
  EMBEDDED_ENTRIES,
  EMBEDDED_ENTRIES_OPTION,
  embeddedSummaryPhase,
  LARGE_ENTRIES,
  LARGE_ENTRIES_OPTION,
  largeEmbeddedPhase,
} from "../reports/embedded-phases";
import { amountsEmbeddedPhase, amountsServerPhase } from "../reports/amounts-phases";
import { serverSummaryPhase } from "../reports/summary-phases";
import { FULL_SIZE } from "../time-entries/dataset";
import { versionTarget } from "../time-entries/http-targets";
import { ENTRIES_OPTION } from "../time-entries/prepare";

/**
 * The reports at scale: on the time-entries data set (MongoDB or FerretDB) against the raw
 * driver adding up the same numbers, and through the app on the embedded store, a year's
 * summary and its CSV export against their time and memory goals (docs in bench/README.md).
 */
export const reports: ScenarioSet = {
  name: "reports",
  title: "Reports at scale",
  description:
    "reports.summary by project and day over one organization's year against the raw driver on MongoDB/FerretDB (--entries); a year's summary and CSV export through the app on the embedded store (--embedded-entries, --large-entries); what amounts cost the sums, on both",
  request: { method: "GET", path: "/api/v1/version" },
  expect: { status: 200, contentType: "application/json; charset=utf-8", body: null },
  reference: "version",
  onlyWhenNamed: true,
  options: {
    [ENTRIES_OPTION]: {
      doc: "time entries in the server data set (all organizations)",
      fallback: FULL_SIZE.entries,
      min: 1_000,
      max: 10_000_000,
    },
    [EMBEDDED_ENTRIES_OPTION]: { doc: "entries of the embedded summary phase", fallback: EMBEDDED_ENTRIES, min: 1_000, max: 10_000_000 },
    [LARGE_ENTRIES_OPTION]: {
      doc: "entries of the large embedded phase (summary and CSV export)",
      fallback: LARGE_ENTRIES,
      min: 1_000,
      max: 10_000_000,
    },
  },
  phases: [embeddedSummaryPhase, largeEmbeddedPhase, serverSummaryPhase, amountsEmbeddedPhase, amountsServerPhase],
  targets: [versionTarget],
  goals(_measurements, phases) {
    const against = (
      figure: string,
      phase: string,
      numerator: string,
      denominator: string,
      bound: { atMost: number } | { atLeast: number },
    ) => phaseRatioGoal(figure, phases, phase, { numerator, denominator }, bound);
    return [
      against("embedded summary, 200,000 entries: p50 / 0.5 s", "summary-embedded", "after.summaryP50Ms", "goal.summaryMs", { atMost: 1 }),
      against("embedded summary, 200,000 entries: peak RSS / 250 MiB", "summary-embedded", "after.summaryPeakMiB", "goal.summaryMiB", {
        atMost: 1,
      }),
      // What the elapsed time would be on a quiet machine: the app's own CPU time for the summary.
      against("embedded summary, 200,000 entries: app CPU p50 / 0.5 s", "summary-embedded", "after.summaryCpuP50Ms", "goal.summaryMs", {
        atMost: 1,
      }),
      against("embedded summary, 1,000,000 entries: p50 / 2 s", "large-embedded", "after.summaryP50Ms", "goal.summaryMs", { atMost: 1 }),
      against("embedded summary, 1,000,000 entries: app CPU p50 / 2 s", "large-embedded", "after.summaryCpuP50Ms", "goal.summaryMs", {
        atMost: 1,
      }),
      against("embedded summary, 1,000,000 entries: peak RSS / 300 MiB", "large-embedded", "after.summaryPeakMiB", "goal.summaryMiB", {
        atMost: 1,
      }),
      against("CSV export, 1,000,000 rows: rows/s / 100,000", "large-embedded", "after.exportRowsPerSecond", "goal.exportRowsPerSecond", {
        atLeast: 1,
      }),
      against("CSV export, 1,000,000 rows: peak RSS / 300 MiB", "large-embedded", "after.exportPeakMiB", "goal.exportMiB", { atMost: 1 }),
      against("summary on MongoDB/FerretDB: service / raw driver, p50", "summary-server", "summary.service.p50Ms", "summary.raw.p50Ms", {
        atMost: 1.15,
      }),
      against("sums with / without amounts, embedded, p50", "amounts-embedded", "amounts.withP50Ms", "amounts.withoutP50Ms", {
        atMost: 1.1,
      }),
      against("sums with / without amounts, MongoDB/FerretDB, p50", "amounts-server", "amounts.withP50Ms", "amounts.withoutP50Ms", {
        atMost: 1.1,
      }),
    ];
  },
};
