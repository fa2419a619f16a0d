import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Clock ticks per second for `/proc/<pid>/stat` times; 100 on every common Linux build. */
const TICKS_PER_SECOND = (() => {
  try {
    const value = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
    return Number.isFinite(value) && value > 0 ? value : 100;
  } catch {
    return 100;
  }
})();

/** User plus system CPU seconds a process has used so far, or undefined when unreadable. */
export function readCpuSeconds(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) can hold spaces; fields after its closing parenthesis are plain.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / TICKS_PER_SECOND : undefined;
}

/** CPU seconds the whole machine spent busy so far (all cores, idle and I/O wait excluded). */
export function readMachineBusySeconds(): number | undefined {
  let stat: string;
  try {
    stat = readFileSync("/proc/stat", "utf8");
  } catch {
    return undefined;
  }
  const fields = (stat.split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice; guest time is already in user.
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/**
 * CPU used by some processes and by the bench itself (the load generator) over a window,
 * in cores: 1.0 means one core busy the whole time. On a small machine this shows whether
 * the target or the load generator was the bottleneck.
 */
export class CpuWindow {
  private readonly startedAt = process.hrtime.bigint();
  private readonly selfAtStart = process.cpuUsage();
  private readonly atStart: Array<number | undefined>;
  private readonly machineAtStart = readMachineBusySeconds();

  constructor(private readonly pids: readonly number[]) {
    this.atStart = pids.map(readCpuSeconds);
  }

  /**
   * Cores used by each process, by the bench, and by everything else on the machine:
   * `others` well above zero means the run shared the CPUs with unrelated work.
   */
  end(): { processes: Array<number | undefined>; loadGenerator: number; others?: number } {
    const seconds = Number(process.hrtime.bigint() - this.startedAt) / 1e9;
    const self = process.cpuUsage(this.selfAtStart);
    const processes = this.pids.map((pid, index) => {
      const before = this.atStart[index];
      const after = readCpuSeconds(pid);
      return before === undefined || after === undefined ? undefined : (after - before) / seconds;
    });
    const loadGenerator = (self.user + self.system) / 1e6 / seconds;
    const machineAtEnd = readMachineBusySeconds();
    const known = processes.every((cores) => cores !== undefined);
    const others =
      this.machineAtStart === undefined || machineAtEnd === undefined || !known
        ? undefined
        : Math.max(
            0,
            (machineAtEnd - this.machineAtStart) / seconds -
              loadGenerator -
              processes.reduce<number>((sum, cores) => sum + (cores ?? 0), 0),
          );
    return { processes, loadGenerator, others };
  }
}
