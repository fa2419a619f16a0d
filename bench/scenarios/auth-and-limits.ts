import { randomBytes } from "node:crypto";
import type { BenchContext } from "../lib/context";
import { phaseFigureGoal, ratioGoal } from "../lib/goals";
import { startApp, waitForReady } from "../lib/launch";
import type { Measurement } from "../lib/measure";
import type { ObservedProcess, RunningTarget, ScenarioSet, Target, TargetStart } from "../lib/scenario";
import { requestEachOnce, seedOrganizations, type SeededOrganization } from "../lib/seed";
import { DEFAULT_ROUNDS, INTERLEAVED_PHASE, interleavedPhase, ROUNDS_OPTION } from "../auth-and-limits/interleaved";
import { DEFAULT_FIXED_RATE, FIXED_RATE_OPTION, outsideTheFrameworkPhase } from "../auth-and-limits/outside-the-framework";
import {
  APP_ENV,
  DEFAULT_ROUND_SECONDS,
  ENTRY,
  KEYS_PER_ORGANIZATION,
  organizationsFor,
  ROUND_SECONDS_OPTION,
  routeRequest,
  type Route,
} from "../auth-and-limits/routes";

/**
 * What authentication and rate limiting cost on a real request. The same seeded data and
 * the same `auth.getOrganization` handler are reached two ways:
 *
 * - `open`: `GET /bench-open/organization`, a route only the bench's own entry file
 *   (`bench/app-with-open-route.ts`) adds, which names the organization in a header and
 *   skips the gateway's authentication and rate limiting;
 * - `auth`: `GET /api/v1/organization` with `X-API-Key`, the product's route: the key
 *   lookup (cached per process) and its revocation, role and plan marks, and the Style A
 *   limit (minute, hour and day counted in one step).
 *
 * The targets give each route a process and a run of its own, embedded and distributed;
 * the `embedded-interleaved` phase loads both routes of one process in turn, which is the
 * steadier figure on a busy machine (see `bench/auth-and-limits/interleaved.ts`); the
 * `admission-outside-the-framework` phase sets the authenticated route's extra cost in the
 * app beside that of the same admission code in a plain `node:http` server (see
 * `bench/auth-and-limits/outside-the-framework.ts`).
 *
 * Style A allows 100 requests a minute per key, so one key would be refused within the
 * first second. The load goes round a pool of keys large enough that no key reaches its
 * limit (`bench/auth-and-limits/routes.ts`); any refusal (429) is a non-2xx answer, which
 * fails the target rather than counting as served. Every key is used once before the
 * warm-up, so the figures are those of keys the gateway already knows (bench/README.md).
 */

/** Seeds the accounts (the same for both routes) and points the target at its route. */
async function seededRun(
  ctx: BenchContext,
  route: Route,
  baseUrl: string,
  started: Omit<RunningTarget, "baseUrl">,
): Promise<RunningTarget> {
  const organizations = organizationsFor(ctx.settings);
  const seeded = await seedOrganizations(baseUrl, {
    organizations,
    keysPerOrganization: KEYS_PER_ORGANIZATION,
    timeoutMs: ctx.settings.readyTimeoutSec * 1000,
  });
  const request = routeRequest(route, seeded);
  // Both routes once per key or organization before the warm-up, however slow the machine.
  await requestEachOnce(baseUrl, request.path, request.headerVariants ?? []);
  const first = seeded[0] as SeededOrganization;
  return {
    ...started,
    baseUrl,
    request,
    expect: { status: 200, contentType: "application/json; charset=utf-8", body: { data: first.shown } },
    notes: [
      ...(started.notes ?? []),
      `seeded ${seeded.length} organizations with ${KEYS_PER_ORGANIZATION} API keys each; load goes round ${request.headerVariants?.length ?? 0} ${route === "auth" ? "keys" : "organizations"} on ${request.path}`,
    ],
  };
}

function embedded(route: Route): Target {
  return {
    name: `${route}-embedded`,
    description: `${ENTRY} in one process, memory counters; ${route === "open" ? "route without authentication or limits" : "GET /api/v1/organization with API keys"}`,
    async start(ctx): Promise<TargetStart> {
      const app = await startApp(ctx, { label: "embedded", http: true, script: ENTRY, env: APP_ENV });
      const baseUrl = app.baseUrl ?? "";
      await waitForReady(ctx, baseUrl, [app.process]);
      return seededRun(ctx, route, baseUrl, { processes: [app.process], observe: [app.process] });
    },
  };
}

