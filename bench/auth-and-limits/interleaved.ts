import { KEY_CACHE_TTL_MS } from "../../shared/auth/revocations";
import { STOP_GRACE_MS, type BenchContext } from "../lib/context";
import { probeCpuUsage, type CpuSeconds } from "../lib/cpu-usage";
import { startApp, waitForReady } from "../lib/launch";
import { runLoad, type LoadRequest, type LoadResult } from "../lib/load";
import { nearestRank } from "../lib/percentile";
import type { InProcessPhase, PhaseReport } from "../lib/scenario";
import { requestEachOnce, seedOrganizations } from "../lib/seed";
import {
  APP_ENV,
  ENTRY,
  KEYS_PER_ORGANIZATION,
  organizationsFor,
  ROUND_SECONDS_OPTION,
  roundSecondsOf,
  routeRequest,
  SWITCH_WARMUP_SEC,
  type Route,
} from "./routes";

/**
 * Both routes of one embedded process, loaded in turn. The targets of the set give each
 * route a process and a run of its own, one after the other; on a shared or virtual machine
 * whatever else runs meanwhile moves one run's figure by more than authentication costs.
 * Here the same process, with the same data, the same compiled code and the same heap,
 * serves the open route and the authenticated one in alternating rounds, each round's
 * ratio is taken from two loads seconds apart, and the figure is the median of the rounds.
 */

export const INTERLEAVED_PHASE = "embedded-interleaved";
export const ROUNDS_OPTION = "rounds";
export const DEFAULT_ROUNDS = 5;

/** Room on either side of a key's expiry: the bench's clock and the gateway's, and the time a request takes. */
const KEY_MARGIN_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

export interface RouteSample {
  requestsPerSec: number;
  cpuUsPerRequest: number;
  /**
   * The part of it in the process's own code and libraries. The rest is the kernel's work
   * for the process (the connections' reads and writes, and waking whoever reads them), which
   * on a machine shared with the load generator moves with the generator's timing.
   */
  userUsPerRequest: number;
}

export const median = (values: readonly number[]) => nearestRank(values, 50);

function checked(load: LoadResult, what: string): LoadResult {
  if (load.problems.length > 0) throw new Error(`${what}: ${load.problems.join("; ")}`);
  return load;
}

export const fixed = (value: number, digits: number) => value.toFixed(digits);

/** A round's figures, or their medians: each route's sample and the three ratios. */
interface Comparison {
  open: RouteSample;
  auth: RouteSample;
  throughputRatio: number;
  cpuRatio: number;
  userRatio: number;
}

const compare = (open: RouteSample, auth: RouteSample): Comparison => ({
  open,
  auth,
  throughputRatio: auth.requestsPerSec / open.requestsPerSec,
  cpuRatio: open.cpuUsPerRequest / auth.cpuUsPerRequest,
  userRatio: open.userUsPerRequest / auth.userUsPerRequest,
});

export const medianSample = (samples: readonly RouteSample[]): RouteSample => ({
  requestsPerSec: median(samples.map((sample) => sample.requestsPerSec)),
  cpuUsPerRequest: median(samples.map((sample) => sample.cpuUsPerRequest)),
  userUsPerRequest: median(samples.map((sample) => sample.userUsPerRequest)),
});

const TABLE_HEADER = [
  "round",
  "open req/s",
  "auth req/s",
  "auth / open",
  "open CPU µs",
  "auth CPU µs",
  "open / auth CPU",
  "open user µs",
  "auth user µs",
  "open / auth user",
];

const tableRow = (label: string, c: Comparison) => [
  label,
  fixed(c.open.requestsPerSec, 0),
  fixed(c.auth.requestsPerSec, 0),
  fixed(c.throughputRatio, 3),
  fixed(c.open.cpuUsPerRequest, 1),
  fixed(c.auth.cpuUsPerRequest, 1),
  fixed(c.cpuRatio, 3),
  fixed(c.open.userUsPerRequest, 1),
  fixed(c.auth.userUsPerRequest, 1),
  fixed(c.userRatio, 3),
];

/**
 * The rounds' table and the figures the set's goals read: the median of each round's ratio
 * (not the ratio of the medians), beside the median of each route's figures.
 */
