import type { ImportJob } from "../services/imports/contract";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { TimeEntry } from "../services/time-entries/client";
import { IMPORT_JOBS_COLLECTION } from "../services/imports/import-job";
import { openStore } from "../shared/storage/open";
import { client, registerOwner, type Client } from "./support/http";
import { A, type List } from "./support/shapes";
import { describeStint, useStint, type StintMode } from "./support/stint";

/*
 * An import whose process dies does not stay `running`: the next process resumes it from
 * its kept file, or ends it `failed` saying why when the file is not there. Real processes,
 * killed with SIGKILL mid-import, in both modes.
 */

function stintFile(project: string, rows: number): string {
  const lines = ["user_email,project_name,task_name,description,start_time,end_time,billable"];
  const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
  for (let row = 0; row < rows; row++) {
    const start = Date.UTC(2025, 0, 1) + row * 600_000;
    lines.push(
      `,${project},,${row % 7 === 0 ? `"entry ${row}\nwith a second line"` : `entry ${row}`},${iso(start)},${iso(start + 300_000)},true`,
    );
  }
  return `${lines.join("\n")}\n`;
}

async function startImport(api: Client, file: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("source", "stint");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([file], { type: "text/csv" }), "export.csv");
  return api.send<{ data: ImportJob }>("POST", `${A}/imports`, { form });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A GET's body; one refused for the rate limit (100 a minute), or a 503 while a busy store
 * counts tens of thousands of entries, waits as it is told and asks again.
 */
async function patiently<T>(api: Client, path: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await api.get<T>(path);
    if (res.status === 429 || (res.status === 503 && attempt < 10)) {
      await sleep(Number(res.headers.get("retry-after") ?? 1) * 1000);
      continue;
    }
    expect(res.status).toBe(200);
    return res.body;
  }
}

async function jobOf(api: Client, id: string): Promise<ImportJob> {
  return (await patiently<{ data: ImportJob }>(api, `${A}/imports/${id}`)).data;
}

/** Looks at a job until `accept` holds; fails with its last state after `timeoutMs`. */
async function until(api: Client, id: string, accept: (job: ImportJob) => boolean, timeoutMs: number): Promise<ImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobOf(api, id);
    if (accept(job)) return job;
    if (Date.now() > deadline)
      throw new Error(`the import did not get there: ${JSON.stringify({ ...job, errors: job.errors.slice(0, 3) })}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function projectEntries(api: Client, project: string): Promise<number> {
  const projects = await patiently<List<{ id: string; name: string }>>(api, `${A}/projects?per_page=200`);
  const id = projects.data.find((candidate) => candidate.name === project)?.id;
  const entries = await patiently<List<TimeEntry>>(
    api,
    `${A}/time-entries?per_page=1&project_id=${id}&start_date=2025-01-01&end_date=2025-12-31`,
  );
  return entries.meta.total;
}

/**
 * `rows`: enough that an import is still running when its process is killed; the distributed
 * store in CI (FerretDB, which reads through no index) counts fewer entries in good time.
 */
function describeRecovery(mode: StintMode, rows: number) {
  describeStint(mode, "an import whose process is killed", () => {
    // Distributed, the imports run in the services' process: that is the one killed.
    const stint = useStint({ mode, processes: true, label: "imprec" });

    it("when its process dies mid-import, then the next process resumes it from its file, or ends it failed when the file is gone", async () => {
      const { account, api } = await registerOwner(stint.url);
      const as = (url: string) => client(url, { authorization: `Bearer ${account.access_token}` });

      // Written before the uploads, which then follow each other at once: a connection left idle
      // while a file is built could be closed by the server as the next upload begins on it.
      const [previewed, keptFile, lostFile] = ["Previewed", "Kept", "Lost"].map((project) => stintFile(project, rows));

      // A preview first: it stores nothing, neither a job nor a file.
      const preview = await startImport(api, previewed as string, { dry_run: "true" });
      expect(preview.status).toBe(200);

      const kept = await startImport(api, keptFile as string);
      const lost = await startImport(api, lostFile as string);
      expect([kept.status, lost.status]).toEqual([202, 202]);
      const keptId = kept.body.data.id;
      const lostId = lost.body.data.id;
      const underway = (job: ImportJob) => job.status === "running" && job.rows_total >= 500;
      await until(api, keptId, underway, 60_000);
      const before = await until(api, lostId, underway, 60_000);
      expect(before.rows_total).toBeLessThan(rows);
      const first = stint.processes.services;
      first.child.kill("SIGKILL");
      await first.exited;

      const folder = join(stint.dataDir, "imports");
      await stint.restart(async () => {
        expect(existsSync(join(folder, `${keptId}.csv`))).toBe(true);
        rmSync(join(folder, `${lostId}.csv`));
      });

      const second = stint.processes.services;
      const later = as(stint.url);
      const resumed = await until(later, keptId, (job) => job.status !== "running", 180_000);
      expect(resumed).toMatchObject({ status: "succeeded", rows_total: rows, errors: [] });
      expect(resumed.rows_imported + resumed.rows_skipped).toBe(rows);
      expect(await projectEntries(later, "Kept")).toBe(rows);
      await second.waitForLog((line) => line.jobId === keptId && line.outcome === "resumed");

      const failed = await until(later, lostId, (job) => job.status !== "running", 180_000);
      expect(failed.status).toBe("failed");
      expect(failed.errors.at(-1)).toEqual({
        row: expect.any(Number),
        field: "file",
        reason: expect.stringMatching(/the file is not kept/),
      });
      // The rows imported before the process died stay.
      expect(await projectEntries(later, "Lost")).toBeGreaterThanOrEqual(failed.rows_imported);
      expect(failed.rows_imported).toBeGreaterThan(0);

      // Once Stint has stopped, no file is left and the two jobs are stored (the preview made none).
      await stint.restart(async () => {
        expect(readdirSync(folder)).toEqual([]);
        const store = await openStore(
          mode === "distributed" ? { mongoUrl: stint.servers.mongoUrl, dataDir: "" } : { dataDir: stint.dataDir },
        );
        try {
          const jobs = await store.collection(IMPORT_JOBS_COLLECTION);
          expect(await jobs.count({})).toBe(2);
        } finally {
          await store.close();
        }
      });
    }, 600_000);
  });
}

describeRecovery("embedded", 30_000);
describeRecovery("distributed", 12_000);
