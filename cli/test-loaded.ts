/**
 * `npm run test:loaded`: the whole suite on a machine whose cores are kept busy by
 * something else, as a shared CI runner or a laptop building at the same time is.
 *
 *   npm run test:loaded                      npm test twice in a row under load
 *   npm run test:loaded -- --runs 1          once
 *   npm run test:loaded -- test/chaos.test.ts  arguments after the options go to jest
 *
 * A suite that fails only here waits on time where it should wait on a condition (see
 * "Tests on a busy machine" in the README). The load is stress-ng when installed, else a spinning Node process per
 * core (cli/cpu-load.ts); it is stopped when the runs end, fail or are interrupted.
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { findStressNg, startCpuLoad } from "./cpu-load";

function parse(argv: readonly string[]): { runs: number; jestArgs: string[] } {
  const args = [...argv];
  let runs = 2;
  if (args[0] === "--runs") {
    runs = Number(args[1]);
    if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number of runs, not ${args[1] ?? "nothing"}`);
    args.splice(0, 2);
  }
  return { runs, jestArgs: args };
}

/** `npm test` with the npm that runs this script (npm_execpath), or the one on PATH; its exit code. */
function npmTest(jestArgs: readonly string[]): Promise<number> {
  const npm = process.env.npm_execpath;
  const args = ["test", ...(jestArgs.length > 0 ? ["--", ...jestArgs] : [])];
  const child = npm ? spawn(process.execPath, [npm, ...args], { stdio: "inherit" }) : spawn("npm", args, { stdio: "inherit" });
  return new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
}

async function main(): Promise<number> {
  const { runs, jestArgs } = parse(process.argv.slice(2));
  const load = startCpuLoad(availableParallelism(), findStressNg());
  const stopOnSignal = (signal: NodeJS.Signals) => {
    void load.stop().then(() => process.kill(process.pid, signal));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  process.stdout.write(`Cores kept busy by ${load.by}.\n`);
  const results: number[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      process.stdout.write(`\nnpm test under load, run ${run} of ${runs}\n`);
      results.push(await npmTest(jestArgs));
    }
  } finally {
    await load.stop();
  }
  const failed = results.filter((code) => code !== 0).length;
  process.stdout.write(`\n${runs - failed} of ${runs} runs under load passed.\n`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