function report(open: readonly RouteSample[], auth: readonly RouteSample[], organizations: number, roundSec: number): PhaseReport {
  const rounds = open.map((sample, round) => compare(sample, auth[round] as RouteSample));
  const medians: Comparison = {
    open: medianSample(open),
    auth: medianSample(auth),
    throughputRatio: median(rounds.map((round) => round.throughputRatio)),
    cpuRatio: median(rounds.map((round) => round.cpuRatio)),
    userRatio: median(rounds.map((round) => round.userRatio)),
  };
  const figures = {
    "throughput.ratio": medians.throughputRatio,
    "cpu.ratio": medians.cpuRatio,
    "user.ratio": medians.userRatio,
    "open.requestsPerSec": medians.open.requestsPerSec,
    "auth.requestsPerSec": medians.auth.requestsPerSec,
    "open.cpuUsPerRequest": medians.open.cpuUsPerRequest,
    "auth.cpuUsPerRequest": medians.auth.cpuUsPerRequest,
    "open.userUsPerRequest": medians.open.userUsPerRequest,
    "auth.userUsPerRequest": medians.auth.userUsPerRequest,
  };
  const rows = [...rounds.map((round, at) => tableRow(String(at + 1), round)), tableRow("median", medians)];
  return {
    figures,
    table: { header: TABLE_HEADER, rows },
    notes: [
      `${open.length} rounds of ${roundSec} s per route, ${organizations} organizations with ${KEYS_PER_ORGANIZATION} API keys each; CPU is the app process's own per answered request`,
      "user: the part of that CPU in the process's own code and libraries; the rest is the kernel's work for it (sockets, waking the load generator)",
    ],
  };
}

/** A process that serves both routes: where it listens, its pid for its CPU time, and the load of each route. */
export interface BothRoutes {
  label: string;
  baseUrl: string;
  pid: number;
  requests: Record<Route, LoadRequest>;
}

export interface RoundsPlan {
  rounds: number;
  roundSec: number;
  /** Requests a second over all connections; 0: as fast as answered. */
  rate: number;
}

/**
 * Every server's two routes loaded in turn, round after round; each route's samples per
 * server, in the order of `servers`.
 */
export async function alternatingRounds(
  ctx: BenchContext,
  servers: readonly BothRoutes[],
  plan: RoundsPlan,
): Promise<Record<Route, RouteSample[]>[]> {
  const stages = servers.map((server) => routeStage(ctx, server, plan.rate));
  for (const stage of stages) await stage.warmUp();
  for (let round = 0; round < plan.rounds; round += 1) {
    // Which route goes first alternates, so that a drift of the machine favours neither.
    const order: readonly Route[] = round % 2 === 0 ? ["open", "auth"] : ["auth", "open"];
    for (const stage of stages) {
      for (const route of order) await stage.measure(route, round, plan.roundSec);
      const [open, auth] = [stage.samples.open[round] as RouteSample, stage.samples.auth[round] as RouteSample];
      ctx.log(
        `  round ${round + 1}, ${stage.label}: open ${fixed(open.requestsPerSec, 0)} req/s, ${fixed(open.cpuUsPerRequest, 1)} µs (user ${fixed(open.userUsPerRequest, 1)}); authenticated ${fixed(auth.requestsPerSec, 0)} req/s, ${fixed(auth.cpuUsPerRequest, 1)} µs (user ${fixed(auth.userUsPerRequest, 1)})`,
      );
    }
  }
  return stages.map((stage) => stage.samples);
}

/** One server in the rounds: its warm-up, one measured load of a route, and the samples so far. */
interface RouteStage {
  label: string;
  /** Each route's warm-up (`BENCH_WARMUP` seconds), its keys made known first. */
  warmUp(): Promise<void>;
  /** A route's switch warm-up and measured load in `round`, its sample added to `samples`. */
  measure(route: Route, round: number, roundSec: number): Promise<void>;
  samples: Record<Route, RouteSample[]>;
}

