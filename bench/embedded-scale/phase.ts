import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "../../services/time-entries/time-entry";
import { entryQuery, type EntryFilters } from "../../services/time-entries/entry-store";
import { tokenSigner } from "../../shared/auth/tokens";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import { STOP_GRACE_MS, type BenchContext } from "../lib/context";
import { LOOPBACK, freePort } from "../lib/net";
import { startTypeScript } from "../lib/launch";
import { nearestRank } from "../lib/percentile";
import { RssSampler, readRssMiB } from "../lib/rss";
import type { InProcessPhase, PhaseReport } from "../lib/scenario";
import { monthRange } from "../time-entries/dataset";
import { provideScaleDataset, type ScaleDataset, type ScaleUser } from "./dataset";

export const ENTRIES_OPTION = "entries";
export const DEFAULT_ENTRIES = 200_000;

const POLL_MS = 20;
const START_TIMEOUT_MS = 600_000;
const WARMUP_REQUESTS = 5;
const MEASURED_REQUESTS = 40;
const SUMMARY_RUNS = 5;
const PER_PAGE = 50;

interface Timed {
  ms: number;
  total: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function statusOf(url: string, headers: Record<string, string> = {}): Promise<number> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** One list request, timed from sending to the end of the body; its `meta.total`. */
async function timedList(url: string, token: string): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data?: unknown[]; meta?: { total?: number } };
  const ms = performance.now() - started;
  if (response.status !== 200 || !Array.isArray(body.data))
    throw new Error(`GET ${url} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, total: body.meta?.total ?? -1 };
}

interface ListCase {
  name: "user-month" | "org-month" | "project-page";
  label: string;
  /** The filters of request `n` and whose token asks. */
  request(n: number): { filters: EntryFilters; asker: ScaleUser };
}

function listCases(dataset: ScaleDataset): ListCase[] {
  const admins = dataset.users.filter((user) => user.role !== "member");
  const members = dataset.users.filter((user) => user.role === "member");
  const month = (n: number) => monthRange(dataset.months[n % dataset.months.length] as string);
  // Rate limits count per user (100 a minute): the requests go round the users.
  return [
    {
      name: "user-month",
      label: "one user's month",
      request: (n) => ({
        filters: { user_id: (members[n % members.length] as ScaleUser).id, ...month(n) },
        asker: members[n % members.length] as ScaleUser,
      }),
    },
    {
      name: "org-month",
      label: "the organization's month, page 1",
      request: (n) => ({ filters: month(n), asker: admins[n % admins.length] as ScaleUser }),
    },
    {
      name: "project-page",
      label: "one project's entries, page 1",
      request: (n) => ({
        filters: { project_id: dataset.projects[n % dataset.projects.length] as string },
        asker: admins[n % admins.length] as ScaleUser,
      }),
    },
  ];
}

function listUrl(baseUrl: string, filters: EntryFilters): string {
  const query = new URLSearchParams({ per_page: String(PER_PAGE) });
  for (const [key, value] of Object.entries(filters)) query.set(key, String(value));
  return `${baseUrl}/api/v1/time-entries?${query.toString()}`;
}

/**
 * A year's summary by project: seconds (the figure with the goal), then billable seconds and
 * entry counts, each a pipeline of its own since the port allows one `$sum` per `$group`.
 */
function summaryPipelines(dataset: ScaleDataset): Record<string, unknown>[][] {
  const year = {
    $gte: `${dataset.months[0] as string}-01T00:00:00Z`,
    $lt: `${monthRange(dataset.months[dataset.months.length - 1] as string).end_date}T23:59:59Z`,
  };
  const match = { organization_id: dataset.organizationId, start_time: year };
  return [
    [{ $match: match }, { $group: { _id: "$project_id", seconds: { $sum: "$duration" } } }],
    [{ $match: { ...match, billable: true } }, { $group: { _id: "$project_id", seconds: { $sum: "$duration" } } }],
    [{ $match: match }, { $group: { _id: "$project_id", entries: { $sum: 1 } } }],
  ];
}

async function measureSummary(
  dataset: ScaleDataset,
  checks: { filters: EntryFilters; total: number }[],
): Promise<{ summaryMs: number[]; allThreeMs: number[]; checked: number }> {
  const store = await openEmbeddedStore(dataset.dataDir);
  try {
    const entries = await store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION);
    // What the API answered must be what the store holds.
    for (const check of checks) {
      const count = await entries.count(entryQuery(dataset.organizationId, check.filters));
      if (count !== check.total)
        throw new Error(`the API said ${check.total} entries for ${JSON.stringify(check.filters)}, the store holds ${count}`);
    }
    const summaryMs: number[] = [];
    const allThreeMs: number[] = [];
    for (let run = 0; run < SUMMARY_RUNS; run++) {
      const started = performance.now();
      const results = [];
      for (const [index, pipeline] of summaryPipelines(dataset).entries()) {
        results.push(await entries.aggregate(pipeline));
        if (index === 0) summaryMs.push(performance.now() - started);
      }
      allThreeMs.push(performance.now() - started);
      const counted = (results[2] as { entries: number }[]).reduce((sum, row) => sum + row.entries, 0);
      if (counted !== dataset.entries) throw new Error(`the summary counted ${counted} entries of ${dataset.entries}`);
    }
    return { summaryMs, allThreeMs, checked: checks.length };
  } finally {
    await store.close();
  }
}

/** Seconds from spawning `main.ts` on an empty data folder to `/health/ready` 200: what start-up costs without data, on this machine now. */
async function emptyStartSeconds(ctx: BenchContext): Promise<number> {
  const port = await freePort();
  const spawnedAt = performance.now();
  const app = startTypeScript(ctx, "app-empty", "main.ts", {
    DATA_DIR: ctx.tempDir("empty"),
    PORT: String(port),
    HOST: LOOPBACK,
    LOG_LEVEL: "warn",
    LOG_FORMAT: "json",
    JWT_SECRET: randomBytes(48).toString("base64url"),
  });
  try {
    while ((await statusOf(`http://${LOOPBACK}:${port}/health/ready`)) !== 200) {
      if (app.exitedWith !== undefined) throw new Error(`the app exited (${app.exitedWith}) while starting\n${app.output()}`);
      if (performance.now() - spawnedAt > START_TIMEOUT_MS) throw new Error("the app did not start on an empty folder");
      await sleep(POLL_MS);
    }
    return (performance.now() - spawnedAt) / 1000;
  } finally {
    await app.stop(STOP_GRACE_MS);
  }
}

