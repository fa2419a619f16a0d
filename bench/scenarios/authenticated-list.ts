import { storeListPhase } from "../authenticated-list/store-phase";
import { listDistributedTarget, listEmbeddedTarget } from "../authenticated-list/targets";
import { absoluteGoal, type GoalRow } from "../lib/goals";
import type { Measurement, PhaseResult } from "../lib/measure";
import type { ScenarioSet } from "../lib/scenario";
import { withCompared } from "./targets";

/** CPU per request of the target's app processes (NATS not included), in µs. */
function appCpuPerRequest(m: Measurement | undefined): number | undefined {
  if (!m || m.status !== "ok") return undefined;
  const figures = m.observed.filter((entry) => entry.label !== "nats-server").map((entry) => entry.cpuUsPerRequest);
  return figures.some((value) => value === undefined) ? undefined : figures.reduce<number>((sum, value) => sum + (value ?? 0), 0);
}

/** What a target spends per request beyond the store's own call: the HTTP path, authentication, rate limiting, the bus. */
function beyondStore(
  figure: string,
  measurements: ReadonlyMap<string, Measurement>,
  phases: ReadonlyMap<string, PhaseResult>,
  target: string,
  below: number,
): GoalRow {
  const goal = `< ${below} µs`;
  const store = phases.get("store-list");
  const measurement = measurements.get(target);
  if (!store || store.status !== "ok")
    return { figure, unit: "µs", goal, verdict: store?.status === "failed" ? "FAILED" : "SKIPPED", why: "store-list did not run" };
  if (!measurement || measurement.status !== "ok")
    return { figure, unit: "µs", goal, verdict: measurement?.status === "failed" ? "FAILED" : "SKIPPED", why: `${target} did not run` };
  const app = appCpuPerRequest(measurement);
  const storeCpu = store.report?.figures["store.cpuUsPerList"];
  if (app === undefined || storeCpu === undefined) return { figure, unit: "µs", goal, verdict: "FAILED", why: "no figure" };
  const value = app - storeCpu;
  return { figure, unit: "µs", goal, value, verdict: value < below ? "PASS" : "MISS" };
}

/**
 * A real route: the authenticated `GET /api/v1/time-entries`, one member's month, 50 a
 * page, through the embedded and the distributed app, with the store's own call measured
 * apart in the bench process so that what the HTTP path adds is visible.
 */
export const authenticatedList: ScenarioSet = {
  name: "authenticated-list",
  title: "Authenticated list",
  description:
    "GET /api/v1/time-entries (a member's month, 50 a page, access token, rate-limited) embedded and distributed, against the store's own call",
  request: { method: "GET", path: "/api/v1/time-entries" },
  // Each target brings its own requests (per member) and the answer read from the store.
  expect: { status: 200, contentType: "application/json; charset=utf-8", body: null },
  // Seeds its own small data set (seconds), but adds a minute to a run: named runs only.
  onlyWhenNamed: true,
  phases: [storeListPhase],
  targets: [...withCompared(listEmbeddedTarget), ...withCompared(listDistributedTarget)],
  goals(measurements, phases) {
    return [
      beyondStore("embedded: CPU per request beyond the store call", measurements, phases, "list-embedded", 120),
      absoluteGoal(
        "distributed: gateway CPU per request",
        measurements,
        "list-distributed",
        (m) => m.observed.find((entry) => entry.label === "gateway")?.cpuUsPerRequest,
        "µs",
        { below: 120 },
      ),
    ];
  },
};
