import { randomUUID } from "node:crypto";
import mongoose from "mongoose";
import { newId } from "../../shared/ids";
import { openStore } from "../../shared/storage/open";
import type { IndexSpec } from "../../shared/storage/port";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "../../test/support/servers";
import { temporaryDir } from "../../test/support/stint";
import { ENTRY_ORDER, entryQuery, type EntryFilters } from "./entry-store";
import { TIME_ENTRIES_COLLECTION } from "./time-entry";

const INDEXES = TIME_ENTRIES_COLLECTION.indexes ?? [];
const ORG = newId("organization");

/** The equality fields of a query, and whether it has a range on `start_time`. */
function shapeOf(filters: EntryFilters): { equalities: string[]; range: boolean } {
  const query = entryQuery(ORG, filters);
  const equalities = Object.keys(query).filter((field) => field !== "start_time");
  return { equalities, range: "start_time" in query };
}

/**
 * MongoDB serves a query from an index without reading other documents when the index
 * starts with the query's equality fields (in any order), continues with the sort keys in
 * the sort's direction (or all reversed), and the range field is one of those sort keys.
 */
function serves(index: IndexSpec, equalities: string[], sort: Record<string, 1 | -1>): boolean {
  const keys = Object.entries(index.fields);
  const prefix = keys.slice(0, equalities.length).map(([field]) => field);
  if (prefix.length !== equalities.length || !equalities.every((field) => prefix.includes(field))) return false;
  const rest = keys.slice(equalities.length);
  const wanted = Object.entries(sort);
  if (rest.length < wanted.length) return false;
  const sameWay = wanted.every(([field, dir], i) => rest[i]?.[0] === field && rest[i]?.[1] === dir);
  const reversed = wanted.every(([field, dir], i) => rest[i]?.[0] === field && rest[i]?.[1] === -dir);
  return sameWay || reversed;
}

const FILTER_CASES: [string, EntryFilters][] = [
  ["the whole organization", {}],
  ["one user's month", { user_id: newId("user"), start_date: "2026-03-01", end_date: "2026-03-31" }],
  ["one project", { project_id: newId("project") }],
  ["one task, with dates", { task_id: newId("task"), start_date: "2026-03-01" }],
  ["billable only", { billable: true, end_date: "2026-03-31" }],
  ["one tag", { tags: ["Design"] }],
];

describe("time entry indexes", () => {
  it.each(FILTER_CASES)("serve the list of %s with its sort, without reading past it", (_label, filters) => {
    const { equalities } = shapeOf(filters);
    expect(INDEXES.some((index) => serves(index, equalities, ENTRY_ORDER))).toBe(true);
  });

  it("never serve a user's list from an index that does not start with the organization and the user", () => {
    const { equalities, range } = shapeOf({ user_id: newId("user"), start_date: "2026-03-01", end_date: "2026-03-31" });
    expect(range).toBe(true);
    expect(equalities.sort()).toEqual(["organization_id", "user_id"]);
    const serving = INDEXES.filter((index) => serves(index, equalities, ENTRY_ORDER));
    for (const index of serving) expect(Object.keys(index.fields).slice(0, 2).sort()).toEqual(["organization_id", "user_id"]);
  });

  it("would notice a missing index (the check is not vacuous)", () => {
    const withoutUserIndex = INDEXES.filter((index) => !("user_id" in index.fields && "start_time" in index.fields));
    const { equalities } = shapeOf({ user_id: newId("user") });
    expect(withoutUserIndex.some((index) => serves(index, equalities, ENTRY_ORDER))).toBe(false);
  });
});

describeWithServers(["mongo"], "time entry indexes on the MongoDB server", () => {
  const data = temporaryDir("indexes");
  afterAll(() => data.remove());

  it("are built by the server, with their keys in order, but for those only the embedded store builds", async () => {
    const url = mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_idx_${randomUUID().slice(0, 8)}`);
    const store = await openStore({ mongoUrl: url, dataDir: data.path });
    const connection = await mongoose.createConnection(url).asPromise();
    try {
      await store.collection(TIME_ENTRIES_COLLECTION);
      const built = await connection.collection(TIME_ENTRIES_COLLECTION.name).indexes();
      const keys = built.map((index) => JSON.stringify(Object.entries(index.key)));
      expect(INDEXES.some((index) => index.embeddedOnly)).toBe(true);
      for (const index of INDEXES) {
        if (index.embeddedOnly) expect(keys).not.toContain(JSON.stringify(Object.entries(index.fields)));
        else expect(keys).toContain(JSON.stringify(Object.entries(index.fields)));
      }
    } finally {
      await connection.close();
      await store.close();
    }
  });
});
