import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "../../services/time-entries/time-entry";
import { tokenSigner } from "../../shared/auth/tokens";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import { STOP_GRACE_MS, type BenchContext } from "../lib/context";
import { compareTree, startApp, waitForReady } from "../lib/launch";
import { readCpuSeconds } from "../lib/cpu";
import { RssSampler, readRssMiB } from "../lib/rss";
import type { InProcessPhase, PhaseReport } from "../lib/scenario";
import { provideScaleDataset, type ScaleDataset } from "../embedded-scale/dataset";
import { monthRange } from "../time-entries/dataset";
import { Durations } from "../time-entries/timings";

/**
 * The summary report and the detailed CSV export of a year, through `main.ts` on the
 * embedded store, as a person asks for them over HTTP: how long each takes and how much
 * resident memory the app process holds meanwhile (sampled every 20 ms). The data set is
 * the embedded-scale one (one organization of 70 people, 30 projects, N entries over the
 * twelve months before seeding), kept in the bench cache. With `BENCH_COMPARE_TREE`, the
 * other checkout's app is measured on the same folder first, for a before/after in one run.
 */

export const EMBEDDED_ENTRIES_OPTION = "embedded-entries";
export const LARGE_ENTRIES_OPTION = "large-entries";
export const EMBEDDED_ENTRIES = 200_000;
export const LARGE_ENTRIES = 1_000_000;

const ROUNDS = 5;
const SAMPLE_MS = 20;
const SETTLE_MS = 2000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Measured {
  figures: Record<string, number>;
  rows: string[][];
  notes: string[];
}

function yearOf(dataset: ScaleDataset): { start_date: string; end_date: string } {
  return {
    start_date: `${dataset.months[0] as string}-01`,
    end_date: monthRange(dataset.months[dataset.months.length - 1] as string).end_date,
  };
}

interface Summary {
  data: { entry_count: number; groups: { key: string; total_seconds: number }[] };
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Reads a CSV answer to its end, counting its lines (the data set's descriptions hold no line breaks) and bytes. */
async function readCsv(url: string, token: string): Promise<{ lines: number; bytes: number }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200 || !response.body) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines += 1;
  }
  return { lines, bytes };
}

