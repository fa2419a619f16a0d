import { phaseRatioGoal } from "../lib/goals";
import type { ScenarioSet } from "../lib/scenario";
import { embeddedSummaryPhase, serverSummaryPhase } from "../reports/summary-phases";
import { FULL_SIZE } from "../time-entries/dataset";
import { versionTarget } from "../time-entries/http-targets";
import { ENTRIES_OPTION } from "../time-entries/prepare";

/**
 * The summary report at scale: on the time-entries data set (MongoDB or FerretDB) against
 * the raw driver adding up the same numbers, and on the embedded store against a second.
 */
export const reports: ScenarioSet = {
  name: "reports",
  title: "Summary report at scale",
  description:
    "reports.summary by project and day over one organization's year: against the raw driver on MongoDB/FerretDB (--entries), and alone on the embedded store",
  request: { method: "GET", path: "/api/v1/version" },
  expect: { status: 200, contentType: "application/json; charset=utf-8", body: null },
  reference: "version",
  onlyWhenNamed: true,
  options: {
    [ENTRIES_OPTION]: { doc: "time entries in the data set (all organizations)", fallback: FULL_SIZE.entries, min: 1_000, max: 10_000_000 },
  },
  phases: [embeddedSummaryPhase, serverSummaryPhase],
  targets: [versionTarget],
  goals(_measurements, phases) {
    return [
      phaseRatioGoal(
        "summary: service / raw driver, median time",
        phases,
        "summary-server",
        { numerator: "summary.service.p50Ms", denominator: "summary.raw.p50Ms" },
        { atMost: 1.15 },
      ),
      phaseRatioGoal(
        "embedded summary of 200,000 entries / 1 s, elapsed",
        phases,
        "summary-embedded",
        { numerator: "summary.embedded.p50Ms", denominator: "summary.embedded.goalMs" },
        { atMost: 1 },
      ),
      // What the elapsed time is on a quiet machine: the same goal, without waiting for a core.
      phaseRatioGoal(
        "embedded summary of 200,000 entries / 1 s, CPU",
        phases,
        "summary-embedded",
        { numerator: "summary.embedded.cpuP50Ms", denominator: "summary.embedded.goalMs" },
        { atMost: 1 },
      ),
    ];
  },
};