function distributed(route: Route): Target {
  return {
    name: `${route}-distributed`,
    description: `${ENTRY} as the gateway (counters in Redis) and main.ts with SERVICES=auth, over NATS; ${route === "open" ? "route without authentication or limits" : "GET /api/v1/organization with API keys"}`,
    async start(ctx): Promise<TargetStart> {
      const [nats, redis] = [await ctx.natsServer(), await ctx.redisServer()];
      if (!nats.available) return { skipped: nats.reason };
      if (!redis.available) return { skipped: redis.reason };
      // One signing key for both processes: the gateway checks the tokens the auth service issues.
      const shared = {
        ...APP_ENV,
        NATS_URL: nats.url,
        REDIS_URL: redis.url,
        NAMESPACE: `bench-${process.pid}`,
        JWT_SECRET: randomBytes(48).toString("base64url"),
      };
      const worker = await startApp(ctx, { label: "services(auth)", http: false, env: { ...shared, SERVICES: "auth" } });
      // The deployment runs auth alone: the gateway is ready once it answers.
      const gateway = await startApp(ctx, {
        label: "gateway",
        http: true,
        script: ENTRY,
        env: { ...shared, SERVICES: "gateway", DEPLOYED_SERVICES: "auth" },
      });
      const processes = [worker.process, gateway.process];
      const baseUrl = gateway.baseUrl ?? "";
      await waitForReady(ctx, baseUrl, processes);
      const shown = (server: { source: string; pid?: number; url: string }, name: string) =>
        server.source === "private" ? `private ${name} (pid ${server.pid ?? "?"}) at ${server.url}` : `${name} from the environment`;
      const observe: ObservedProcess[] = [...processes];
      if (nats.pid !== undefined) observe.push({ label: "nats-server", pid: nats.pid });
      if (redis.pid !== undefined) observe.push({ label: "redis-server", pid: redis.pid });
      return seededRun(ctx, route, baseUrl, {
        processes,
        observe,
        notes: [`bus: ${shown(nats, "nats-server")}`, `counters: ${shown(redis, "redis-server")}`],
      });
    },
  };
}

/** With authentication and rate limiting, at least this share of the throughput without them. */
const GOAL = 0.85;

const throughput = (m: Measurement) => m.load?.requestsPerSec;

/**
 * CPU seconds the target's processes (app, NATS, Redis; not the load generator) spent per
 * request served. Other work on the machine takes throughput away from whichever target
 * it happens to overlap; it hardly changes what one request costs.
 */
function cpuPerRequest(m: Measurement): number | undefined {
  const rate = m.load?.requestsPerSec;
  const cores = m.observed.map((entry) => entry.cpuCores);
  if (!rate || cores.some((value) => value === undefined)) return undefined;
  return cores.reduce<number>((sum, value) => sum + (value ?? 0), 0) / rate;
}

export const authAndLimits: ScenarioSet = {
  name: "auth-and-limits",
  title: "Authentication and rate limiting",
  description:
    "GET /api/v1/organization with API keys against the same handler reached without authentication or rate limits, embedded and distributed",
  // Each target brings its own request and expected answer once its accounts exist.
  request: { method: "GET", path: "/api/v1/organization" },
  expect: { status: 200, contentType: "application/json; charset=utf-8", body: null },
  reference: "open-embedded",
  options: {
    [ROUNDS_OPTION]: {
      doc: "rounds of the embedded-interleaved and admission-outside-the-framework phases",
      fallback: DEFAULT_ROUNDS,
      min: 1,
      max: 50,
    },
    [ROUND_SECONDS_OPTION]: {
      doc: "seconds of measured load per route and round in the embedded-interleaved and admission-outside-the-framework phases",
      fallback: DEFAULT_ROUND_SECONDS,
      min: 1,
      max: 120,
    },
    [FIXED_RATE_OPTION]: {
      doc: "requests a second of every load in the admission-outside-the-framework phase",
      fallback: DEFAULT_FIXED_RATE,
      min: 100,
      max: 100_000,
    },
  },
  phases: [interleavedPhase, outsideTheFrameworkPhase],
  targets: [embedded("open"), embedded("auth"), distributed("open"), distributed("auth")],
  // The goal: with authentication and rate limiting, at least 0.85 of the throughput. The
  // same ratio is also computed from CPU time per request, which other work on a shared
  // machine disturbs far less than throughput.
  goals(measurements, phases) {
    const interleaved = [
      phaseFigureGoal(
        "embedded, both routes in turn (median of rounds): authenticated / open throughput",
        phases,
        INTERLEAVED_PHASE,
        "throughput.ratio",
        "x",
        { atLeast: GOAL },
      ),
      phaseFigureGoal(
        "embedded, both routes in turn (median of rounds): open / authenticated CPU per request",
        phases,
        INTERLEAVED_PHASE,
        "cpu.ratio",
        "x",
        { atLeast: GOAL },
      ),
    ];
    return [
      ...interleaved,
      ...["embedded", "distributed"].flatMap((mode) => {
        const [auth, open] = [`auth-${mode}`, `open-${mode}`];
        return [
          ratioGoal(
            `${mode}, a run each: authenticated / open throughput`,
            measurements,
            { numerator: auth, denominator: open },
            throughput,
            { atLeast: GOAL },
          ),
          ratioGoal(
            `${mode}, a run each: open / authenticated CPU per request`,
            measurements,
            { numerator: open, denominator: auth },
            cpuPerRequest,
            { atLeast: GOAL },
          ),
        ];
      }),
    ];
  },
};
