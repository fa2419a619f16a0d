import { STOP_GRACE_MS, type BenchContext } from "../lib/context";
import { startApp, startTypeScript, waitForReady } from "../lib/launch";
import type { LoadRequest } from "../lib/load";
import { freePort, LOOPBACK } from "../lib/net";
import { BARE_KEYS_PATH, OPEN_ROUTE_ORGANIZATION_HEADER, OPEN_ROUTE_PATH } from "../lib/open-route";
import type { InProcessPhase, PhaseReport } from "../lib/scenario";
import { seedOrganizations } from "../lib/seed";
import { alternatingRounds, DEFAULT_ROUNDS, fixed, median, medianSample, ROUNDS_OPTION, type RouteSample } from "./interleaved";
import { APP_ENV, ENTRY, KEYS_PER_ORGANIZATION, organizationsFor, roundSecondsOf, routeRequest, type Route } from "./routes";

/**
 * What the gateway's admission costs inside the app and outside it. The app (both routes)
 * and `bench/bare-admission-server.ts` (the same admission code in a plain `node:http`
 * server, with and without it) are loaded in turn at one fixed rate, so both do the same
 * work a second and wake for requests alike. The authenticated route's extra CPU per
 * request in each shows how much of the app's extra is the admission's own work and how
 * much comes from running it among the framework's per-request work (colder caches, and a
 * dearer wake-up of the load generator when the answer is written: bench/history/07-gateway-speed-round-6.md).
 */

const OUTSIDE_PHASE = "admission-outside-the-framework";
export const FIXED_RATE_OPTION = "fixed-rate";
/** Under what the app's authenticated route serves on two cores (about 8,000 a second), so neither server saturates. */
export const DEFAULT_FIXED_RATE = 4_000;
const BARE_SCRIPT = "bench/bare-admission-server.ts";

interface Extra {
  open: RouteSample;
  auth: RouteSample;
  /** Authenticated minus open CPU per request, µs. */
  cpuUs: number;
  userUs: number;
}

const extraOf = (open: RouteSample, auth: RouteSample): Extra => ({
  open,
  auth,
  cpuUs: auth.cpuUsPerRequest - open.cpuUsPerRequest,
  userUs: auth.userUsPerRequest - open.userUsPerRequest,
});

/** The medians of each route, and the median of the rounds' differences (not the difference of the medians). */
function medianExtra(rounds: readonly Extra[]): Extra {
  return {
    open: medianSample(rounds.map((round) => round.open)),
    auth: medianSample(rounds.map((round) => round.auth)),
    cpuUs: median(rounds.map((round) => round.cpuUs)),
    userUs: median(rounds.map((round) => round.userUs)),
  };
}

const HEADER = [
  "round",
  "app open µs",
  "app auth µs",
  "app extra µs",
  "app extra user µs",
  "bare open µs",
  "bare auth µs",
  "bare extra µs",
  "bare extra user µs",
  "app / bare extra",
];

const row = (label: string, app: Extra, bare: Extra) => [
  label,
  fixed(app.open.cpuUsPerRequest, 1),
  fixed(app.auth.cpuUsPerRequest, 1),
  fixed(app.cpuUs, 1),
  fixed(app.userUs, 1),
  fixed(bare.open.cpuUsPerRequest, 1),
  fixed(bare.auth.cpuUsPerRequest, 1),
  fixed(bare.cpuUs, 1),
  fixed(bare.userUs, 1),
  fixed(app.cpuUs / bare.cpuUs, 2),
];

