import { phaseRatioGoal, ratioGoal } from "../lib/goals";
import type { Measurement } from "../lib/measure";
import type { ScenarioSet } from "../lib/scenario";
import { FULL_SIZE } from "../time-entries/dataset";
import { listTarget, versionTarget } from "../time-entries/http-targets";
import { ENTRIES_OPTION } from "../time-entries/prepare";
import { storeListPhase } from "../time-entries/store-list";
import { storeTimersPhase } from "../time-entries/store-timers";

const throughput = (m: Measurement) => m.load?.requestsPerSec;
/** The service may spend at most this much more time than the raw driver on the same work. */
const STORE_RATIO = { atMost: 1.2 };

/**
 * Time entries at scale: a million entries over 1,000 users and 200 projects. In the bench
 * process, the service's store calls for a list, a start and a stop are timed against the
 * raw MongoDB driver doing the same work on the same data; over HTTP, listing one user's
 * month is loaded against the trivial route of the same deployment.
 */
export const timeEntries: ScenarioSet = {
  name: "time-entries",
  title: "Time entries at scale",
  description: `${FULL_SIZE.entries.toLocaleString("en-US")} entries (--entries), ${FULL_SIZE.users} users, ${FULL_SIZE.projects} projects: list, start and stop against the raw driver; list through the gateway against GET /api/v1/version`,
  request: { method: "GET", path: "/api/v1/time-entries" },
  // Each target brings its own request and answer; the list's answer is read from the store.
  expect: { status: 200, contentType: "application/json; charset=utf-8", body: null },
  reference: "version",
  // Seeding a million entries takes minutes and needs a MongoDB-compatible server.
  onlyWhenNamed: true,
  options: {
    [ENTRIES_OPTION]: { doc: "time entries in the data set", fallback: FULL_SIZE.entries, min: 1_000, max: 10_000_000 },
  },
  phases: [storeListPhase, storeTimersPhase],
  targets: [versionTarget, listTarget],
  goals(measurements, phases) {
    const store = (figure: string, phase: string, key: string) =>
      phaseRatioGoal(figure, phases, phase, { numerator: `${key}.service.p50Ms`, denominator: `${key}.raw.p50Ms` }, STORE_RATIO);
    return [
      store("list: service / raw driver, median time", "store-list", "list"),
      store("start: service / raw driver, median time", "store-timers", "start"),
      store("start stopping another: service / raw, median", "store-timers", "switch"),
      store("stop: service / raw driver, median time", "store-timers", "stop"),
      ratioGoal("list / version throughput", measurements, { numerator: "list", denominator: "version" }, throughput, { atLeast: 0.5 }),
    ];
  },
};
