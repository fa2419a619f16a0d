import { readFileSync } from "node:fs";

const BYTES_PER_MIB = 1024 * 1024;

/**
 * Resident memory of a process in MiB, from `VmRSS` in `/proc/<pid>/status` (Linux).
 * `undefined` when there is no such file or line: another OS, or the process has gone.
 */
export function readRssMiB(pid: number): number | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match?.[1] === undefined ? undefined : (Number(match[1]) * 1024) / BYTES_PER_MIB;
}

export interface RssSummary {
  /** Highest sample, MiB. */
  peakMiB: number;
  /** Mean of the samples, MiB. */
  meanMiB: number;
  samples: number;
}

/** Reads a process's RSS every `intervalMs` until stopped; the peak is what the memory goal checks. */
export class RssSampler {
  private readonly values: number[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    intervalMs: number,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  private sample(): void {
    const value = readRssMiB(this.pid);
    if (value !== undefined) this.values.push(value);
  }

  stop(): RssSummary | undefined {
    clearInterval(this.timer);
    this.sample();
    if (this.values.length === 0) return undefined;
    const total = this.values.reduce((sum, value) => sum + value, 0);
    return { peakMiB: Math.max(...this.values), meanMiB: total / this.values.length, samples: this.values.length };
  }
}
