import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { ServiceBroker } from "moleculer";
import { ZoneCalendar } from "../../services/reports/zone";
import type { EntryTotalsQuery } from "../../services/time-entries/client";
import { timeEntriesService } from "../../services/time-entries/time-entries.service";
import { tokenSigner } from "../../shared/auth/tokens";
import type { RateChange } from "../../shared/billing/rate-book";
import { loadConfig } from "../../shared/config";
import { openMemoryStore } from "../../shared/kv/memory";
import { readPulled, type PulledStream } from "../../shared/pulled-stream";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import { openMongoStore } from "../../shared/storage/mongo";
import type { DocumentStore } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import { provideScaleDataset } from "../embedded-scale/dataset";
import type { BenchContext } from "../lib/context";
import type { InProcessPhase, PhaseReport } from "../lib/scenario";
import { monthRange } from "../time-entries/dataset";
import { prepareDataset } from "../time-entries/prepare";
import { Durations } from "../time-entries/timings";
import { EMBEDDED_ENTRIES, EMBEDDED_ENTRIES_OPTION } from "./embedded-phases";

/**
 * What amounts cost a summary: the time-entries service's sums of a year (project x day,
 * Europe/Berlin) with and without `money`, in turns, on the same store in the same run.
 * With money every entry is also looked up in the rate book and priced (and its user read).
 * The rates are a realistic book: an organization default, a rate per project changed in
 * the middle of the year, and a few people with rates of their own.
 */

const ROUNDS = 6;
const SECRET = "bench-signing-secret-that-is-long-enough-0123456789";

function rateBook(users: readonly string[], projects: readonly string[], changeDay: string): RateChange[] {
  const rates: RateChange[] = [{ level: "organization", user_id: null, project_id: null, hourly_rate: 80, effective_from: null }];
  projects.forEach((project, index) => {
    rates.push({ level: "project", user_id: null, project_id: project, hourly_rate: 90 + index, effective_from: null });
    rates.push({ level: "project", user_id: null, project_id: project, hourly_rate: 100 + index, effective_from: changeDay });
  });
  users.slice(0, 5).forEach((user, index) => {
    rates.push({ level: "member", user_id: user, project_id: null, hourly_rate: 120 + index, effective_from: null });
    rates.push({ level: "project_member", user_id: user, project_id: projects[0] as string, hourly_rate: 150, effective_from: changeDay });
  });
  return rates;
}

interface Asked {
  organizationId: string;
  start_date: string;
  end_date: string;
  users: readonly string[];
  projects: readonly string[];
}

