import { randomUUID } from "node:crypto";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { ENTRY_ORDER, entryQuery, type EntryFilters } from "../services/time-entries/entry-store";
import { REPORTED_FIELDS, TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "../services/time-entries/time-entry";
import { newId } from "../shared/ids";
import { openEmbeddedStore, type EmbeddedCollection } from "../shared/storage/embedded";
import { openMongoStore } from "../shared/storage/mongo";
import type { Collection, DocumentStore, IndexSpec } from "../shared/storage/port";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "./support/servers";
import { temporaryDir } from "./support/stint";

/**
 * The list queries of time entries are served by an index, on the stores that say how they
 * answered: the embedded store always (SQLite's `EXPLAIN QUERY PLAN`, and the rows it read),
 * MongoDB where `mongod` is installed (its `explain`). FerretDB 1.x reads through no index
 * and reports no execution statistics, so it has no part here.
 */

const ORG = newId("organization");
const USERS = [newId("user"), newId("user"), newId("user")];
const PROJECTS = [newId("project"), newId("project")];
const DAYS = 40;
const PAGE = { sort: ENTRY_ORDER, limit: 50 };
const USER_MONTH: EntryFilters = { user_id: USERS[1], start_date: "2026-03-01", end_date: "2026-03-31" };
const PROJECT: EntryFilters = { project_id: PROJECTS[0] };

function isoHour(day: number, hour: number): string {
  return new Date(Date.UTC(2026, 2, day, hour)).toISOString().replace(".000Z", "Z");
}

/** Three users, each with an entry a day for 40 days from 1 March, alternating between two projects. */
function entries(): TimeEntryDocument[] {
  return USERS.flatMap((userId, u) =>
    Array.from({ length: DAYS }, (_, d) => ({
      _id: newId("timeEntry"),
      organization_id: ORG,
      user_id: userId,
      project_id: PROJECTS[(d + u) % 2] as string,
      task_id: null,
      description: "",
      start_time: isoHour(d + 1, 9 + u),
      end_time: isoHour(d + 1, 10 + u),
      duration: 3600,
      billable: true,
      created_at: isoHour(d + 1, 10 + u),
      updated_at: isoHour(d + 1, 10 + u),
    })),
  );
}

async function seeded(store: DocumentStore, indexes: readonly IndexSpec[]): Promise<Collection<TimeEntryDocument>> {
  const collection = await store.collection<TimeEntryDocument>({
    name: `${TIME_ENTRIES_COLLECTION.name}_${randomUUID().slice(0, 8)}`,
    indexes: [...indexes],
  });
  await Promise.all(entries().map((entry) => collection.insertOne(entry)));
  return collection;
}

const INDEXES = TIME_ENTRIES_COLLECTION.indexes ?? [];

describe("time entry lists in the embedded store (EXPLAIN QUERY PLAN)", () => {
  const data = temporaryDir("plans");
  let store: Awaited<ReturnType<typeof openEmbeddedStore>>;
  let indexed: EmbeddedCollection<TimeEntryDocument>;
  let unindexed: EmbeddedCollection<TimeEntryDocument>;

  beforeAll(async () => {
    store = await openEmbeddedStore(data.path);
    indexed = (await seeded(store, INDEXES)) as EmbeddedCollection<TimeEntryDocument>;
    unindexed = (await seeded(store, [])) as EmbeddedCollection<TimeEntryDocument>;
  });

  afterAll(async () => {
    await store.close();
    data.remove();
  });

  it.each([
    ["one user's month", USER_MONTH, 31],
    ["one project's first page", PROJECT, 50],
  ] as const)("serves %s from an index, in the list's order, reading only the entries it returns", async (_label, filters, expected) => {
    const query = entryQuery(ORG, filters);
    const plan = (await indexed.queryPlan(query, PAGE)).join("\n");
    expect(plan).toMatch(/^SEARCH \S+ USING INDEX /m);
    // The index gives the order: no sorting step after it.
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(await indexed.explain(query, PAGE)).toEqual({ documentsExamined: expected, returned: expected });
  });

  it.each([
    ["one user's month", USER_MONTH, 31],
    ["one project's first page", PROJECT, 50],
  ] as const)("would scan every entry for %s without the indexes (the check can fail)", async (_label, filters, expected) => {
    const query = entryQuery(ORG, filters);
    const plan = (await unindexed.queryPlan(query, PAGE)).join("\n");
    expect(plan).toMatch(/^SCAN /m);
    expect(await unindexed.explain(query, PAGE)).toEqual({ documentsExamined: USERS.length * DAYS, returned: expected });
  });

  it("reads an export's entries, newest first, from an index holding every field they show, opening no document", async () => {
    const query = { ...entryQuery(ORG, {}), start_time: { $gte: "2026-01-01T00:00:00Z", $lt: "2027-01-01T00:00:00Z" } };
    const options = { sort: ENTRY_ORDER, fields: [...REPORTED_FIELDS] };
    expect((await indexed.streamPlan(query, options)).join("\n")).toMatch(/USING COVERING INDEX/);
    expect((await unindexed.streamPlan(query, options)).join("\n")).not.toMatch(/COVERING/);
    // One person's export is read through the person's index, not from every entry of the organization in the other.
    const oneUser = { ...query, ...entryQuery(ORG, { user_id: USERS[0] as string }) };
    expect((await indexed.streamPlan(oneUser, options)).join("\n")).toMatch(
      /USING INDEX \S+ \(<expr>=\? AND <expr>=\? AND <expr>>\? AND <expr><\?\)/,
    );
    const read: unknown[] = [];
    for await (const batch of indexed.stream(query, { ...options, batchSize: 7 })) read.push(...batch);
    const whole = await indexed.find(query, { sort: ENTRY_ORDER });
    expect(read).toEqual(
      whole.map((doc) => ({ _id: doc._id, ...Object.fromEntries(REPORTED_FIELDS.map((field) => [field, doc[field] ?? null])) })),
    );
  });

  it("counts the whole list from the index alone", async () => {
    const query = entryQuery(ORG, USER_MONTH);
    const plan = await indexed.queryPlan(query);
    expect(plan.join("\n")).toMatch(/USING (COVERING )?INDEX/);
    expect(await indexed.count(query)).toBe(31);
  });
});

function onPath(command: string): boolean {
  return (process.env.PATH ?? "").split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

// FerretDB, the suites' usual MONGO_URL, reports no execution statistics: this runs where a real MongoDB does.
if (onPath("mongod")) {
  describeWithServers(["mongo"], "time entry lists on MongoDB (explain)", () => {
    let store: DocumentStore;
    let indexed: Collection<TimeEntryDocument>;

    beforeAll(async () => {
      store = await openMongoStore(mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_plans_${randomUUID().slice(0, 8)}`));
      indexed = await seeded(store, INDEXES);
    });

    afterAll(async () => {
      await indexed.deleteMany({});
      await store.close();
    });

    it.each([
      ["one user's month", USER_MONTH, 31],
      ["one project's first page", PROJECT, 50],
    ] as const)("reads only the entries it returns for %s (totalDocsExamined)", async (_label, filters, expected) => {
      expect(await indexed.explain(entryQuery(ORG, filters), PAGE)).toEqual({ documentsExamined: expected, returned: expected });
    });
  });
}
