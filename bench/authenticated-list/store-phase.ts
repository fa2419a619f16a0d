import { EntryStore } from "../../services/time-entries/entry-store";
import { TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "../../services/time-entries/time-entry";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import { nearestRankOfSorted } from "../lib/percentile";
import type { InProcessPhase } from "../lib/scenario";
import { listDataset, listThroughStore } from "./dataset";

const WARMUP_CALLS = 300;

/**
 * The store's share of a list request, measured on its own: in the bench process, the
 * time-entries service's store call for each member's month (the same parse of the query,
 * the same `EntryStore.list`, on the same folder the targets serve), one at a time, for
 * `BENCH_DURATION` seconds. Its CPU per call is what any server answering this request
 * from this store must spend; what a target spends beyond it is the HTTP path.
 */
export const storeListPhase: InProcessPhase = {
  name: "store-list",
  description: "the time-entries service's store call for one member's month, 50 a page, in the bench process",
  async run(ctx) {
    const dataset = await listDataset(ctx);
    const store = await openEmbeddedStore(dataset.dataDir);
    try {
      const entries = new EntryStore(await store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION));
      let turn = 0;
      const next = () => dataset.members[turn++ % dataset.members.length] as string;
      for (let index = 0; index < WARMUP_CALLS; index++) await listThroughStore(entries, dataset, next());
      const times: number[] = [];
      const cpuBefore = process.cpuUsage();
      const endAt = Date.now() + ctx.settings.durationSec * 1000;
      let items = 0;
      while (Date.now() < endAt) {
        const started = process.hrtime.bigint();
        const page = await listThroughStore(entries, dataset, next());
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        items += page.items.length;
      }
      const cpu = process.cpuUsage(cpuBefore);
      const cpuUsPerList = (cpu.user + cpu.system) / times.length;
      const sorted = [...times].sort((a, b) => a - b);
      const p50 = nearestRankOfSorted(sorted, 50);
      const p99 = nearestRankOfSorted(sorted, 99);
      return {
        figures: { "store.cpuUsPerList": cpuUsPerList, "store.p50Ms": p50, "store.p99Ms": p99, "store.calls": times.length },
        table: {
          header: ["store call", "calls", "p50 ms", "p99 ms", "CPU µs/call", "entries a page"],
          rows: [
            [
              "EntryStore.list, one member's month",
              String(times.length),
              p50.toFixed(3),
              p99.toFixed(3),
              cpuUsPerList.toFixed(1),
              (items / times.length).toFixed(1),
            ],
          ],
        },
        notes: [`${dataset.members.length} members, one month (${dataset.month}) of entries each, embedded store in ${dataset.dataDir}`],
      };
    } finally {
      await store.close();
    }
  },
};
