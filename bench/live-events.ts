/**
 * The live-events bench: `BENCH_LIVE_STREAMS` (1,000) open `GET /events/stream` streams on
 * one process, in embedded mode and on the distributed gateway, against a bare `node:http`
 * fan-out server (`live-events/bare-fanout.ts`) in the same run. For each target:
 *
 * 1. its resident memory with no stream open, then with every stream open and idle: the
 *    difference over the streams is the memory per idle connection;
 * 2. `BENCH_WARMUP` seconds of writes, then `BENCH_DURATION` seconds of `BENCH_LIVE_RATE`
 *    (100) writes a second (time entries created through the API, each by one of 75 API
 *    keys in turn, so that no key meets its rate limit), timing every write's event on every
 *    stream from the moment the write was sent to the moment the stream received it.
 *
 * The streams are read by a process of their own (`live-events/readers.ts`). Prints the
 * figures with their goals and writes them to `bench/results/live-events-<time>.json`.
 * Run it with the project's Node: `npm exec -- tsx bench/live-events.ts`. Exit 0 when
 * measured (goals met or not), 1 when a target could not be measured.
 */
import { BenchContext } from "./lib/context";
import type { GoalRow } from "./lib/goals";
import { REPO_ROOT, startApp, startTypeScript, waitForReady } from "./lib/launch";
import { freePort, LOOPBACK, waitForHttp } from "./lib/net";
import { nearestRankOfSorted } from "./lib/percentile";
import type { ManagedProcess } from "./lib/processes";
import { goalsTable, table, writeStandaloneResults } from "./lib/report";
import { readRssMiB } from "./lib/rss";
import { readSettings, type BenchSettings } from "./lib/settings";

const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? "1000");
const RATE = Number(process.env.BENCH_LIVE_RATE ?? "100");
/** Writes and stream openings spread over this many API keys: each stays under Style A's 100 a minute. */
const KEYS = 75;
const JWT_SECRET = "live-events-bench-signing-secret-0123456789abcdef";
const ARRIVAL_TIMEOUT_MS = 120_000;
const GOALS = { embedded: 200, distributed: 500, kibPerConnection: 20 } as const;

type TargetName = "bare" | "embedded" | "distributed";

interface Target {
  name: TargetName;
  baseUrl: string;
  /** The process holding the streams, whose memory is read. */
  holder: ManagedProcess;
  processes: ManagedProcess[];
  /** API keys to open streams with (none for the bare server). */
  credentials: string[];
  /** Sends write `n`; resolves to whether it was answered with a success. */
  write(n: number): Promise<boolean>;
}

interface Figures {
  target: TargetName;
  streams: number;
  idleMiB: number;
  withStreamsMiB: number;
  kibPerConnection: number;
  writesPerSec: number;
  failedWrites: number;
  pairs: number;
  missing: number;
  duplicates: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How long the writes themselves took to be answered: the part of the delay before the event exists. */
  writeP50Ms: number;
  writeP99Ms: number;
  endedStreams: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

async function json<T>(url: string, init: RequestInit & { body?: string } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    ...init,
    headers: { "content-type": "application/json", ...(init.headers as Record<string, string> | undefined) },
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** An organization, a project and `KEYS` API keys; the writes create time entries in turn with them. */
async function seed(baseUrl: string): Promise<{ credentials: string[]; write(n: number): Promise<boolean> }> {
  const api = `${baseUrl}/api/v1`;
  const registered = await json<{ access_token: string }>(`${api}/auth/register`, {
    method: "POST",
    body: JSON.stringify({
      email: `live-bench-${process.pid}@example.test`,
      password: "a long bench passphrase",
      name: "Bench",
      organization_name: "Live bench",
    }),
  });
  if (registered.status !== 201) throw new Error(`sign-up answered ${registered.status}`);
  const auth = { authorization: `Bearer ${registered.body.access_token}` };
  const project = await json<{ data: { id: string } }>(`${api}/projects`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ name: "Bench" }),
  });
  if (project.status !== 201) throw new Error(`the project answered ${project.status}`);
  const credentials: string[] = [];
  for (let i = 0; i < KEYS; i++) {
    const key = await json<{ data: { key: string } }>(`${api}/api-keys`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ name: `bench ${i}`, permissions: ["events:read", "time_entries:read", "time_entries:write"] }),
    });
    if (key.status !== 201) throw new Error(`API key ${i} answered ${key.status}`);
    credentials.push(key.body.data.key);
  }
  const base = Date.UTC(2026, 0, 1);
  return {
    credentials,
    async write(n) {
      const start = new Date(base + n * 60_000);
      const response = await fetch(`${api}/time-entries`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": credentials[n % KEYS] ?? "" },
        body: JSON.stringify({
          project_id: project.body.data.id,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 30_000).toISOString(),
          description: `live-bench ${n}`,
        }),
      });
      await response.arrayBuffer();
      return response.status === 201;
    },
  };
}

