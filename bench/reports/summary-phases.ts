import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import mongoose from "mongoose";
import { TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "../../services/time-entries/time-entry";
import { openMongoStore } from "../../shared/storage/mongo";
import type { InProcessPhase, PhaseReport } from "../lib/scenario";
import { monthRange, type Dataset } from "../time-entries/dataset";
import { prepareDataset } from "../time-entries/prepare";
import { COMPARISON_HEADER, Durations, compareFigures, timed } from "../time-entries/timings";
import { projectDaySums, reportBroker, sameSums } from "./report-broker";

/** Rounds of each side: a summary of a year reads every entry of it, so a few suffice. */
const ROUNDS = 5;

type RawEntries = mongoose.mongo.Collection<TimeEntryDocument>;

/** The organization with the most entries, and the days its entries span (at most a year). */
function yearOf(dataset: Dataset): { start_date: string; end_date: string } {
  const months = dataset.months.slice(-12);
  return { start_date: monthRange(months[0] as string).start_date, end_date: monthRange(months[months.length - 1] as string).end_date };
}

/**
 * The raw driver's shortest way to the same numbers: on MongoDB one `$group` by project and
 * UTC day; on FerretDB 1.x, which has no string operators in `$group`, a cursor over the
 * three fields with the sums in code.
 */
async function rawSums(
  entries: RawEntries,
  ferretDb: boolean,
  organizationId: string,
  range: { start_date: string; end_date: string },
): Promise<Map<string, number>> {
  const match = {
    organization_id: organizationId,
    start_time: { $gte: `${range.start_date}T00:00:00Z`, $lt: `${range.end_date}T23:59:60Z` },
  };
  const sums = new Map<string, number>();
  if (!ferretDb) {
    const rows = await entries
      .aggregate<{ _id: { p: string; d: string }; s: number }>([
        { $match: match },
        { $group: { _id: { p: "$project_id", d: { $substrBytes: ["$start_time", 0, 10] } }, s: { $sum: "$duration" } } },
      ])
      .toArray();
    for (const row of rows) sums.set(`${row._id.p}|${row._id.d}`, row.s);
    return sums;
  }
  for await (const doc of entries.find(match, { projection: { start_time: 1, duration: 1, project_id: 1 } })) {
    const key = `${doc.project_id}|${doc.start_time.slice(0, 10)}`;
    sums.set(key, (sums.get(key) ?? 0) + (doc.duration ?? 0));
  }
  return sums;
}

async function busiestOrganization(entries: RawEntries, dataset: Dataset): Promise<string> {
  const owners = dataset.users.filter((user) => user.role === "owner");
  const counts = await Promise.all(
    owners.map(async (owner) => [owner.organizationId, await entries.countDocuments({ organization_id: owner.organizationId })] as const),
  );
  return counts.sort((a, b) => b[1] - a[1])[0]?.[0] as string;
}

async function measureOnServer(dataset: Dataset, serverUrl: string, ferretDb: boolean): Promise<PhaseReport> {
  const store = await openMongoStore(dataset.url);
  const client = new mongoose.mongo.MongoClient(serverUrl);
  const data = mkdtempSync(join(tmpdir(), "stint-bench-reports-"));
  const reports = await reportBroker(store, data);
  try {
    await client.connect();
    const raw = client.db(dataset.databaseName).collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION.name);
    const organizationId = await busiestOrganization(raw, dataset);
    const range = yearOf(dataset);
    const query = { ...range, group_by: "project", sub_group_by: "day" };
    const times = { service: new Durations(), raw: new Durations() };
    let entryCount = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      const record = round > 0 ? times : undefined;
      const runService = () => timed(record?.service, () => reports.summary(organizationId, query));
      const runRaw = () => timed(record?.raw, () => rawSums(raw, ferretDb, organizationId, range));
      // In turns of who goes first, so that neither always meets a warm cache.
      let fromService;
      let fromRaw;
      if (round % 2 === 0) {
        fromService = await runService();
        fromRaw = await runRaw();
      } else {
        fromRaw = await runRaw();
        fromService = await runService();
      }
      if (!sameSums(projectDaySums(fromService), fromRaw))
        throw new Error("the summary report and the raw driver added up different numbers");
      entryCount = fromService.data.entry_count;
    }
    const compared = compareFigures("summary", "summary by project and day", times.service, times.raw);
    return {
      figures: { ...compared.figures, entries: entryCount },
      table: { header: COMPARISON_HEADER, rows: compared.rows },
      notes: [
        `${ROUNDS} rounds (after one warm-up) of one organization's ${entryCount.toLocaleString("en-US")} entries over ${range.start_date}..${range.end_date}, grouped by project and by day: reports.summary through the broker (validation, access, the time-entries stream, the sums, names) against the raw driver (${ferretDb ? "a cursor over three fields and sums in code: FerretDB 1.x has no $substrBytes" : "one $group by project and $substrBytes of start_time"})`,
      ],
    };
  } finally {
    await reports.stop();
    await store.close();
    await client.close();
    rmSync(data, { recursive: true, force: true });
  }
}

/** The summary report against the raw driver, on the seeded MongoDB/FerretDB data set. */
export const serverSummaryPhase: InProcessPhase = {
  name: "summary-server",
  description:
    "reports.summary (project x day, one organization's year) on MongoDB/FerretDB vs the raw driver's aggregation of the same sums",
  async run(ctx) {
    const prepared = await prepareDataset(ctx);
    if (!prepared.available) return { skipped: prepared.reason };
    return measureOnServer(prepared.dataset, prepared.mongo.url, prepared.mongo.ferretDb);
  },
};
