/*
 * How long a 100,000-row Stint CSV takes to import through the HTTP API (docs/api.md#imports:
 * within a minute on one machine). A measured script, not a scenario of `run.ts`:
 *
 *   npx tsx bench/imports.ts                      # embedded mode
 *   MONGO_URL=... NATS_URL=... REDIS_URL=... npx tsx bench/imports.ts   # gateway and services over NATS
 *   npx tsx bench/imports.ts --rows 20000         # another size
 *
 * It prints the upload's answer time, the import's time to `succeeded`, and rows a second.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStint, type RunningStint } from "../app";
import { BACKEND_SERVICES, loadConfig } from "../shared/config";

const rowsArgument = process.argv.indexOf("--rows");
const ROWS = rowsArgument > 0 ? Number(process.argv[rowsArgument + 1]) : 100_000;
const QUIET = { PORT: "0", LOG_LEVEL: "warn", LOG_FORMAT: "json", JWT_SECRET: "bench-signing-secret-that-is-long-enough-0123456789" };

async function start(dataDir: string): Promise<{ url: string; stints: RunningStint[] }> {
  const { MONGO_URL, NATS_URL, REDIS_URL } = process.env;
  if (!MONGO_URL || !NATS_URL || !REDIS_URL) {
    const stint = await startStint(loadConfig({ ...QUIET, DATA_DIR: dataDir }));
    return { url: stint.url as string, stints: [stint] };
  }
  const shared = {
    ...QUIET,
    NAMESPACE: `bench-imports-${process.pid}`,
    MONGO_URL: MONGO_URL.replace(/\/[^/?]*(\?|$)/, `/stint_bench_imports_${process.pid}$1`),
    NATS_URL,
    REDIS_URL,
    DATA_DIR: dataDir,
  };
  const services = await startStint(
    loadConfig({ ...shared, SERVICES: BACKEND_SERVICES.join(","), NODE_ID: `bench-services-${process.pid}` }),
  );
  const gateway = await startStint(loadConfig({ ...shared, SERVICES: "gateway", NODE_ID: `bench-gateway-${process.pid}` }));
  await gateway.broker.waitForServices([...BACKEND_SERVICES], 10_000);
  return { url: gateway.url as string, stints: [gateway, services] };
}

/** A year of a ten-person team: ten projects of five tasks, entries of 15 to 120 minutes. */
function generated(emails: readonly string[]): string {
  const lines = [
    "id,user_id,user_email,user_name,project_id,project_name,task_id,task_name,description,start_time,end_time,duration_seconds,duration_hours,billable",
  ];
  const base = Date.UTC(2025, 0, 1, 8);
  for (let row = 0; row < ROWS; row++) {
    const start = base + row * 5 * 60_000;
    const seconds = (15 + (row % 8) * 15) * 60;
    const email = emails[row % emails.length];
    const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
    lines.push(
      `,,${email},,,Project ${row % 10},,Task ${row % 5},Work item ${row},${iso(start)},${iso(start + seconds * 1000)},${seconds},${seconds / 3600},${row % 3 !== 0}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "stint-bench-imports-"));
  const { url, stints } = await start(dataDir);
  try {
    const email = `bench-${Date.now()}@example.test`;
    const registered = await fetch(`${url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "a long bench passphrase", name: "Bench", organization_name: "Bench" }),
    });
    const { access_token: token } = (await registered.json()) as { access_token: string };
    const csv = generated([email]);
    const form = new FormData();
    form.append("source", "stint");
    form.append("file", new Blob([csv], { type: "text/csv" }), "bench.csv");
    const began = performance.now();
    const answer = await fetch(`${url}/api/v1/imports`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    const accepted = performance.now();
    if (answer.status !== 202) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
    const location = answer.headers.get("location") as string;
    let job: { status: string; rows_imported: number; rows_skipped: number; errors: unknown[] };
    do {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const read = await fetch(`${url}${location}`, { headers: { authorization: `Bearer ${token}` } });
      if (read.status !== 200) throw new Error(`following the import answered ${read.status}: ${await read.text()}`);
      job = ((await read.json()) as { data: typeof job }).data;
    } while (job.status === "running");
    const ended = performance.now();
    const mode = stints.length > 1 ? "distributed (gateway and services over NATS, MongoDB)" : "embedded";
    console.log(
      JSON.stringify({
        mode,
        rows: ROWS,
        megabytes: Math.round(csv.length / 1e5) / 10,
        status: job.status,
        rows_imported: job.rows_imported,
        rows_skipped: job.rows_skipped,
        errors: job.errors.length,
        answered_ms: Math.round(accepted - began),
        total_seconds: Math.round(ended - began) / 1000,
        rows_per_second: Math.round(ROWS / ((ended - began) / 1000)),
      }),
    );
  } finally {
    for (const stint of stints) await stint.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
