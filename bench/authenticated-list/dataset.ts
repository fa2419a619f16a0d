/**
 * The data set of the authenticated-list set: one organization, 600 members with a month
 * of 60 finished entries each (the month before seeding), written through the embedded
 * store's port as the time-entries service writes them. Small enough to seed in seconds
 * in a folder of the run; large enough that no member's per-minute rate limit (100) is
 * reached while the load goes round all of them, and that one member's month fills a page
 * of 50 with more behind it.
 */
import { TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "../../services/time-entries/time-entry";
import { EntryStore } from "../../services/time-entries/entry-store";
import { listEntriesInput } from "../../services/time-entries/inputs";
import { newId } from "../../shared/ids";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import { isoSeconds } from "../../shared/time";
import type { BenchContext } from "../lib/context";
import { monthRange, randomSource } from "../time-entries/dataset";

export const MEMBERS = 600;
export const ENTRIES_PER_MEMBER = 60;
export const PER_PAGE = 50;
const INSERTS_IN_FLIGHT = 2_000;

export interface ListDataset {
  dataDir: string;
  organizationId: string;
  members: string[];
  /** `YYYY-MM` of the month every entry starts in. */
  month: string;
  seedSeconds: number;
}

/** The query string a member's request carries, as the list operation reads it. */
export function listQuery(dataset: ListDataset, userId: string): Record<string, string> {
  return { user_id: userId, ...monthRange(dataset.month), per_page: String(PER_PAGE) };
}

/** What the time-entries service asks its store for one member's request: the same parse, the same call. */
export function listThroughStore(store: EntryStore, dataset: ListDataset, userId: string) {
  const query = listEntriesInput.shape.query.parse(listQuery(dataset, userId));
  return store.list(dataset.organizationId, { ...query, user_id: userId }, { page: query.page, per_page: query.per_page });
}

async function seed(dataDir: string): Promise<ListDataset> {
  const startedAt = Date.now();
  const store = await openEmbeddedStore(dataDir);
  try {
    const now = new Date();
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const monthStartMs = Date.parse(`${month}-01T00:00:00Z`);
    const organizationId = newId("organization");
    const members = Array.from({ length: MEMBERS }, () => newId("user"));
    const projects = Array.from({ length: 10 }, () => newId("project"));
    const random = randomSource(16_600);
    const entries = await store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION);
    const total = MEMBERS * ENTRIES_PER_MEMBER;
    for (let from = 0; from < total; from += INSERTS_IN_FLIGHT) {
      const batch: Promise<void>[] = [];
      for (let index = from; index < Math.min(total, from + INSERTS_IN_FLIGHT); index++) {
        const userId = members[index % MEMBERS] as string;
        // Day n of the month, 08:00 plus up to four hours: 60 entries over 28 days.
        const startMs =
          monthStartMs + (Math.floor(index / MEMBERS) % 28) * 86_400_000 + 8 * 3_600_000 + Math.floor(random() * 14_400) * 1000;
        const seconds = 900 + Math.floor(random() * 13_500);
        const end = isoSeconds(new Date(startMs + seconds * 1000));
        const projectId = projects[Math.floor(random() * projects.length)] as string;
        batch.push(
          entries.insertOne({
            _id: newId("timeEntry"),
            organization_id: organizationId,
            user_id: userId,
            project_id: projectId,
            task_id: null,
            description: `Work ${index % 97}`,
            start_time: isoSeconds(new Date(startMs)),
            end_time: end,
            duration: seconds,
            billable: true,
            created_at: end,
            updated_at: end,
          }),
        );
      }
      await Promise.all(batch);
    }
    return { dataDir, organizationId, members, month, seedSeconds: (Date.now() - startedAt) / 1000 };
  } finally {
    await store.close();
  }
}

const seeded = new WeakMap<BenchContext, Promise<ListDataset>>();

/** The run's data set, seeded on first need in a folder of the run and shared by its phase and targets. */
export function listDataset(ctx: BenchContext): Promise<ListDataset> {
  let dataset = seeded.get(ctx);
  if (!dataset) {
    const dataDir = ctx.tempDir("authenticated-list");
    ctx.log(`  seeding ${(MEMBERS * ENTRIES_PER_MEMBER).toLocaleString("en-US")} entries of ${MEMBERS} members through the storage port`);
    dataset = seed(dataDir).then((done) => {
      ctx.log(`  seeded in ${done.seedSeconds.toFixed(1)} s`);
      return done;
    });
    seeded.set(ctx, dataset);
  }
  return dataset;
}