function report(
  app: Record<Route, RouteSample[]>,
  bare: Record<Route, RouteSample[]>,
  rate: number,
  roundSec: number,
  keys: number,
): PhaseReport {
  const appRounds = app.open.map((open, at) => extraOf(open, app.auth[at] as RouteSample));
  const bareRounds = bare.open.map((open, at) => extraOf(open, bare.auth[at] as RouteSample));
  const [appMedian, bareMedian] = [medianExtra(appRounds), medianExtra(bareRounds)];
  return {
    figures: {
      "app.open.cpuUsPerRequest": appMedian.open.cpuUsPerRequest,
      "app.auth.cpuUsPerRequest": appMedian.auth.cpuUsPerRequest,
      "app.extraUsPerRequest": appMedian.cpuUs,
      "app.extraUserUsPerRequest": appMedian.userUs,
      "bare.open.cpuUsPerRequest": bareMedian.open.cpuUsPerRequest,
      "bare.auth.cpuUsPerRequest": bareMedian.auth.cpuUsPerRequest,
      "bare.extraUsPerRequest": bareMedian.cpuUs,
      "bare.extraUserUsPerRequest": bareMedian.userUs,
      "extra.appOverBare": median(appRounds.map((round, at) => round.cpuUs / (bareRounds[at] as Extra).cpuUs)),
    },
    table: {
      header: HEADER,
      rows: [...appRounds.map((round, at) => row(String(at + 1), round, bareRounds[at] as Extra)), row("median", appMedian, bareMedian)],
    },
    notes: [
      `${appRounds.length} rounds of ${roundSec} s per route and server at ${rate} requests a second; each server's pool holds ${keys} API keys; CPU is each server process's own per answered request`,
      "extra: the authenticated route's CPU per request minus the open route's, in the same server and round; bare: the gateway's admission code in a plain node:http server",
    ],
  };
}

/** The bare server's two routes, over the same number of organizations and keys as the app's. */
async function bareRoutes(baseUrl: string): Promise<Record<Route, LoadRequest>> {
  const answer = await fetch(new URL(BARE_KEYS_PATH, baseUrl));
  const { organizations, keys } = (await answer.json()) as { organizations: number; keys: string[] };
  return {
    open: {
      method: "GET",
      path: OPEN_ROUTE_PATH,
      headerVariants: Array.from({ length: organizations }, (_, at) => ({ [OPEN_ROUTE_ORGANIZATION_HEADER]: String(at) })),
    },
    auth: { method: "GET", path: "/api/v1/organization", headerVariants: keys.map((key) => ({ "x-api-key": key })) },
  };
}

async function measure(ctx: BenchContext): Promise<PhaseReport> {
  const { settings } = ctx;
  const rate = settings.options[FIXED_RATE_OPTION] ?? DEFAULT_FIXED_RATE;
  const rounds = settings.options[ROUNDS_OPTION] ?? DEFAULT_ROUNDS;
  const roundSec = roundSecondsOf(settings);
  const organizations = organizationsFor(settings);
  const app = await startApp(ctx, { label: "embedded, both routes", http: true, script: ENTRY, env: APP_ENV });
  const barePort = await freePort();
  const bare = startTypeScript(ctx, "bare server with admission", BARE_SCRIPT, {
    PORT: String(barePort),
    HOST: LOOPBACK,
    ORGANIZATIONS: String(organizations),
    KEYS_PER_ORGANIZATION: String(KEYS_PER_ORGANIZATION),
  });
  const bareUrl = `http://${LOOPBACK}:${barePort}`;
  try {
    const appUrl = app.baseUrl ?? "";
    await waitForReady(ctx, appUrl, [app.process]);
    await waitForReady(ctx, bareUrl, [bare]);
    const seeded = await seedOrganizations(appUrl, {
      organizations,
      keysPerOrganization: KEYS_PER_ORGANIZATION,
      timeoutMs: settings.readyTimeoutSec * 1000,
    });
    const servers = [
      {
        label: "app",
        baseUrl: appUrl,
        pid: app.process.pid,
        requests: { open: routeRequest("open", seeded), auth: routeRequest("auth", seeded) },
      },
      { label: "bare", baseUrl: bareUrl, pid: bare.pid, requests: await bareRoutes(bareUrl) },
    ];
    const [appSamples, bareSamples] = (await alternatingRounds(ctx, servers, { rounds, roundSec, rate })) as [
      Record<Route, RouteSample[]>,
      Record<Route, RouteSample[]>,
    ];
    return report(appSamples, bareSamples, rate, roundSec, organizations * KEYS_PER_ORGANIZATION);
  } finally {
    await Promise.all([app.process.stop(STOP_GRACE_MS), bare.stop(STOP_GRACE_MS)]);
  }
}

export const outsideTheFrameworkPhase: InProcessPhase = {
  name: OUTSIDE_PHASE,
  description: `${ENTRY} and ${BARE_SCRIPT} (the gateway's admission in a plain node:http server), both routes of each loaded in turn for --${ROUNDS_OPTION} rounds at --${FIXED_RATE_OPTION} requests a second; the authenticated route's extra CPU per request in each`,
  // Three minutes of loads more: a study of where the gap is, not a figure every run needs.
  onlyWhenNamed: true,
  run: measure,
};
