import { readFileSync } from "node:fs";
import { join } from "node:path";
import { absoluteGoal, ratioGoal } from "../lib/goals";
import { REPO_ROOT } from "../lib/launch";
import type { Measurement } from "../lib/measure";
import type { ScenarioSet } from "../lib/scenario";
import { bareServerTarget, distributedTarget, embeddedTarget, withCompared } from "./targets";

const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;

const throughput = (m: Measurement) => m.load?.requestsPerSec;
const p99 = (m: Measurement) => m.load?.latencyP99Ms;
/** CPU per answered request, in µs, of the target's processes the bench started (NATS not included). */
const cpuPerRequest = (labels?: readonly string[]) => (m: Measurement) => {
  const figures = m.observed
    .filter((entry) => (labels ? labels.includes(entry.label) : entry.label !== "nats-server"))
    .map((entry) => entry.cpuUsPerRequest);
  return figures.length === 0 || figures.some((value) => value === undefined)
    ? undefined
    : figures.reduce<number>((sum, value) => sum + (value ?? 0), 0);
};
/** The inverse, so that a CPU ratio reads like a throughput ratio: bare's cost ÷ the target's. */
const requestsPerCpuSecond = (labels?: readonly string[]) => (m: Measurement) => {
  const micros = cpuPerRequest(labels)(m);
  return micros === undefined || micros === 0 ? undefined : 1e6 / micros;
};
const embeddedMemory = (pick: "idleMiB" | "peakMiB") => (m: Measurement) => m.observed.find((entry) => entry.label === "embedded")?.[pick];

/**
 * The cheapest route there is, `GET /api/v1/version`: no store, no auth work beyond the
 * gateway's own, a constant answer. What it measures is the cost of the framework and the
 * bus themselves, against a bare Node server answering the same bytes.
 */
export const trivialRoute: ScenarioSet = {
  name: "trivial-route",
  title: "Trivial route",
  description: "GET /api/v1/version against a bare node:http server, the app distributed over NATS, and the app embedded",
  request: { method: "GET", path: "/api/v1/version" },
  expect: { status: 200, contentType: "application/json; charset=utf-8", body: { data: { name: "stint", version, api: "v1" } } },
  reference: "bare",
  // With BENCH_COMPARE_TREE, the other checkout's app runs in turn with this one's.
  targets: [
    bareServerTarget("bench/bare-server.ts"),
    ...withCompared((tree) => distributedTarget(["system"], tree)),
    ...withCompared(embeddedTarget),
  ],
  goals(measurements) {
    const vsBare = (numerator: string) => ({ numerator, denominator: "bare" });
    return [
      ratioGoal("distributed / bare throughput", measurements, vsBare("distributed"), throughput, { atLeast: 0.3 }),
      ratioGoal("embedded / bare throughput", measurements, vsBare("embedded"), throughput, { atLeast: 0.55 }),
      ratioGoal("distributed p99 / bare p99", measurements, vsBare("distributed"), p99, { atMost: 4 }),
      ratioGoal("embedded p99 / bare p99", measurements, vsBare("embedded"), p99, { atMost: 2 }),
      ratioGoal("embedded / bare requests per CPU second", measurements, vsBare("embedded"), requestsPerCpuSecond(), { atLeast: 0.55 }),
      absoluteGoal("distributed gateway CPU per request", measurements, "distributed", cpuPerRequest(["gateway"]), "µs", { below: 120 }),
      absoluteGoal("embedded RSS idle", measurements, "embedded", embeddedMemory("idleMiB"), "MiB", { below: 200 }),
      absoluteGoal("embedded RSS peak under load", measurements, "embedded", embeddedMemory("peakMiB"), "MiB", { below: 200 }),
    ];
  },
};
