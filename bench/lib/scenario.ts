import type { BenchContext } from "./context";
import type { GoalRow } from "./goals";
import type { LoadRequest } from "./load";
import type { Measurement, PhaseResult } from "./measure";
import type { ManagedProcess } from "./processes";
import type { ScenarioOption } from "./settings";

/** What a target must answer to the scenario's request before it is loaded. */
export interface ExpectedResponse {
  status: number;
  contentType: string;
  /** The parsed JSON body, compared structurally. */
  body: unknown;
}

export interface ObservedProcess {
  label: string;
  pid: number;
}

/** A target that started and answers HTTP. */
export interface RunningTarget {
  baseUrl: string;
  /** Everything this target started, in start order; all are stopped after its measurement. */
  processes: readonly ManagedProcess[];
  /** Processes whose memory and CPU are reported (may include a shared one, such as the NATS server). */
  observe: readonly ObservedProcess[];
  /** Facts worth printing with the figures, e.g. where NATS came from. */
  notes?: readonly string[];
  /**
   * This target's own request and expected answer, for targets that learn them while they
   * start (a seeded credential or organization); otherwise the scenario set's.
   */
  request?: LoadRequest;
  expect?: ExpectedResponse;
}

export type TargetStart = RunningTarget | { skipped: string };

/** One way of serving a scenario's request: a baseline server, the app embedded, the app distributed. */
export interface Target {
  name: string;
  description: string;
  /** Starts the target and resolves once it is ready, or says why it cannot run here. */
  start(ctx: BenchContext): Promise<TargetStart>;
}

/**
 * One request, served by several targets in the same run, with goals that compare them.
 * Add a set by writing one under `bench/scenarios/` and listing it in `bench/scenarios/index.ts`.
 */
export interface ScenarioSet {
  name: string;
  title: string;
  description: string;
  request: LoadRequest;
  expect: ExpectedResponse;
  /** The target whose response headers the others are checked against (same names, same content type). */
  reference?: string;
  targets: readonly Target[];
  /** Measured in the bench process before the targets, in order (see `InProcessPhase`). */
  phases?: readonly InProcessPhase[];
  /**
   * Runs only when named (`npm run bench -- <name>` or `BENCH_SCENARIOS`), never in a plain
   * `npm run bench`: for sets that seed large data sets or need servers of their own.
   */
  onlyWhenNamed?: boolean;
  /** Numeric options it takes on the command line, `npm run bench -- <name> --<option> <value>`. */
  options?: Readonly<Record<string, ScenarioOption>>;
  goals(measurements: ReadonlyMap<string, Measurement>, phases: ReadonlyMap<string, PhaseResult>): GoalRow[];
}

/** What an in-process phase measured. */
export interface PhaseReport {
  /** Figures goals read, by name (e.g. `list.service.p50Ms`); all are kept in the JSON. */
  figures: Record<string, number>;
  /** Printed with the set's results. */
  table: { header: string[]; rows: string[][] };
  notes?: string[];
}

/**
 * A measurement taken inside the bench process rather than by loading a target over HTTP:
 * for example the service's store calls timed against a raw driver doing the same work.
 * `BENCH_ONLY` selects phases by name as it selects targets.
 */
export interface InProcessPhase {
  name: string;
  description: string;
  /** Run only when `BENCH_ONLY` names it: a study that would lengthen every run of its set. */
  onlyWhenNamed?: boolean;
  run(ctx: BenchContext): Promise<PhaseReport | { skipped: string }>;
}
