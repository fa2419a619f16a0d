/**
 * The webhook bench: how fast and how promptly the webhooks service delivers events to 10
 * receivers on 127.0.0.1, against a bare node:http client posting the same bodies to the
 * same receivers in the same run. Run it with the project's Node: `npm exec -- tsx bench/webhooks.ts`.
 *
 * For each sender (`bare`, then `webhooks`): a warm-up burst; a burst of BENCH_WEBHOOK_EVENTS
 * events (each one delivery per receiver), timed from the first event emitted to the last
 * delivery received (the sustainable rate); then BENCH_DURATION seconds of events at half the
 * webhooks service's sustainable rate, timing every delivery from its event's emission to its
 * arrival (the lag). Prints the figures with their goals and writes them to
 * `bench/results/webhooks-<time>.json`. With `MONGO_URL` set (a database of its own), the
 * service is also measured with its store there, for information. Exit 0 when measured
 * (goals met or not), 1 otherwise.
 */
import { BenchContext } from "./lib/context";
import { CpuWindow } from "./lib/cpu";
import { type GoalRow } from "./lib/goals";
import { REPO_ROOT, startTypeScript } from "./lib/launch";
import { freePort, LOOPBACK, waitForHttp } from "./lib/net";
import { nearestRankOfSorted } from "./lib/percentile";
import type { ManagedProcess } from "./lib/processes";
import { goalsTable, table, writeStandaloneResults } from "./lib/report";
import { readSettings } from "./lib/settings";

const RECEIVERS = 10;
const PER_RECEIVER = 4;
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? "1000");
const WARMUP_EVENTS = Math.max(10, Math.round(EVENTS / 5));
const DELIVERY_TIMEOUT_MS = 120_000;

interface ReceiverStats {
  received: number;
  lags: number[];
  firstEmittedAt: number;
  lastReceivedAt: number;
  malformed: number;
  duplicates: number;
}

interface Phase {
  deliveries: number;
  seconds: number;
  deliveriesPerSec: number;
  lagP50Ms: number;
  lagP95Ms: number;
  lagMaxMs: number;
  duplicates: number;
  senderCores?: number;
  receiverCores?: number;
}

type SenderKind = "bare" | "webhooks" | "webhooks-mongodb";

interface SenderResult {
  sender: SenderKind;
  burst: Phase;
  steady?: Phase & { eventsPerSec: number };
}

