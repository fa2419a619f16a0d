import { readFile } from "node:fs/promises";
import { startCpuLoad } from "./cpu-load";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** CPU time `pid` has used, in clock ticks (utime + stime from /proc). */
async function cpuTicks(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]?.split(" ") ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

describe("the load of npm run test:loaded", () => {
  it("keeps a core busy with a spinning Node process until stopped, then leaves nothing running", async () => {
    const load = startCpuLoad(1, undefined);
    try {
      expect(load.by).toBe("1 spinning Node process");
      expect(load.pids).toHaveLength(1);
      const pid = load.pids[0] as number;
      expect(alive(pid)).toBe(true);
      // Spinning shows as CPU time going up, however busy the machine is otherwise.
      const before = await cpuTicks(pid);
      while ((await cpuTicks(pid)) <= before) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await load.stop();
    }
    for (const pid of load.pids) expect(alive(pid)).toBe(false);
  });
});