async function compare(store: DocumentStore, asked: Asked): Promise<PhaseReport> {
  const data = mkdtempSync(join(tmpdir(), "stint-bench-amounts-"));
  const config = loadConfig({ DATA_DIR: data, JWT_SECRET: SECRET, LOG_LEVEL: "fatal" });
  const kv = openMemoryStore();
  const broker = new ServiceBroker({ logger: false });
  broker.createService(timeEntriesService({ config, store, kv, signer: tokenSigner(SECRET, config.accessTokenTtlSeconds) }));
  await broker.start();
  try {
    const calendar = new ZoneCalendar(asked.start_date, asked.end_date, "Europe/Berlin");
    const changeDay = `${asked.end_date.slice(0, 4)}-${asked.start_date.slice(5, 7)}-15`;
    const base: EntryTotalsQuery = {
      window: { organizationId: asked.organizationId, from: calendar.from, to: calendar.to },
      groupBy: ["project", "day"],
      dayStarts: calendar.starts,
      asOf: isoSeconds(),
    };
    const withMoney: EntryTotalsQuery = { ...base, money: { minorDigits: 2, rates: rateBook(asked.users, asked.projects, changeDay) } };
    const ctx = { call: broker.call.bind(broker) as ServiceBroker["call"], broker };
    const sum = async (query: EntryTotalsQuery): Promise<number> => {
      const handle = (await broker.call("timeEntries.sumEntries", query)) as PulledStream;
      let bytes = 0;
      for await (const chunk of readPulled(ctx, handle) as AsyncIterable<Buffer>) bytes += chunk.length;
      return bytes;
    };
    const times = { without: new Durations(), with: new Durations() };
    const cpu = { without: new Durations(), with: new Durations() };
    for (let round = 0; round <= ROUNDS; round++) {
      // In turns of who goes first, so that neither always meets a warm cache.
      const order = round % 2 === 0 ? (["without", "with"] as const) : (["with", "without"] as const);
      for (const side of order) {
        const started = performance.now();
        const cpuBefore = process.cpuUsage();
        await sum(side === "with" ? withMoney : base);
        const used = process.cpuUsage(cpuBefore);
        if (round > 0) {
          times[side].add(performance.now() - started);
          cpu[side].add((used.user + used.system) / 1000);
        }
      }
    }
    const ratio = times.with.percentile(50) / times.without.percentile(50);
    const cpuRatio = cpu.with.percentile(50) / cpu.without.percentile(50);
    return {
      figures: {
        "amounts.withP50Ms": times.with.percentile(50),
        "amounts.withoutP50Ms": times.without.percentile(50),
        "amounts.withCpuP50Ms": cpu.with.percentile(50),
        "amounts.withoutCpuP50Ms": cpu.without.percentile(50),
      },
      table: {
        header: ["sums of a year, project x day", "p50 ms", "CPU p50 ms"],
        rows: [
          ["without amounts", times.without.percentile(50).toFixed(0), cpu.without.percentile(50).toFixed(0)],
          ["with amounts", times.with.percentile(50).toFixed(0), cpu.with.percentile(50).toFixed(0)],
          ["with / without", `${ratio.toFixed(2)}x`, `${cpuRatio.toFixed(2)}x`],
        ],
      },
      notes: [
        `${ROUNDS} rounds after a warm-up, each side in turn, ${asked.start_date}..${asked.end_date}: timeEntries.sumEntries read to its end in this process`,
      ],
    };
  } finally {
    await broker.stop();
    await kv.close();
    rmSync(data, { recursive: true, force: true });
  }
}

async function onEmbedded(ctx: BenchContext): Promise<PhaseReport> {
  const dataset = await provideScaleDataset(ctx.settings.options[EMBEDDED_ENTRIES_OPTION] ?? EMBEDDED_ENTRIES, (line) => ctx.log(line));
  const store = await openEmbeddedStore(dataset.dataDir);
  try {
    return await compare(store, {
      organizationId: dataset.organizationId,
      start_date: `${dataset.months[0] as string}-01`,
      end_date: monthRange(dataset.months[dataset.months.length - 1] as string).end_date,
      users: dataset.users.map((user) => user.id),
      projects: dataset.projects,
    });
  } finally {
    await store.close();
  }
}

async function onServer(ctx: BenchContext): Promise<PhaseReport | { skipped: string }> {
  const prepared = await prepareDataset(ctx);
  if (!prepared.available) return { skipped: prepared.reason };
  const { dataset } = prepared;
  const store = await openMongoStore(dataset.url);
  try {
    // The organization of the first owner, and its people and projects.
    const organizationId = dataset.users.find((user) => user.role === "owner")?.organizationId as string;
    const months = dataset.months.slice(-12);
    return await compare(store, {
      organizationId,
      start_date: monthRange(months[0] as string).start_date,
      end_date: monthRange(months[months.length - 1] as string).end_date,
      users: dataset.users.filter((user) => user.organizationId === organizationId).map((user) => user.id),
      projects: dataset.projects.filter((project) => project.organizationId === organizationId).map((project) => project.id),
    });
  } finally {
    await store.close();
  }
}

export const amountsEmbeddedPhase: InProcessPhase = {
  name: "amounts-embedded",
  description: "a year's sums with and without amounts, in turns, on the embedded store (--embedded-entries)",
  run: onEmbedded,
};

export const amountsServerPhase: InProcessPhase = {
  name: "amounts-server",
  description: "a year's sums with and without amounts, in turns, on the MongoDB/FerretDB data set (--entries)",
  run: onServer,
};
