// Loaded with `--import` into every process the bench starts (plain JavaScript, so that it
// also loads into the compiled app). On SIGUSR2 it writes the process's own
// `process.cpuUsage()` (microseconds, from getrusage) to `<BENCH_PROBE_DIR>/<pid>.json`,
// with a sequence number the bench waits for. With `BENCH_PROFILE_DIR` set, the first
// SIGUSR2 also starts the V8 CPU profiler and the second stops it and writes the profile
// there, so a profile covers exactly the measured load (not start-up, not warm-up).
import { writeFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { Session } from "node:inspector";

const probeDir = process.env.BENCH_PROBE_DIR;
const profileDir = process.env.BENCH_PROFILE_DIR;
const label = (process.env.BENCH_PROBE_LABEL ?? "process").replace(/[^\w.-]+/g, "_");

if (probeDir) {
  let sequence = 0;
  let session;
  const writeAtomically = (file, text) => {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  };
  const toggleProfiler = () => {
    if (!session) {
      session = new Session();
      session.connect();
      session.post("Profiler.enable");
      // 200 µs between samples: fine enough for a request that costs tens of microseconds.
      session.post("Profiler.setSamplingInterval", { interval: 200 });
      session.post("Profiler.start");
      return;
    }
    const ending = session;
    session = undefined;
    ending.post("Profiler.stop", (error, result) => {
      if (!error) writeAtomically(join(profileDir, `${label}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      ending.disconnect();
    });
  };
  process.on("SIGUSR2", () => {
    sequence += 1;
    const usage = process.cpuUsage();
    writeAtomically(join(probeDir, `${process.pid}.json`), JSON.stringify({ sequence, user: usage.user, system: usage.system }));
    if (profileDir) toggleProfiler();
  });
}