async function startTarget(ctx: BenchContext, name: TargetName): Promise<Target | { skipped: string }> {
  const limits = { EVENT_STREAMS_PER_ORGANIZATION: String(STREAMS * 2), EVENT_STREAMS_PER_HOLDER: String(STREAMS), JWT_SECRET };
  if (name === "bare") {
    const port = await freePort();
    const bare = startTypeScript(ctx, "bare-fanout", "bench/live-events/bare-fanout.ts", { PORT: String(port), HOST: LOOPBACK });
    const baseUrl = `http://${LOOPBACK}:${port}`;
    await waitForHttp(`${baseUrl}/health/ready`, 200, { timeoutMs: ctx.settings.readyTimeoutSec * 1000, watch: [bare] });
    const write = async (n: number) => (await json(`${baseUrl}/write`, { method: "POST", body: JSON.stringify({ n }) })).status === 201;
    return { name, baseUrl, holder: bare, processes: [bare], credentials: [], write };
  }
  if (name === "embedded") {
    const app = await startApp(ctx, { label: "embedded", http: true, env: limits });
    const baseUrl = app.baseUrl ?? "";
    await waitForReady(ctx, baseUrl, [app.process]);
    return { name, baseUrl, holder: app.process, processes: [app.process], ...(await seed(baseUrl)) };
  }
  const [nats, redis] = await Promise.all([ctx.natsServer(), ctx.redisServer()]);
  if (!nats.available) return { skipped: nats.reason };
  if (!redis.available) return { skipped: redis.reason };
  // The services keep their documents in an embedded store of their own: the gateway is what is measured.
  const bus = { ...limits, NATS_URL: nats.url, REDIS_URL: redis.url, NAMESPACE: `bench-live-${process.pid}` };
  const services = await startApp(ctx, {
    label: "services",
    http: false,
    env: { ...bus, SERVICES: "auth,users,projects,timeEntries,webhooks,reports,imports,screenshots,oauth,system,events,mail" },
  });
  const gateway = await startApp(ctx, { label: "gateway", http: true, env: { ...bus, SERVICES: "gateway" } });
  const baseUrl = gateway.baseUrl ?? "";
  await waitForReady(ctx, baseUrl, [services.process, gateway.process]);
  // Ready says the gateway's own process is; the services answer once their process has joined the bus.
  await waitForHttp(`${baseUrl}/api/v1/version`, 200, {
    timeoutMs: ctx.settings.readyTimeoutSec * 1000,
    watch: [services.process, gateway.process],
  });
  return { name, baseUrl, holder: gateway.process, processes: [services.process, gateway.process], ...(await seed(baseUrl)) };
}

/** The median of a few readings a moment apart: one reading can catch a collection half done. */
async function steadyRssMiB(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(readRssMiB(pid) ?? Number.NaN);
    await sleep(300);
  }
  return readings.sort((a, b) => a - b)[2] ?? Number.NaN;
}

interface ReaderStatus {
  open: number;
  refused: number;
  ended: number;
  received: number;
}

