import type { BenchContext } from "../lib/context";
import type { MongoAvailability } from "../lib/mongo";
import { FULL_SIZE, provideDataset, type Dataset } from "./dataset";

/** The `--entries` option of the scenario: how many time entries the data set holds. */
export const ENTRIES_OPTION = "entries";

export type Prepared =
  { available: true; mongo: Extract<MongoAvailability, { available: true }>; dataset: Dataset } | { available: false; reason: string };

/** Above this, a run against FerretDB takes long enough to say so before it starts. */
const FERRETDB_COMFORTABLE_ENTRIES = 100_000;

/** One data set per run, shared by the in-process phases and the HTTP targets. */
const preparedRuns = new WeakMap<BenchContext, Promise<Prepared>>();

export function entriesWanted(ctx: BenchContext): number {
  return ctx.settings.options[ENTRIES_OPTION] ?? FULL_SIZE.entries;
}

async function prepare(ctx: BenchContext): Promise<Prepared> {
  const mongo = await ctx.mongoServer();
  if (!mongo.available) return { available: false, reason: mongo.reason };
  ctx.log(
    `  store: ${mongo.server}, ${mongo.source === "private" ? `private server (pid ${mongo.pid ?? "?"})` : "MONGO_URL from the environment"}`,
  );
  const entries = entriesWanted(ctx);
  if (mongo.ferretDb && entries > FERRETDB_COMFORTABLE_ENTRIES) {
    ctx.log(
      `  note: FerretDB 1.x reads every document of a collection for these queries (it uses no secondary index): each list, stop and switching start scans all ${entries.toLocaleString("en-US")} entries, and the run may take hours; --entries 10000 measures the same calls in minutes`,
    );
  }
  const dataset = await provideDataset(mongo.url, entries, (line) => ctx.log(line));
  return { available: true, mongo, dataset };
}

/** The server and the seeded data set, made on first need and kept for the run. */
export function prepareDataset(ctx: BenchContext): Promise<Prepared> {
  let prepared = preparedRuns.get(ctx);
  if (!prepared) {
    prepared = prepare(ctx);
    preparedRuns.set(ctx, prepared);
  }
  return prepared;
}
