import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The bench's side of `cpu-probe.mjs`: every process the bench starts from a script loads
 * the probe, and on SIGUSR2 writes its own `process.cpuUsage()`. Read at the start and the
 * end of the measured load, the difference is the CPU that process spent serving it, at
 * microsecond resolution and independent of how busy the rest of the machine was.
 */
export const PROBE_SCRIPT = join(__dirname, "cpu-probe.mjs");

/** Where probed processes write; set per run by `useProbeDir`. */
let probeDir: string | undefined;
/** Processes started with the probe loaded. */
const probed = new Set<number>();

/** The folder probes write to (created), and the profile folder when `BENCH_PROFILE_DIR` asks for profiles. */
export function probeEnvironment(scratchRoot: string, label: string): Record<string, string> {
  probeDir ??= join(scratchRoot, "cpu-probe");
  mkdirSync(probeDir, { recursive: true });
  const env: Record<string, string> = { BENCH_PROBE_DIR: probeDir, BENCH_PROBE_LABEL: label };
  const profiles = process.env.BENCH_PROFILE_DIR?.trim();
  if (profiles) {
    const dir = resolve(profiles);
    mkdirSync(dir, { recursive: true });
    env.BENCH_PROFILE_DIR = dir;
  }
  return env;
}

export function markProbed(pid: number): void {
  probed.add(pid);
}

interface ProbeAnswer {
  sequence: number;
  user: number;
  system: number;
}

function readAnswer(file: string): ProbeAnswer | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as ProbeAnswer;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** A process's CPU time so far, in seconds: in its own code and libraries (`user`) and in the kernel for it (`system`). */
export interface CpuSeconds {
  user: number;
  system: number;
}

/**
 * The CPU time a probed process has used so far, by its own `process.cpuUsage()`;
 * undefined for a process without the probe or one that did not answer within two
 * seconds. With `BENCH_PROFILE_DIR` set, each call also starts or stops the process's CPU
 * profile.
 */
export async function probeCpuUsage(pid: number): Promise<CpuSeconds | undefined> {
  if (!probeDir || !probed.has(pid)) return undefined;
  const file = join(probeDir, `${pid}.json`);
  const before = readAnswer(file)?.sequence ?? 0;
  try {
    process.kill(pid, "SIGUSR2");
  } catch {
    return undefined;
  }
  for (let waited = 0; waited < 2000; waited += 5) {
    const answer = readAnswer(file);
    if (answer && answer.sequence > before) return { user: answer.user / 1e6, system: answer.system / 1e6 };
    await sleep(5);
  }
  return undefined;
}

/** `probeCpuUsage`, user and system added: the CPU seconds the process has used so far. */
export async function probeCpuSeconds(pid: number): Promise<number | undefined> {
  const usage = await probeCpuUsage(pid);
  return usage === undefined ? undefined : usage.user + usage.system;
}
