import { STOP_GRACE_MS, type BenchContext } from "./context";
import type { GoalRow } from "./goals";
import { CpuWindow } from "./cpu";
import { probeCpuSeconds } from "./cpu-usage";
import { runLoad, type LoadResult } from "./load";
import { mismatches, probeUntil, type ProbedResponse } from "./probe";
import type { ManagedProcess } from "./processes";
import { RssSampler, readRssMiB } from "./rss";
import type { InProcessPhase, PhaseReport, RunningTarget, ScenarioSet, Target } from "./scenario";

/** How often a process's memory is read during load. */
const RSS_INTERVAL_MS = 100;

/** Resident memory (MiB) and CPU (cores) of one process a target runs. */
export interface ProcessFigures {
  label: string;
  pid: number;
  /** Right after the target answered its first request. */
  afterStartMiB?: number;
  /** After the warm-up and the settle pause, with no load. */
  idleMiB?: number;
  /** Highest and mean of the samples taken during the measured load. */
  peakMiB?: number;
  meanMiB?: number;
  /** CPU used during the measured load, in cores (1.0 = one core busy throughout). */
  cpuCores?: number;
  /**
   * CPU the process spent per answered request during the measured load, in microseconds,
   * by its own `process.cpuUsage()` (processes the bench started from a script only).
   */
  cpuUsPerRequest?: number;
}

export interface Measurement {
  target: string;
  description: string;
  /** `failed` when the target did not start, answered wrongly, or the load saw any error. */
  status: "ok" | "failed" | "skipped";
  /** Why it failed or was skipped. */
  reason?: string;
  notes: string[];
  /** Seconds from spawning the target's processes to its readiness check answering 200. */
  readySec?: number;
  response?: ProbedResponse;
  /** Whether `response` was the expected answer. */
  responseMatched?: boolean;
  warmup?: LoadResult;
  load?: LoadResult;
  observed: ProcessFigures[];
  /** CPU the bench process (the load generator) used during the measured load, in cores. */
  loadGeneratorCores?: number;
  /**
   * CPU used during the measured load by everything that is neither the target nor the
   * bench, in cores: other work on the machine, which lowers every figure.
   */
  otherCores?: number;
  /** How each process ended when stopped: `code 0` after SIGTERM is a graceful stop. */
  stopped: Array<{ label: string; pid: number; status: string; killedAfterGrace: boolean }>;
}

export interface ScenarioResult {
  name: string;
  title: string;
  description: string;
  request: ScenarioSet["request"];
  measurements: Measurement[];
  /** The set's in-process phases, when it has any. */
  phases?: PhaseResult[];
  goals: GoalRow[];
  notes: string[];
}