async function control<T>(port: number, path: string, method = "GET"): Promise<T> {
  const response = await fetch(`http://${LOOPBACK}:${port}${path}`, { method, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
  return (await response.json()) as T;
}

async function waitForDeliveries(port: number, expected: number, watch: ManagedProcess[]): Promise<ReceiverStats> {
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  for (;;) {
    const stats = await control<ReceiverStats>(port, "/stats");
    if (stats.received >= expected) return stats;
    const gone = watch.find((child) => child.exitedWith !== undefined);
    if (gone)
      throw new Error(`${gone.label} exited (${gone.exitedWith}) with ${stats.received}/${expected} deliveries received\n${gone.output()}`);
    if (Date.now() > deadline)
      throw new Error(`only ${stats.received} of ${expected} deliveries arrived within ${DELIVERY_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs `emit` against a fresh count, waits for `events` × receivers deliveries, and sums them up. */
async function phase(
  receivers: { port: number; process: ManagedProcess },
  sender: ManagedProcess,
  events: number,
  emit: () => Promise<unknown>,
): Promise<Phase> {
  await control(receivers.port, "/reset", "POST");
  const cpu = new CpuWindow([sender.pid, receivers.process.pid]);
  await emit();
  const stats = await waitForDeliveries(receivers.port, events * RECEIVERS, [sender, receivers.process]);
  const used = cpu.end();
  if (stats.duplicates > 0 || stats.malformed > 0)
    throw new Error(`${stats.duplicates} deliveries arrived twice and ${stats.malformed} bodies were not as sent`);
  const sorted = [...stats.lags].sort((a, b) => a - b);
  const seconds = (stats.lastReceivedAt - stats.firstEmittedAt) / 1000;
  return {
    deliveries: stats.received,
    seconds,
    deliveriesPerSec: stats.received / seconds,
    lagP50Ms: nearestRankOfSorted(sorted, 50),
    lagP95Ms: nearestRankOfSorted(sorted, 95),
    lagMaxMs: sorted.at(-1) ?? Number.NaN,
    duplicates: stats.duplicates,
    senderCores: used.processes[0],
    receiverCores: used.processes[1],
  };
}

async function startSender(
  ctx: BenchContext,
  kind: SenderKind,
  receiverPorts: number[],
): Promise<{ process: ManagedProcess; port: number }> {
  const port = await freePort();
  const child = startTypeScript(ctx, kind, "bench/webhooks/sender.ts", {
    SENDER: kind === "bare" ? "bare" : "webhooks",
    ...(kind === "webhooks-mongodb" ? { MONGO_URL: process.env.MONGO_URL ?? "" } : {}),
    CONTROL_PORT: String(port),
    DATA_DIR: ctx.tempDir(kind),
    PER_RECEIVER: String(PER_RECEIVER),
    RECEIVER_URLS: receiverPorts.map((p) => `http://${LOOPBACK}:${p}/hooks`).join(","),
  });
  await waitForHttp(`http://${LOOPBACK}:${port}/ready`, 200, { timeoutMs: ctx.settings.readyTimeoutSec * 1000, watch: [child] });
  return { process: child, port };
}

async function measure(
  ctx: BenchContext,
  kind: SenderKind,
  receivers: { port: number; process: ManagedProcess; ports: number[] },
  steadyRate?: number,
): Promise<SenderResult> {
  const sender = await startSender(ctx, kind, receivers.ports);
  try {
    await phase(receivers, sender.process, WARMUP_EVENTS, () => control(sender.port, `/burst?events=${WARMUP_EVENTS}`, "POST"));
    const burst = await phase(receivers, sender.process, EVENTS, () => control(sender.port, `/burst?events=${EVENTS}`, "POST"));
    ctx.log(
      `${kind}: burst of ${EVENTS} events, ${burst.deliveries} deliveries in ${burst.seconds.toFixed(2)} s (${burst.deliveriesPerSec.toFixed(0)}/s)`,
    );
    const eventsPerSec = steadyRate ?? burst.deliveriesPerSec / 2 / RECEIVERS;
    const seconds = ctx.settings.durationSec;
    const total = Math.round(eventsPerSec * seconds);
    const steady = await phase(receivers, sender.process, total, () =>
      control(sender.port, `/steady?rate=${eventsPerSec}&seconds=${seconds}`, "POST"),
    );
    ctx.log(
      `${kind}: ${eventsPerSec.toFixed(1)} events/s (${(eventsPerSec * RECEIVERS).toFixed(0)} deliveries/s) for ${seconds} s, lag p50 ${steady.lagP50Ms.toFixed(1)} ms, p95 ${steady.lagP95Ms.toFixed(1)} ms`,
    );
    return { sender: kind, burst, steady: { ...steady, eventsPerSec } };
  } finally {
    await sender.process.stop(15_000);
  }
}

function goals(bare: SenderResult, webhooks: SenderResult): GoalRow[] {
  const ratio = webhooks.burst.deliveriesPerSec / bare.burst.deliveriesPerSec;
  const p95 = webhooks.steady?.lagP95Ms ?? Number.NaN;
  return [
    { figure: "webhooks / bare deliveries per second", unit: "x", goal: ">= 0.25", value: ratio, verdict: ratio >= 0.25 ? "PASS" : "MISS" },
    { figure: "webhooks p95 lag at half its rate (ms)", unit: "x", goal: "<= 100 ms", value: p95, verdict: p95 <= 100 ? "PASS" : "MISS" },
  ];
}

async function main(): Promise<number> {
  const settings = readSettings();
  const ctx = new BenchContext(settings);
  ctx.closeOnSignals("webhook bench");
  const startedAt = new Date().toISOString();
  try {
    const controlPort = await freePort();
    const receiverProcess = startTypeScript(ctx, "receivers", "bench/webhooks/receivers.ts", {
      RECEIVERS: String(RECEIVERS),
      CONTROL_PORT: String(controlPort),
    });
    await waitForHttp(`http://${LOOPBACK}:${controlPort}/ports`, 200, {
      timeoutMs: settings.readyTimeoutSec * 1000,
      watch: [receiverProcess],
    });
    const receivers = { port: controlPort, process: receiverProcess, ports: await control<number[]>(controlPort, "/ports") };
    ctx.log(
      `Webhook bench: ${RECEIVERS} receivers, ${PER_RECEIVER} in flight per receiver, bursts of ${EVENTS} events, ${settings.durationSec} s steady`,
    );

    const webhooks = await measure(ctx, "webhooks", receivers);
    const bare = await measure(ctx, "bare", receivers, webhooks.steady?.eventsPerSec);
    // For information: the same service with its store in MongoDB (or FerretDB), when one is named.
    const mongodb = process.env.MONGO_URL ? [await measure(ctx, "webhooks-mongodb", receivers)] : [];
    const rows = [bare, webhooks, ...mongodb].flatMap((result) =>
      [["burst", result.burst] as const, ["steady", result.steady] as const].map(([name, p]) => [
        `${result.sender} ${name}`,
        p ? p.deliveries.toString() : "-",
        p ? p.deliveriesPerSec.toFixed(0) : "-",
        p ? p.lagP50Ms.toFixed(1) : "-",
        p ? p.lagP95Ms.toFixed(1) : "-",
        p ? p.lagMaxMs.toFixed(1) : "-",
        p?.senderCores?.toFixed(2) ?? "-",
        p?.receiverCores?.toFixed(2) ?? "-",
        p ? String(p.duplicates) : "-",
      ]),
    );
    ctx.log(`\n${table(["phase", "deliveries", "per s", "lag p50 ms", "p95 ms", "max ms", "sender CPU", "receivers CPU", "dupes"], rows)}`);
    const goalRows = goals(bare, webhooks);
    ctx.log(`\n${goalsTable(goalRows)}`);
    const file = writeStandaloneResults(REPO_ROOT, "webhooks", {
      startedAt,
      settings: { ...settings, events: EVENTS, receivers: RECEIVERS, perReceiver: PER_RECEIVER },
      results: [bare, webhooks, ...mongodb],
      goals: goalRows,
    });
    ctx.log(`results: ${file}`);
    return 0;
  } catch (error) {
    process.stderr.write(`webhook bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  } finally {
    await ctx.close();
  }
}

main().then((code) => process.exit(code));
