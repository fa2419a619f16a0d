import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, totalmem, type } from "node:os";
import { join } from "node:path";
import type { GoalRow } from "./goals";
import type { ScenarioResult } from "./measure";
import type { BenchSettings } from "./settings";

export interface RunReport {
  startedAt: string;
  finishedAt: string;
  machine: {
    os: string;
    cpus: number;
    cpuModel: string;
    memoryMiB: number;
    node: string;
    /** The load generator is autocannon inside the bench process, on the same CPUs as the targets. */
    loadGenerator: string;
    /** 1-minute load average when the run began: other work on the machine skews every figure. */
    loadAverageAtStart: number;
  };
  git?: { commit: string; dirty: boolean };
  settings: BenchSettings;
  scenarios: ScenarioResult[];
}

function gitState(cwd: string): RunReport["git"] {
  try {
    const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const dirty =
      execFileSync("git", ["status", "--porcelain"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() !== "";
    return { commit, dirty };
  } catch {
    return undefined;
  }
}

export function describeMachine(repoRoot: string): Pick<RunReport, "machine" | "git"> {
  const cores = cpus();
  return {
    machine: {
      os: `${type()} ${release()}`,
      cpus: cores.length,
      cpuModel: cores[0]?.model.trim() ?? "unknown",
      memoryMiB: Math.round(totalmem() / 1024 / 1024),
      node: process.version,
      loadGenerator: "autocannon (programmatic, in the bench process, sharing the CPUs with the targets)",
      loadAverageAtStart: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    },
    git: gitState(repoRoot),
  };
}

/** Plain-text table: numbers right-aligned, the first column and the columns in `textColumns` left-aligned. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>, textColumns: readonly number[] = []): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const left = new Set([0, ...textColumns]);
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (left.has(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

const fixed = (value: number | undefined, digits: number) => (value === undefined || !Number.isFinite(value) ? "-" : value.toFixed(digits));

function formatGoalValue(row: GoalRow): string {
  if (row.value === undefined) return "-";
  // A ratio far below the goal (a slow route against a trivial one) would otherwise print as 0.00x.
  const ratio = row.value !== 0 && Math.abs(row.value) < 0.01 ? row.value.toExponential(1) : row.value.toFixed(2);
  if (row.unit === "x") return `${ratio}x`;
  return `${row.value.toFixed(1)} ${row.unit}`;
}

export function formatScenario(result: ScenarioResult): string {
  const figures = table(
    ["target", "req/s", "p50 ms", "p99 ms", "max ms", "2xx", "non-2xx", "errors", "other CPU", "status"],
    result.measurements.map((m) => [
      m.target,
      fixed(m.load?.requestsPerSec, (m.load?.requestsPerSec ?? 0) < 10 ? 2 : 0),
      fixed(m.load?.latencyP50Ms, 2),
      fixed(m.load?.latencyP99Ms, 2),
      fixed(m.load?.latencyMaxMs, 1),
      m.load ? String(m.load.responses2xx) : "-",
      m.load ? String(m.load.non2xx) : "-",
      m.load ? String(m.load.errors) : "-",
      fixed(m.otherCores, 2),
      m.status === "ok" ? "ok" : m.status.toUpperCase(),
    ]),
    [9],
  );
  const processes = table(
    ["process", "RSS MiB: after start", "idle", "peak", "mean", "CPU cores under load", "CPU µs/request"],
    result.measurements.flatMap((m) => [
      ...m.observed.map((entry) => [
        `${m.target}: ${entry.label}`,
        fixed(entry.afterStartMiB, 1),
        fixed(entry.idleMiB, 1),
        fixed(entry.peakMiB, 1),
        fixed(entry.meanMiB, 1),
        fixed(entry.cpuCores, 2),
        fixed(entry.cpuUsPerRequest, 1),
      ]),
      ...(m.loadGeneratorCores === undefined
        ? []
        : [[`${m.target}: load generator (bench)`, "", "", "", "", fixed(m.loadGeneratorCores, 2), ""]]),
    ]),
  );
  const goals = table(
    ["figure", "value", "goal", "verdict"],
    result.goals.map((row) => [row.figure, formatGoalValue(row), row.goal, row.why ? `${row.verdict} (${row.why})` : row.verdict]),
    [2, 3],
  );
  const phases = (result.phases ?? []).flatMap((phase) =>
    phase.report
      ? [
          "",
          `${phase.phase} (in the bench process, ${phase.seconds.toFixed(0)} s):`,
          table(phase.report.table.header, phase.report.table.rows, [1]),
        ]
      : [],
  );
  const remarks = [
    ...(result.phases ?? []).flatMap((phase) => [
      ...(phase.reason ? [`${phase.phase} ${phase.status}: ${phase.reason.split("\n")[0] ?? ""}`] : []),
      ...(phase.report?.notes ?? []).map((note) => `${phase.phase}: ${note}`),
    ]),
    ...result.measurements.flatMap((m) => [
      ...(m.reason ? [`${m.target} ${m.status}: ${m.reason.split("\n")[0] ?? ""}`] : []),
      ...m.notes.map((note) => `${m.target}: ${note}`),
    ]),
    ...result.notes,
  ];
  return [
    `\n== ${result.title} results: ${result.request.method} ${result.request.path}`,
    ...(phases.length > 0 ? [...phases.slice(1), ""] : []),
    figures,
    ...(result.measurements.some((m) => m.observed.length > 0) ? ["", processes] : []),
    "",
    goals,
    ...(remarks.length > 0 ? ["", ...remarks.map((remark) => `note: ${remark}`)] : []),
  ].join("\n");
}

/** Writes `<timestamp>.json` and `latest.json` under `dir`; returns the timestamped path. */
export function writeResults(dir: string, report: RunReport): string {
  mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/\.\d+Z$/, "Z").replaceAll(":", "-");
  const body = `${JSON.stringify(report, null, 2)}\n`;
  const file = join(dir, `${stamp}.json`);
  writeFileSync(file, body);
  writeFileSync(join(dir, "latest.json"), body);
  return file;
}

/** A standalone bench's goal rows as a table: figure, value, goal, verdict. */
export function goalsTable(rows: readonly GoalRow[]): string {
  return table(
    ["figure", "value", "goal", "verdict"],
    rows.map((row) => [row.figure, row.value?.toFixed(2) ?? "-", row.goal, row.verdict]),
    [2, 3],
  );
}

/**
 * Writes a standalone bench's run to `bench/results/<bench>-<start time>.json` with the
 * machine and commit it ran on; returns the file's path within the repository.
 */
export function writeStandaloneResults(
  repoRoot: string,
  bench: string,
  run: { startedAt: string; settings: object; results: unknown; goals: readonly GoalRow[] },
): string {
  const { startedAt, ...measured } = run;
  const dir = join(repoRoot, "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${bench}-${startedAt.replace(/\.\d+Z$/, "Z").replaceAll(":", "-")}.json`);
  const report = { startedAt, finishedAt: new Date().toISOString(), ...describeMachine(repoRoot), ...measured };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file.slice(repoRoot.length + 1);
}