/** Sends writes at `RATE` a second for `seconds`, on schedule whatever the answers take; their send times by number. */
async function writeAtRate(
  target: Target,
  first: number,
  seconds: number,
): Promise<{ sentAt: Record<number, number>; failed: number; tookMs: number[] }> {
  const count = Math.round(RATE * seconds);
  const sentAt: Record<number, number> = {};
  const answers: Promise<boolean>[] = [];
  const tookMs: number[] = [];
  const begin = now();
  for (let i = 0; i < count; i++) {
    const due = begin + (i * 1000) / RATE;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    const n = first + i;
    const sent = now();
    sentAt[n] = sent;
    answers.push(
      target.write(n).then(
        (ok) => {
          tookMs.push(now() - sent);
          return ok;
        },
        () => false,
      ),
    );
  }
  const outcomes = await Promise.all(answers);
  return { sentAt, failed: outcomes.filter((ok) => !ok).length, tookMs: tookMs.sort((a, b) => a - b) };
}

async function measure(ctx: BenchContext, target: Target): Promise<Figures> {
  const settings: BenchSettings = ctx.settings;
  await sleep(settings.settleSec * 1000);
  const idleMiB = await steadyRssMiB(target.holder.pid);

  const controlPort = await freePort();
  const readers = startTypeScript(ctx, `readers(${target.name})`, "bench/live-events/readers.ts", {
    TARGET: target.baseUrl,
    STREAMS: String(STREAMS),
    CREDENTIALS: target.credentials.join(","),
    CONTROL_PORT: String(controlPort),
  });
  const status = async () => (await json<ReaderStatus>(`http://${LOOPBACK}:${controlPort}/status`)).body;
  await waitForHttp(`http://${LOOPBACK}:${controlPort}/status`, 200, { timeoutMs: settings.readyTimeoutSec * 1000, watch: [readers] });
  const openDeadline = Date.now() + settings.readyTimeoutSec * 1000;
  for (let now = await status(); now.open + now.refused < STREAMS; now = await status()) {
    if (Date.now() > openDeadline) throw new Error(`only ${now.open} of ${STREAMS} streams opened`);
    await sleep(100);
  }
  const opened = await status();
  if (opened.refused > 0) throw new Error(`${opened.refused} of ${STREAMS} streams were refused`);
  await sleep(settings.settleSec * 1000);
  const withStreamsMiB = await steadyRssMiB(target.holder.pid);

  // Warm-up writes are numbered from 1,000,000 and left out of the delays.
  const warmup = await writeAtRate(target, 1_000_000, settings.warmupSec);
  const measured = await writeAtRate(target, 0, settings.durationSec);
  const expected = opened.open * (Object.keys(warmup.sentAt).length + Object.keys(measured.sentAt).length);
  const arrivalDeadline = Date.now() + ARRIVAL_TIMEOUT_MS;
  for (let now = await status(); now.received < expected; now = await status()) {
    if (Date.now() > arrivalDeadline) break;
    await sleep(200);
  }
  const delays = (
    await json<{ pairs: number; missing: number; duplicates: number; p50: number; p99: number; max: number }>(
      `http://${LOOPBACK}:${controlPort}/delays`,
      { method: "POST", body: JSON.stringify({ sentAt: measured.sentAt }) },
    )
  ).body;
  const end = await status();
  await readers.stop(15_000);
  return {
    target: target.name,
    streams: opened.open,
    idleMiB,
    withStreamsMiB,
    kibPerConnection: ((withStreamsMiB - idleMiB) * 1024) / opened.open,
    writesPerSec: Object.keys(measured.sentAt).length / settings.durationSec,
    failedWrites: warmup.failed + measured.failed,
    pairs: delays.pairs,
    missing: delays.missing,
    duplicates: delays.duplicates,
    p50Ms: delays.p50,
    p99Ms: delays.p99,
    maxMs: delays.max,
    writeP50Ms: nearestRankOfSorted(measured.tookMs, 50),
    writeP99Ms: nearestRankOfSorted(measured.tookMs, 99),
    endedStreams: end.ended,
  };
}