function routeStage(ctx: BenchContext, server: BothRoutes, rate: number): RouteStage {
  const { settings } = ctx;
  const { baseUrl, requests } = server;
  const load = (route: Route, durationSec: number) =>
    runLoad({ baseUrl, request: requests[route], connections: settings.connections, durationSec, rate });
  const prime = (route: Route) => requestEachOnce(baseUrl, requests[route].path, requests[route].headerVariants ?? []);
  // The gateway keeps a key for KEY_CACHE_TTL_MS from its look-up, and then looks it up
  // again: a read of three documents and a write, thousands at once when they were all
  // looked up together. Like the targets, the rounds measure keys the gateway knows: a load
  // that would outlast the keys waits for them to expire, and they are all looked up again
  // (by sending each once) before it starts.
  let lookedUpFrom = Number.NaN;
  let lookedUpUntil = Number.NaN;
  const keysLastFor = async (seconds: number) => {
    if (Date.now() + seconds * 1000 + KEY_MARGIN_MS < lookedUpFrom + KEY_CACHE_TTL_MS) return;
    if (!Number.isNaN(lookedUpUntil)) await sleep(lookedUpUntil + KEY_CACHE_TTL_MS + KEY_MARGIN_MS - Date.now());
    lookedUpFrom = Date.now();
    await prime("auth");
    lookedUpUntil = Date.now();
  };
  const ready = (route: Route, seconds: number) => (route === "auth" ? keysLastFor(seconds) : prime(route));
  const cpuUsage = async (): Promise<CpuSeconds> => {
    const usage = await probeCpuUsage(server.pid);
    if (usage === undefined) throw new Error(`${server.label} (pid ${server.pid}) did not report its CPU time`);
    return usage;
  };
  const perRequestUs = (seconds: number, measured: LoadResult) => (seconds * 1e6) / measured.responses2xx;
  const samples: Record<Route, RouteSample[]> = { open: [], auth: [] };

  async function measure(route: Route, round: number, roundSec: number): Promise<void> {
    await ready(route, SWITCH_WARMUP_SEC + roundSec);
    checked(await load(route, SWITCH_WARMUP_SEC), `${server.label}, ${route} warm-up of round ${round + 1}`);
    const before = await cpuUsage();
    const measured = checked(await load(route, roundSec), `${server.label}, ${route}, round ${round + 1}`);
    const after = await cpuUsage();
    const user = after.user - before.user;
    samples[route].push({
      requestsPerSec: measured.requestsPerSec,
      cpuUsPerRequest: perRequestUs(user + after.system - before.system, measured),
      userUsPerRequest: perRequestUs(user, measured),
    });
  }

  async function warmUp(): Promise<void> {
    for (const route of ["open", "auth"] as const) {
      await ready(route, settings.warmupSec);
      if (settings.warmupSec > 0) checked(await load(route, settings.warmupSec), `${server.label}, ${route} warm-up`);
    }
  }

  return { label: server.label, warmUp, measure, samples };
}

async function measureRounds(ctx: BenchContext, baseUrl: string, pid: number, rounds: number, roundSec: number): Promise<PhaseReport> {
  const { settings } = ctx;
  const organizations = organizationsFor(settings);
  const seeded = await seedOrganizations(baseUrl, {
    organizations,
    keysPerOrganization: KEYS_PER_ORGANIZATION,
    timeoutMs: settings.readyTimeoutSec * 1000,
  });
  const requests = { open: routeRequest("open", seeded), auth: routeRequest("auth", seeded) };
  const [samples] = await alternatingRounds(ctx, [{ label: "app", baseUrl, pid, requests }], { rounds, roundSec, rate: settings.rate });
  const { open, auth } = samples as Record<Route, RouteSample[]>;
  return report(open, auth, organizations, roundSec);
}

export const interleavedPhase: InProcessPhase = {
  name: INTERLEAVED_PHASE,
  description: `${ENTRY} in one process: the open and the authenticated route loaded in turn for --${ROUNDS_OPTION} rounds of --${ROUND_SECONDS_OPTION} s each; medians of the rounds`,
  async run(ctx) {
    const rounds = ctx.settings.options[ROUNDS_OPTION] ?? DEFAULT_ROUNDS;
    const roundSec = roundSecondsOf(ctx.settings);
    const app = await startApp(ctx, { label: "embedded, both routes", http: true, script: ENTRY, env: APP_ENV });
    try {
      const baseUrl = app.baseUrl ?? "";
      await waitForReady(ctx, baseUrl, [app.process]);
      return await measureRounds(ctx, baseUrl, app.process.pid, rounds, roundSec);
    } finally {
      await app.process.stop(STOP_GRACE_MS);
    }
  },
};