/** One in-process phase of a set: `failed` when it threw, `skipped` when it could not run here. */
export interface PhaseResult {
  phase: string;
  description: string;
  status: "ok" | "failed" | "skipped";
  reason?: string;
  seconds: number;
  report?: PhaseReport;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

class MeasurementFailed extends Error {}

function crashed(processes: readonly ManagedProcess[]): string | undefined {
  const gone = processes.find((child) => child.exitedWith !== undefined);
  return gone ? `${gone.label} (pid ${gone.pid}) exited (${gone.exitedWith}) during the run\n${gone.output()}` : undefined;
}

async function measureRunning(ctx: BenchContext, set: ScenarioSet, running: RunningTarget, measurement: Measurement): Promise<void> {
  const { settings } = ctx;
  const request = running.request ?? set.request;
  const expect = running.expect ?? set.expect;
  const load = (durationSec: number) =>
    runLoad({ baseUrl: running.baseUrl, request, connections: settings.connections, durationSec, rate: settings.rate });

  // The answer is checked with the first of the request's header variants, if it has any.
  const probed = { ...request, headers: { ...request.headers, ...request.headerVariants?.[0] } };
  const response = await probeUntil(running.baseUrl, probed, expect.status, settings.readyTimeoutSec * 1000, running.processes);
  measurement.response = response;
  const wrong = mismatches(response, expect);
  if (wrong.length > 0) throw new MeasurementFailed(`${request.method} ${request.path} answered wrongly: ${wrong.join("; ")}`);
  measurement.responseMatched = true;

  measurement.observed = running.observe.map((child) => ({ label: child.label, pid: child.pid, afterStartMiB: readRssMiB(child.pid) }));

  if (settings.warmupSec > 0) {
    ctx.log(`  warm-up ${settings.warmupSec} s`);
    measurement.warmup = await load(settings.warmupSec);
    if (measurement.warmup.problems.length > 0) throw new MeasurementFailed(`warm-up: ${measurement.warmup.problems.join("; ")}`);
  }
  await sleep(settings.settleSec * 1000);
  running.observe.forEach((child, index) => {
    const entry = measurement.observed[index];
    if (entry) entry.idleMiB = readRssMiB(child.pid);
  });

  ctx.log(`  load ${settings.durationSec} s, ${settings.connections} connections`);
  const samplers = running.observe.map((child) => new RssSampler(child.pid, RSS_INTERVAL_MS));
  const probedBefore = await Promise.all(running.observe.map((child) => probeCpuSeconds(child.pid)));
  const cpu = new CpuWindow(running.observe.map((child) => child.pid));
  try {
    measurement.load = await load(settings.durationSec);
  } finally {
    const probedAfter = await Promise.all(running.observe.map((child) => probeCpuSeconds(child.pid)));
    const answered = measurement.load?.responses2xx ?? 0;
    probedAfter.forEach((after, index) => {
      const before = probedBefore[index];
      const entry = measurement.observed[index];
      if (entry && after !== undefined && before !== undefined && answered > 0) entry.cpuUsPerRequest = ((after - before) * 1e6) / answered;
    });
    const used = cpu.end();
    measurement.loadGeneratorCores = used.loadGenerator;
    measurement.otherCores = used.others;
    samplers.forEach((sampler, index) => {
      const summary = sampler.stop();
      const entry = measurement.observed[index];
      if (!entry) return;
      entry.cpuCores = used.processes[index];
      if (summary) Object.assign(entry, { peakMiB: summary.peakMiB, meanMiB: summary.meanMiB });
    });
  }
  const crash = crashed(running.processes);
  if (crash) throw new MeasurementFailed(crash);
  if (measurement.load.problems.length > 0) throw new MeasurementFailed(`load: ${measurement.load.problems.join("; ")}`);
}

/** Starts one target, checks its answer, warms it up, loads it, samples its memory, and stops it. */
export async function measureTarget(ctx: BenchContext, set: ScenarioSet, target: Target): Promise<Measurement> {
  const measurement: Measurement = {
    target: target.name,
    description: target.description,
    status: "ok",
    notes: [],
    observed: [],
    stopped: [],
  };
  ctx.log(`- ${target.name}: ${target.description}`);
  const startedAt = Date.now();
  let running: RunningTarget | undefined;
  try {
    const started = await target.start(ctx);
    if ("skipped" in started) {
      ctx.log(`  SKIPPED: ${started.skipped}`);
      return { ...measurement, status: "skipped", reason: started.skipped };
    }
    running = started;
    measurement.notes.push(...(running.notes ?? []));
    measurement.readySec = (Date.now() - startedAt) / 1000;
    ctx.log(`  ready in ${measurement.readySec.toFixed(1)} s`);
    await measureRunning(ctx, set, running, measurement);
  } catch (error) {
    measurement.status = "failed";
    measurement.reason = message(error);
    ctx.log(`  FAILED: ${measurement.reason}`);
  } finally {
    // Stop what this target started even when a step failed; newest first, so a gateway
    // goes before the services it calls. A NATS server shared by the run stays up.
    const started = running?.processes ?? [];
    for (const child of [...started].reverse()) {
      const { status, killed } = await child.stop(STOP_GRACE_MS);
      measurement.stopped.push({ label: child.label, pid: child.pid, status, killedAfterGrace: killed });
      if (killed) measurement.notes.push(`${child.label} ignored SIGTERM for ${STOP_GRACE_MS / 1000} s and was killed`);
    }
    // A target that failed part-way may have started processes it never returned; the
    // registry still knows them.
    await ctx.processes.stopPerTarget(STOP_GRACE_MS);
  }
  if (measurement.load && measurement.status === "ok") {
    const { requestsPerSec, latencyP50Ms, latencyP99Ms } = measurement.load;
    ctx.log(`  ${Math.round(requestsPerSec)} req/s, p50 ${latencyP50Ms.toFixed(2)} ms, p99 ${latencyP99Ms.toFixed(2)} ms`);
  }
  return measurement;
}

/**
 * Header names each target's answer has and the reference target's lacks, and the reverse:
 * the baseline is only a fair floor if it sends the same kind of response.
 */
function shapeNotes(set: ScenarioSet, measurements: readonly Measurement[]): string[] {
  const answered = (m: Measurement) => (m.responseMatched ? m.response : undefined);
  const referenceMeasurement = measurements.find((m) => m.target === set.reference);
  const reference = referenceMeasurement && answered(referenceMeasurement);
  if (!reference) return [];
  const notes: string[] = [];
  for (const measurement of measurements) {
    const response = answered(measurement);
    if (measurement.target === set.reference || !response) continue;
    const theirs = new Set(response.headerNames);
    const ours = new Set(reference.headerNames);
    const onlyTheirs = [...theirs].filter((name) => !ours.has(name));
    const onlyOurs = [...ours].filter((name) => !theirs.has(name));
    if (onlyTheirs.length > 0) notes.push(`${measurement.target} sends headers ${set.reference} does not: ${onlyTheirs.join(", ")}`);
    if (onlyOurs.length > 0) notes.push(`${set.reference} sends headers ${measurement.target} does not: ${onlyOurs.join(", ")}`);
  }
  return notes;
}

/** Runs one in-process phase; a phase that throws is recorded as failed, and the set goes on. */
export async function runPhase(ctx: BenchContext, phase: InProcessPhase): Promise<PhaseResult> {
  ctx.log(`- ${phase.name}: ${phase.description}`);
  const startedAt = Date.now();
  const result: PhaseResult = { phase: phase.name, description: phase.description, status: "ok", seconds: 0 };
  try {
    const outcome = await phase.run(ctx);
    if ("skipped" in outcome) {
      result.status = "skipped";
      result.reason = outcome.skipped;
      ctx.log(`  SKIPPED: ${outcome.skipped}`);
    } else {
      result.report = outcome;
    }
  } catch (error) {
    result.status = "failed";
    result.reason = message(error);
    ctx.log(`  FAILED: ${result.reason}`);
  }
  result.seconds = (Date.now() - startedAt) / 1000;
  if (result.status === "ok") ctx.log(`  done in ${result.seconds.toFixed(1)} s`);
  return result;
}

export async function runScenarioSet(ctx: BenchContext, set: ScenarioSet): Promise<ScenarioResult> {
  ctx.log(`\n== ${set.title}: ${set.request.method} ${set.request.path}`);
  const selected = (name: string) => ctx.settings.only.length === 0 || ctx.settings.only.includes(name);
  const phases: PhaseResult[] = [];
  const phaseSelected = (phase: InProcessPhase) => (phase.onlyWhenNamed ? ctx.settings.only.includes(phase.name) : selected(phase.name));
  for (const phase of (set.phases ?? []).filter(phaseSelected)) phases.push(await runPhase(ctx, phase));
  const chosen = set.targets.filter((target) => selected(target.name));
  const measurements: Measurement[] = [];
  for (const target of chosen) measurements.push(await measureTarget(ctx, set, target));
  const byName = new Map(measurements.map((m) => [m.target, m]));
  return {
    name: set.name,
    title: set.title,
    description: set.description,
    request: set.request,
    measurements,
    ...(set.phases ? { phases } : {}),
    goals: set.goals(byName, new Map(phases.map((phase) => [phase.phase, phase]))),
    notes: shapeNotes(set, measurements),
  };
}