function goals(figures: readonly Figures[]): GoalRow[] {
  const rows: GoalRow[] = [];
  const bare = figures.find((f) => f.target === "bare");
  for (const f of figures) {
    if (f.target === "bare") continue;
    const p99Goal = f.target === "embedded" ? GOALS.embedded : GOALS.distributed;
    rows.push({
      figure: `${f.target} p99 delay (ms)`,
      unit: "ms",
      goal: `< ${p99Goal}`,
      value: f.p99Ms,
      verdict: f.p99Ms < p99Goal ? "PASS" : "MISS",
    });
    rows.push({
      figure: `${f.target} memory per idle stream (KiB)`,
      unit: "KiB",
      goal: `< ${GOALS.kibPerConnection}`,
      value: f.kibPerConnection,
      verdict: f.kibPerConnection < GOALS.kibPerConnection ? "PASS" : "MISS",
    });
    if (bare) {
      const ratio = f.p99Ms / bare.p99Ms;
      rows.push({ figure: `${f.target} ÷ bare p99 delay`, unit: "x", goal: "(information)", value: ratio, verdict: "PASS" });
    }
  }
  return rows;
}

async function main(): Promise<number> {
  const settings = readSettings();
  const ctx = new BenchContext(settings);
  ctx.closeOnSignals("live-events bench");
  const startedAt = new Date().toISOString();
  const names = (["bare", "embedded", "distributed"] as const).filter((name) => settings.only.length === 0 || settings.only.includes(name));
  ctx.log(
    `Live-events bench: ${STREAMS} streams a target, ${RATE} writes a second for ${settings.durationSec} s after ${settings.warmupSec} s`,
  );
  const figures: Figures[] = [];
  let failed = false;
  for (const name of names) {
    try {
      const target = await startTarget(ctx, name);
      if ("skipped" in target) {
        ctx.log(`${name}: SKIPPED (${target.skipped})`);
        continue;
      }
      const result = await measure(ctx, target);
      figures.push(result);
      ctx.log(
        `${name}: ${result.streams} streams, ${result.kibPerConnection.toFixed(1)} KiB each, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ${result.missing} missing`,
      );
      if (result.failedWrites > 0 || result.missing > 0 || result.duplicates > 0 || result.endedStreams > 0) {
        ctx.log(
          `${name}: FAILED (${result.failedWrites} writes failed, ${result.missing} events missing, ${result.duplicates} repeated, ${result.endedStreams} streams ended)`,
        );
        failed = true;
      }
    } catch (error) {
      ctx.log(`${name}: FAILED (${error instanceof Error ? error.message : String(error)})`);
      failed = true;
    } finally {
      await ctx.processes.stopPerTarget(15_000);
    }
  }
  const rows = figures.map((f) => [
    f.target,
    String(f.streams),
    f.idleMiB.toFixed(1),
    f.withStreamsMiB.toFixed(1),
    f.kibPerConnection.toFixed(1),
    f.writesPerSec.toFixed(0),
    f.p50Ms.toFixed(1),
    f.p99Ms.toFixed(1),
    f.maxMs.toFixed(1),
    f.writeP50Ms.toFixed(1),
    f.writeP99Ms.toFixed(1),
    String(f.missing),
  ]);
  const header = ["target", "streams", "idle MiB", "open MiB", "KiB/stream", "writes/s", "p50 ms", "p99 ms", "max ms"];
  ctx.log(`\n${table([...header, "write p50", "write p99", "missing"], rows)}`);
  const goalRows = goals(figures);
  ctx.log(`\n${goalsTable(goalRows)}`);
  const file = writeStandaloneResults(REPO_ROOT, "live-events", {
    startedAt,
    settings: { ...settings, streams: STREAMS, rate: RATE, keys: KEYS },
    results: figures,
    goals: goalRows,
  });
  ctx.log(`results: ${file}`);
  await ctx.close();
  return failed ? 1 : 0;
}

void main().then((code) => process.exit(code));