/** One app (this checkout's, or the compared one's) on the data set: the summary in rounds, then the export. */
async function measureApp(
  ctx: BenchContext,
  dataset: ScaleDataset,
  side: { key: string; label: string; tree?: string },
  withExport: boolean,
): Promise<Measured & { projectTotals: Map<string, number> | undefined }> {
  const secret = randomBytes(48).toString("base64url");
  const owner = dataset.users.find((user) => user.role === "owner");
  if (!owner) throw new Error("the data set has no owner");
  const token = tokenSigner(secret, 3600).sign({ userId: owner.id, organizationId: dataset.organizationId, plan: "free", role: "owner" });
  const app = await startApp(ctx, {
    label: `reports-${side.key}`,
    http: true,
    tree: side.tree,
    env: { DATA_DIR: dataset.dataDir, JWT_SECRET: secret },
  });
  const baseUrl = app.baseUrl as string;
  const figures: Record<string, number> = {};
  const rows: string[][] = [];
  const notes: string[] = [];
  const p = (name: string) => `${side.key}.${name}`;
  try {
    await waitForReady(ctx, baseUrl, [app.process]);
    await sleep(SETTLE_MS);
    const idleMiB = readRssMiB(app.process.pid) ?? Number.NaN;
    figures[p("idleMiB")] = idleMiB;

    const year = yearOf(dataset);
    const summaryUrl = `${baseUrl}/api/v1/reports/summary?${new URLSearchParams({ ...year, group_by: "project", sub_group_by: "day", timezone: "Europe/Berlin" }).toString()}`;
    const times = new Durations();
    const cpuTimes = new Durations();
    const sampler = new RssSampler(app.process.pid, SAMPLE_MS);
    try {
      for (let round = 0; round <= ROUNDS; round++) {
        const started = performance.now();
        const cpuBefore = readCpuSeconds(app.process.pid) ?? Number.NaN;
        const report = await getJson<Summary>(summaryUrl, token);
        if (round > 0) {
          times.add(performance.now() - started);
          cpuTimes.add(((readCpuSeconds(app.process.pid) ?? Number.NaN) - cpuBefore) * 1000);
        }
        if (report.data.entry_count !== dataset.entries)
          throw new Error(`${side.label}: the summary counted ${report.data.entry_count} entries of ${dataset.entries}`);
      }
    } catch (error) {
      // A summary that outlasts the bus's request deadline (15 s) on a loaded machine answers 503: said, and the export still measured.
      notes.push(`${side.label}: summary not measured: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`);
    }
    const summaryMemory = sampler.stop();
    if (times.count > 0) {
      figures[p("summaryP50Ms")] = times.percentile(50);
      figures[p("summaryMaxMs")] = times.max();
      figures[p("summaryCpuP50Ms")] = cpuTimes.percentile(50);
      figures[p("summaryPeakMiB")] = summaryMemory?.peakMiB ?? Number.NaN;
      rows.push([
        side.label,
        `summary, project x day, Europe/Berlin (${ROUNDS} after a warm-up)`,
        `${times.percentile(50).toFixed(0)} ms (max ${times.max().toFixed(0)}; CPU ${cpuTimes.percentile(50).toFixed(0)})`,
        `${idleMiB.toFixed(0)} → ${(summaryMemory?.peakMiB ?? Number.NaN).toFixed(0)} MiB`,
      ]);
    }

    // The independent check's other half: the report's totals by project, over UTC days.
    let projectTotals: Map<string, number> | undefined;
    try {
      const utc = await getJson<Summary>(
        `${baseUrl}/api/v1/reports/summary?${new URLSearchParams({ ...year, group_by: "project" }).toString()}`,
        token,
      );
      projectTotals = new Map(utc.data.groups.map((group) => [group.key, group.total_seconds]));
    } catch (error) {
      notes.push(`${side.label}: totals by project not read: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
    }

    if (withExport) {
      const exportUrl = `${baseUrl}/api/v1/reports/detailed?${new URLSearchParams({ ...year, format: "csv" }).toString()}`;
      const exportSampler = new RssSampler(app.process.pid, SAMPLE_MS);
      const started = performance.now();
      const cpuBefore = readCpuSeconds(app.process.pid) ?? Number.NaN;
      const read = await readCsv(exportUrl, token);
      const seconds = (performance.now() - started) / 1000;
      const cpuSeconds = (readCpuSeconds(app.process.pid) ?? Number.NaN) - cpuBefore;
      const exportMemory = exportSampler.stop();
      const dataRows = read.lines - 1;
      if (dataRows !== dataset.entries) throw new Error(`${side.label}: the export held ${dataRows} rows of ${dataset.entries}`);
      figures[p("exportRowsPerSecond")] = dataRows / seconds;
      figures[p("exportRowsPerCpuSecond")] = dataRows / cpuSeconds;
      figures[p("exportSeconds")] = seconds;
      figures[p("exportPeakMiB")] = exportMemory?.peakMiB ?? Number.NaN;
      figures[p("exportMeanMiB")] = exportMemory?.meanMiB ?? Number.NaN;
      rows.push([
        side.label,
        `detailed CSV export, ${(read.bytes / 1024 / 1024).toFixed(0)} MiB`,
        `${seconds.toFixed(1)} s, ${Math.round(dataRows / seconds).toLocaleString("en-US")} rows/s (${Math.round(dataRows / cpuSeconds).toLocaleString("en-US")} per CPU second)`,
        `${idleMiB.toFixed(0)} → ${(exportMemory?.peakMiB ?? Number.NaN).toFixed(0)} MiB (mean ${(exportMemory?.meanMiB ?? Number.NaN).toFixed(0)})`,
      ]);
    }
    return { figures, rows, notes, projectTotals };
  } finally {
    await app.process.stop(STOP_GRACE_MS);
  }
}

/**
 * The store's own `$group` of the same year by project (UTC days), in this process once the
 * apps have stopped: the floor of what adding up a year costs here, and an independent check
 * of the report's totals (no code of the reports pipeline computes it).
 */
async function storeFloor(dataset: ScaleDataset, projectTotals: Map<string, number> | undefined): Promise<{ ms: number }> {
  const store = await openEmbeddedStore(dataset.dataDir);
  try {
    const entries = await store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION);
    const year = yearOf(dataset);
    const match = {
      organization_id: dataset.organizationId,
      start_time: {
        $gte: `${year.start_date}T00:00:00Z`,
        $lt: `${monthRange(dataset.months[dataset.months.length - 1] as string).end_date}T23:59:60Z`,
      },
    };
    const started = performance.now();
    const rows = await entries.aggregate<{ _id: string; seconds: number }>([
      { $match: match },
      { $group: { _id: "$project_id", seconds: { $sum: "$duration" } } },
    ]);
    const ms = performance.now() - started;
    const fromStore = new Map(rows.map((row) => [row._id, row.seconds]));
    if (!projectTotals) return { ms };
    const agrees =
      fromStore.size === projectTotals.size && [...fromStore].every(([project, seconds]) => projectTotals.get(project) === seconds);
    if (!agrees) throw new Error("the summary's totals by project differ from the store's own $group of the same year");
    return { ms };
  } finally {
    await store.close();
  }
}

async function run(ctx: BenchContext, entries: number, withExport: boolean): Promise<PhaseReport> {
  const dataset = await provideScaleDataset(entries, (line) => ctx.log(line));
  const figures: Record<string, number> = { entries: dataset.entries };
  const rows: string[][] = [];
  const notes: string[] = [
    `data set: ${dataset.dataDir} (${dataset.reused ? "reused" : `seeded in ${dataset.seedSeconds.toFixed(0)} s`}), ${dataset.users.length} people, ${dataset.projects.length} projects, ${dataset.months[0]} to ${dataset.months[dataset.months.length - 1]}`,
    "memory: the app process's resident memory idle after start, and its peak while the requests ran",
  ];
  const before = compareTree();
  if (before) {
    try {
      const measured = await measureApp(ctx, dataset, { key: "before", label: "before (BENCH_COMPARE_TREE)", tree: before }, withExport);
      Object.assign(figures, measured.figures);
      rows.push(...measured.rows);
      notes.push(...measured.notes);
    } catch (error) {
      notes.push(`before (BENCH_COMPARE_TREE): not measured: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const measured = await measureApp(ctx, dataset, { key: "after", label: before ? "after (this checkout)" : "this checkout" }, withExport);
  Object.assign(figures, measured.figures);
  rows.push(...measured.rows);
  notes.push(...measured.notes);
  const floor = await storeFloor(dataset, measured.projectTotals);
  figures["store.groupMs"] = floor.ms;
  rows.push(["store", "its own $group of the year by project (one $sum), in process", `${floor.ms.toFixed(0)} ms`, "-"]);
  if (measured.projectTotals) notes.push("the report's totals by project (UTC days) equal the store's own $group of the same year");
  figures["goal.summaryMs"] = entries >= LARGE_ENTRIES ? 2000 : 500;
  figures["goal.summaryMiB"] = entries >= LARGE_ENTRIES ? 300 : 250;
  figures["goal.exportRowsPerSecond"] = 100_000;
  figures["goal.exportMiB"] = 300;
  return { figures, table: { header: ["app", "request", "time", "resident memory"], rows }, notes };
}

/** A year's summary of `--embedded-entries` entries (200,000 by default). */
export const embeddedSummaryPhase: InProcessPhase = {
  name: "summary-embedded",
  description: "a year's summary (project x day, Europe/Berlin) through main.ts on the embedded store: time and the app's resident memory",
  run: (ctx) => run(ctx, ctx.settings.options[EMBEDDED_ENTRIES_OPTION] ?? EMBEDDED_ENTRIES, false),
};

/** The same, and the year's detailed CSV export, at `--large-entries` entries (1,000,000 by default). */
export const largeEmbeddedPhase: InProcessPhase = {
  name: "large-embedded",
  description:
    "a year's summary and its detailed CSV export through main.ts on a large embedded store: time, rows a second, resident memory",
  run: (ctx) => run(ctx, ctx.settings.options[LARGE_ENTRIES_OPTION] ?? LARGE_ENTRIES, true),
};