async function run(ctx: BenchContext): Promise<PhaseReport> {
  const entries = ctx.settings.options[ENTRIES_OPTION] ?? DEFAULT_ENTRIES;
  const dataset = await provideScaleDataset(entries, (line) => ctx.log(line));
  const emptyS = await emptyStartSeconds(ctx);
  const secret = randomBytes(48).toString("base64url");
  const signer = tokenSigner(secret, 3600);
  const tokenOf = (user: ScaleUser) =>
    signer.sign({ userId: user.id, organizationId: dataset.organizationId, plan: "free", role: user.role });
  const port = await freePort();
  const baseUrl = `http://${LOOPBACK}:${port}`;
  const cases = listCases(dataset);
  const probe = cases[0]?.request(0) as { filters: EntryFilters; asker: ScaleUser };
  const probeUrl = listUrl(baseUrl, probe.filters);
  const probeHeaders = { authorization: `Bearer ${tokenOf(probe.asker)}` };

  const spawnedAt = performance.now();
  const app = startTypeScript(ctx, "app", "main.ts", {
    DATA_DIR: dataset.dataDir,
    PORT: String(port),
    HOST: LOOPBACK,
    LOG_LEVEL: "warn",
    LOG_FORMAT: "json",
    JWT_SECRET: secret,
  });
  const sampler = new RssSampler(app.pid, 100);
  let readyS: number | undefined;
  let firstAnswerS: number | undefined;
  let answeredWhenReady: number | undefined;
  try {
    // Both at once: when the first time-entry request is answered, and whether readiness said so first.
    while (readyS === undefined || firstAnswerS === undefined) {
      if (app.exitedWith !== undefined) throw new Error(`the app exited (${app.exitedWith}) while starting\n${app.output()}`);
      if (performance.now() - spawnedAt > START_TIMEOUT_MS)
        throw new Error(`the app did not answer within ${START_TIMEOUT_MS / 1000} s\n${app.output()}`);
      if (firstAnswerS === undefined && (await statusOf(probeUrl, probeHeaders)) === 200)
        firstAnswerS = (performance.now() - spawnedAt) / 1000;
      if (readyS === undefined && (await statusOf(`${baseUrl}/health/ready`)) === 200) {
        readyS = (performance.now() - spawnedAt) / 1000;
        answeredWhenReady = await statusOf(probeUrl, probeHeaders);
        firstAnswerS ??= answeredWhenReady === 200 ? (performance.now() - spawnedAt) / 1000 : undefined;
      }
      await sleep(POLL_MS);
    }
    const afterStartMiB = readRssMiB(app.pid);

    const timings = new Map<string, number[]>();
    const checks: { filters: EntryFilters; total: number }[] = [];
    for (const listCase of cases) {
      const times: number[] = [];
      for (let n = 0; n < WARMUP_REQUESTS + MEASURED_REQUESTS; n++) {
        const { filters, asker } = listCase.request(n);
        const timed = await timedList(listUrl(baseUrl, filters), tokenOf(asker));
        if (n >= WARMUP_REQUESTS) times.push(timed.ms);
        if (n < 3) checks.push({ filters, total: timed.total });
      }
      timings.set(listCase.name, times);
    }
    const memory = sampler.stop();
    await app.stop(STOP_GRACE_MS);

    const { summaryMs, allThreeMs, checked } = await measureSummary(dataset, checks);
    const figures: Record<string, number> = {
      entries,
      readyS: readyS,
      emptyStartS: emptyS,
      firstAnswerS: firstAnswerS,
      answeredWhenReady: answeredWhenReady ?? 0,
      afterStartMiB: afterStartMiB ?? Number.NaN,
      peakMiB: memory?.peakMiB ?? Number.NaN,
      summaryP50Ms: nearestRank(summaryMs, 50),
    };
    const rows: string[][] = [
      ["start on an empty folder, for comparison: spawn to /health/ready 200", `${emptyS.toFixed(2)} s`],
      ["start: spawn to /health/ready 200", `${readyS.toFixed(2)} s`],
      ["start: spawn to first answered time-entry list", `${firstAnswerS.toFixed(2)} s`],
      ["list request at the moment readiness said 200", String(answeredWhenReady)],
      [
        "resident memory after start / peak",
        `${(afterStartMiB ?? Number.NaN).toFixed(0)} / ${(memory?.peakMiB ?? Number.NaN).toFixed(0)} MiB`,
      ],
    ];
    for (const listCase of cases) {
      const times = timings.get(listCase.name) ?? [];
      figures[`${listCase.name}.p50Ms`] = nearestRank(times, 50);
      figures[`${listCase.name}.p95Ms`] = nearestRank(times, 95);
      rows.push([
        `${listCase.label} (${MEASURED_REQUESTS} requests) p50 / p95`,
        `${nearestRank(times, 50).toFixed(1)} / ${nearestRank(times, 95).toFixed(1)} ms`,
      ]);
    }
    figures.summaryAllThreeP50Ms = nearestRank(allThreeMs, 50);
    rows.push([
      `year's summary: seconds by project (${SUMMARY_RUNS} runs) p50 / max`,
      `${nearestRank(summaryMs, 50).toFixed(0)} / ${Math.max(...summaryMs).toFixed(0)} ms`,
    ]);
    rows.push([`  with billable seconds and entry counts (3 pipelines) p50`, `${nearestRank(allThreeMs, 50).toFixed(0)} ms`]);
    return {
      figures,
      table: { header: ["figure", `${entries.toLocaleString("en-US")} entries`], rows },
      notes: [
        `data set: ${dataset.dataDir} (${dataset.reused ? "reused" : `seeded in ${dataset.seedSeconds.toFixed(0)} s`}), ${dataset.users.length} people, ${dataset.projects.length} projects, months ${dataset.months[0]} to ${dataset.months[dataset.months.length - 1]}`,
        `lists through the gateway with access tokens, ${PER_PAGE} a page, one request at a time; totals of ${checked} answers checked against the store`,
        "summary: in the bench process on the same store once the app has stopped (the store's own $group, beside the reports service measured by the reports set)",
      ],
    };
  } finally {
    sampler.stop();
    if (app.exitedWith === undefined) await app.stop(STOP_GRACE_MS);
  }
}

export const embeddedScalePhase: InProcessPhase = {
  name: "embedded-scale",
  description: "seed N entries through the embedded store, start main.ts on them, time the lists over HTTP and the summary in process",
  run,
};
