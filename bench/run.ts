/**
 * `npm run bench`: runs every scenario set against its targets on 127.0.0.1, prints each
 * figure with its goal, and writes the run to `bench/results/<time>.json` and `latest.json`.
 *
 * Exit status: 0 when every figure was measured, whether goals were met or missed (and
 * when a target was skipped, e.g. no NATS server); 1 when a target could not be measured
 * validly (did not start, answered wrongly, saw errors under load) or the harness broke;
 * 2 for an invalid BENCH_* setting.
 */
import { join } from "node:path";
import { BenchContext } from "./lib/context";
import { REPO_ROOT } from "./lib/launch";
import { runScenarioSet, type ScenarioResult } from "./lib/measure";
import type { ScenarioSet } from "./lib/scenario";
import { describeMachine, formatScenario, writeResults, type RunReport } from "./lib/report";
import { readArguments, readOptions, readSettings, SettingsError, type BenchSettings, type ScenarioOption } from "./lib/settings";
import { SCENARIO_SETS } from "./scenarios";

const RESULTS_DIR = join(__dirname, "results");
const NODE_MAJOR_NEEDED = 22;

function settingsOrExit(): { settings: BenchSettings; sets: ScenarioSet[] } {
  try {
    const args = readArguments(process.argv.slice(2));
    const fromEnv = readSettings();
    // Sets named on the command line take the place of BENCH_SCENARIOS.
    const scenarios = args.scenarios.length > 0 ? args.scenarios : fromEnv.scenarios;
    const sets = SCENARIO_SETS.filter((set) => (scenarios.length === 0 ? !set.onlyWhenNamed : scenarios.includes(set.name)));
    if (sets.length === 0)
      throw new SettingsError(
        `${args.scenarios.length > 0 ? "the command line" : "BENCH_SCENARIOS"} names no known set; known: ${SCENARIO_SETS.map((set) => set.name).join(", ")}`,
      );
    const accepted = Object.assign({}, ...sets.map((set) => set.options ?? {})) as Record<string, ScenarioOption>;
    const settings: BenchSettings = { ...fromEnv, scenarios, options: readOptions(args.options, accepted) };
    return { settings, sets };
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`bench: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

function checkNodeOrExit(): void {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < NODE_MAJOR_NEEDED) {
    process.stderr.write(
      `bench: the app needs Node ${NODE_MAJOR_NEEDED} and the bench starts it with its own Node (${process.version}); run it with \`npm run bench\`, which uses the project's Node 22\n`,
    );
    process.exit(1);
  }
}

function summarise(results: readonly ScenarioResult[]): { line: string; failed: boolean } {
  const verdicts = results.flatMap((result) => result.goals.map((goal) => goal.verdict));
  const count = (verdict: string) => verdicts.filter((v) => v === verdict).length;
  const failedTargets = results.flatMap((result) =>
    result.measurements.filter((m) => m.status === "failed").map((m) => `${result.name}/${m.target}`),
  );
  const line =
    `\ngoals: ${count("PASS")} PASS, ${count("MISS")} MISS, ${count("FAILED")} FAILED, ${count("SKIPPED")} SKIPPED` +
    (failedTargets.length > 0 ? `\nfailed targets: ${failedTargets.join(", ")}` : "");
  return { line, failed: failedTargets.length > 0 };
}

async function main(): Promise<number> {
  const { settings, sets } = settingsOrExit();
  checkNodeOrExit();

  const ctx = new BenchContext(settings);
  ctx.closeOnSignals("bench");

  const startedAt = new Date().toISOString();
  const machine = describeMachine(REPO_ROOT);
  ctx.log(
    `Stint bench: ${machine.machine.cpus} CPUs (${machine.machine.cpuModel}), ${process.version}; load generator in this process on the same CPUs\n` +
      `${settings.connections} connections, ${settings.warmupSec} s warm-up, ${settings.durationSec} s measured per target`,
  );
  const byNameOnly = SCENARIO_SETS.filter((set) => set.onlyWhenNamed && !sets.includes(set));
  if (settings.scenarios.length === 0 && byNameOnly.length > 0) {
    ctx.log(`not run unless named: ${byNameOnly.map((set) => `${set.name} (npm run bench -- ${set.name})`).join(", ")}`);
  }
  const results: ScenarioResult[] = [];
  try {
    for (const set of sets) results.push(await runScenarioSet(ctx, set));
  } finally {
    await ctx.close();
  }

  for (const result of results) ctx.log(formatScenario(result));
  const report: RunReport = { startedAt, finishedAt: new Date().toISOString(), ...machine, settings, scenarios: results };
  const file = writeResults(RESULTS_DIR, report);
  const summary = summarise(results);
  ctx.log(`${summary.line}\nresults: ${join("bench", "results", file.slice(RESULTS_DIR.length + 1))} (and bench/results/latest.json)`);
  return summary.failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
