import mongoose from "mongoose";
import { ENTRY_ORDER, EntryStore, entryQuery } from "../../services/time-entries/entry-store";
import { TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "../../services/time-entries/time-entry";
import { skipOf, type Page } from "../../shared/paging";
import { openMongoStore } from "../../shared/storage/mongo";
import { CpuWindow } from "../lib/cpu";
import type { InProcessPhase, PhaseReport } from "../lib/scenario";
import { monthRange, randomSource, type Dataset, type SeededUser } from "./dataset";
import { prepareDataset } from "./prepare";
import { COMPARISON_HEADER, Durations, compareFigures, timed } from "./timings";
import { cpuFigures, pairsWanted, type PhaseClock } from "./phase-clock";

const PAGE: Page = { page: 1, per_page: 50 };

interface ListQuery {
  user: SeededUser;
  month: string;
}

interface Listed {
  ids: string[];
  total: number;
}

/** The raw driver doing what `EntryStore.list` asks of the store: the same query, sort, skip and limit, and the count, at once. */
async function rawList(entries: mongoose.mongo.Collection<TimeEntryDocument>, query: ListQuery): Promise<Listed> {
  const filter = entryQuery(query.user.organizationId, { user_id: query.user.id, ...monthRange(query.month) });
  const [items, total] = await Promise.all([
    entries.find(filter).sort(ENTRY_ORDER).skip(skipOf(PAGE)).limit(PAGE.per_page).toArray(),
    entries.countDocuments(filter),
  ]);
  return { ids: items.map((item) => item._id), total };
}

async function serviceList(store: EntryStore, query: ListQuery): Promise<Listed> {
  const { items, total } = await store.list(query.user.organizationId, { user_id: query.user.id, ...monthRange(query.month) }, PAGE);
  return { ids: items.map((item) => item._id), total };
}

function sameAnswer(a: Listed, b: Listed): boolean {
  return a.total === b.total && a.ids.length === b.ids.length && a.ids.every((id, index) => id === b.ids[index]);
}

async function measure(dataset: Dataset, serverUrl: string, clock: PhaseClock): Promise<PhaseReport> {
  const store = await openMongoStore(dataset.url);
  const client = new mongoose.mongo.MongoClient(serverUrl);
  try {
    await client.connect();
    const service = new EntryStore(await store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION));
    const raw = client.db(dataset.databaseName).collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION.name);
    const random = randomSource(7);
    const next = (): ListQuery => ({
      user: dataset.users[Math.floor(random() * dataset.users.length)] as SeededUser,
      month: dataset.months[Math.floor(random() * dataset.months.length)] as string,
    });
    const times = { service: new Durations(), raw: new Durations() };
    let pages = 0;
    let totals = 0;
    // One pair: the same query both ways, in turns of who goes first, and both must answer alike.
    const pair = async (index: number, record: boolean) => {
      const query = next();
      const runService = () => timed(record ? times.service : undefined, () => serviceList(service, query));
      const runRaw = () => timed(record ? times.raw : undefined, () => rawList(raw, query));
      let fromService: Listed;
      let fromRaw: Listed;
      if (index % 2 === 0) {
        fromService = await runService();
        fromRaw = await runRaw();
      } else {
        fromRaw = await runRaw();
        fromService = await runService();
      }
      if (!sameAnswer(fromService, fromRaw)) {
        throw new Error(
          `the store and the raw driver answered ${query.user.id} ${query.month} differently: ${fromService.total} vs ${fromRaw.total} entries`,
        );
      }
      pages += fromService.ids.length;
      totals += fromService.total;
    };

    const warmed = await clock.warmUp((index) => pair(index, false));
    const cpu = new CpuWindow(clock.observedPids);
    const pairs = await clock.measure((index) => pair(index, true));
    const used = cpu.end();
    const compared = compareFigures("list", "list (find + count)", times.service, times.raw);
    return {
      figures: {
        ...compared.figures,
        pairs,
        warmUpPairs: warmed,
        meanPageEntries: pages / pairs,
        meanTotal: totals / pairs,
        ...cpuFigures(clock, used),
      },
      table: { header: COMPARISON_HEADER, rows: compared.rows },
      notes: [
        `${pairs} pairs of one user's month (${PAGE.per_page} a page), each asked of the service's store and of the raw driver in turns of who goes first; on average ${(pages / pairs).toFixed(1)} entries on the page of ${(totals / pairs).toFixed(1)}`,
        ...clock.cpuNotes(used),
      ],
    };
  } finally {
    await store.close();
    await client.close();
  }
}

/** `EntryStore.list` (find and count through the storage port) against the raw driver doing the same. */
export const storeListPhase: InProcessPhase = {
  name: "store-list",
  description:
    "EntryStore.list through the storage port (mongoose) vs the raw MongoDB driver: the same find(sort, limit) + countDocuments, interleaved",
  async run(ctx) {
    const prepared = await prepareDataset(ctx);
    if (!prepared.available) return { skipped: prepared.reason };
    return measure(prepared.dataset, prepared.mongo.url, pairsWanted(ctx, prepared.mongo.pid));
  },
};
