import type { BenchContext } from "./context";
import type { GoalRow } from "./goals";
import type { LoadRequest } from "./load";
import type { Measurement } from "./measure";
import type { ManagedProcess } from "./processes";

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
  goals(measurements: ReadonlyMap<string, Measurement>): GoalRow[];
}
