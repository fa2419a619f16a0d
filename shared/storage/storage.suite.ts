import { randomBytes } from "node:crypto";
import { DuplicateKeyError, type Collection, type DocumentStore, type Filter, type IndexSpec, type StoredDocument } from "./port";

/**
 * The storage port's contract: every adapter runs this same suite. `open` must return a
 * store over the same data each time it is called (the suite closes and reopens one).
 */

type Row = StoredDocument & Record<string, unknown>;

interface Person extends StoredDocument {
  name: string;
  age: number;
  team: string;
}

const PEOPLE: Person[] = [
  { _id: "p1", name: "Ada", age: 36, team: "red" },
  { _id: "p2", name: "Brook", age: 25, team: "blue" },
  { _id: "p3", name: "Cyd", age: 41, team: "red" },
  { _id: "p4", name: "Dee", age: 25, team: "green" },
  { _id: "p5", name: "Eli", age: 19, team: "blue" },
];

/** Documents with every kind of value the filters are tried on. */
const MIXED: Row[] = [
  { _id: "m1", name: "alpha", n: 1, ok: true, tags: ["a", "b"], profile: { city: "Oslo" }, note: null, at: "2024-01-01T08:00:00Z" },
  { _id: "m2", name: "beta", n: 5, ok: false, tags: ["b"], profile: { city: "Lima" }, at: "2024-01-02T08:00:00Z" },
  { _id: "m3", name: "gamma", n: 10, ok: true, tags: [], profile: { city: "Oslo" }, note: "x", at: "2024-01-03T08:00:00Z" },
  { _id: "m4", name: "delta", n: 15, ok: false, tags: ["c"], profile: { city: "Pune" }, note: null, at: "2024-02-01T00:00:00Z" },
];

interface Entry extends StoredDocument {
  user: string;
  project: string;
  minutes: number;
  tags: string[];
}

const ENTRIES: Entry[] = [
  { _id: "e1", user: "u1", project: "apollo", minutes: 30, tags: ["dev", "review"] },
  { _id: "e2", user: "u1", project: "apollo", minutes: 45, tags: ["dev"] },
  { _id: "e3", user: "u1", project: "zephyr", minutes: 15, tags: [] },
  { _id: "e4", user: "u2", project: "apollo", minutes: 60, tags: ["meeting"] },
  { _id: "e5", user: "u2", project: "zephyr", minutes: 90, tags: ["dev", "meeting"] },
  { _id: "e6", user: "u3", project: "zephyr", minutes: 5, tags: ["review"] },
];

// No array directly inside an array: FerretDB 1.x refuses to store one ("nested arrays are not supported").
const ROUND_TRIP: Row = {
  _id: "rt-1",
  text: "héllo ✓ 😀",
  empty: "",
  int: 42,
  negative: -7,
  float: 3.25,
  big: 2 ** 40,
  zero: 0,
  yes: true,
  no: false,
  nothing: null,
  list: [1, "two", null, false, { three: 3 }, { four: [4, { five: [5] }] }],
  emptyList: [],
  emptyObject: {},
  nested: { a: { b: { c: "deep", n: null } }, items: [{ x: 1 }, { x: 2, y: [true] }] },
};

async function insertAll<T extends StoredDocument>(collection: Collection<T>, docs: readonly T[]): Promise<void> {
  for (const doc of docs) await collection.insertOne(structuredClone(doc));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection, but the call succeeded");
}

export function describeStorageContract(name: string, open: () => Promise<DocumentStore>): void {
  describe(`storage contract: ${name}`, () => {
    const run = randomBytes(3).toString("hex");
    let sequence = 0;
    let store: DocumentStore;

    const collectionName = () => `contract_${run}_${++sequence}`;
    const fresh = <T extends StoredDocument>(indexes?: IndexSpec[]) => store.collection<T>({ name: collectionName(), indexes });

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      await store?.close();
    });

    it("answers ping and says what it is", async () => {
      await expect(store.ping()).resolves.toBeUndefined();
      expect(["mongodb", "embedded"]).toContain(store.kind);
    });

    describe("documents", () => {
      it("come back exactly as stored: nested objects, arrays, null, booleans, numbers, unicode", async () => {
        const rows = await fresh<Row>();
        await rows.insertOne(structuredClone(ROUND_TRIP));
        const found = await rows.findOne({ _id: ROUND_TRIP._id });
        expect(found).toStrictEqual(ROUND_TRIP);
        expect(Object.getPrototypeOf(found)).toBe(Object.prototype);
        expect(typeof found?._id).toBe("string");
        expect(await rows.find({})).toStrictEqual([ROUND_TRIP]);
        const touched = await rows.findOneAndUpdate({ _id: ROUND_TRIP._id }, { $set: { zero: 0 } });
        expect(touched).toStrictEqual(ROUND_TRIP);
      });

      it("are copies: changing what was inserted or returned changes nothing stored", async () => {
        const rows = await fresh<Row>();
        const original = structuredClone(ROUND_TRIP);
        await rows.insertOne(original);
        (original.nested as { a: { b: { c: string } } }).a.b.c = "changed after insert";
        const found = (await rows.findOne({ _id: ROUND_TRIP._id })) as Row;
        (found.list as unknown[]).push("changed after read");
        const [listed] = await rows.find({});
        (listed as Row).text = "changed after find";
        const updated = (await rows.findOneAndUpdate({ _id: ROUND_TRIP._id }, { $set: { zero: 0 } })) as Row;
        (updated.emptyObject as Record<string, unknown>).added = true;
        expect(await rows.findOne({ _id: ROUND_TRIP._id })).toStrictEqual(ROUND_TRIP);
      });

      it("findOne answers null when nothing matches", async () => {
        const people = await fresh<Person>();
        await insertAll(people, PEOPLE);
        expect(await people.findOne({ name: "Nobody" })).toBeNull();
        expect(await people.findOne({ _id: "p3" })).toStrictEqual(PEOPLE[2]);
      });
    });

    describe("find and count", () => {
      let people: Collection<Person>;
      const ids = async (...args: Parameters<Collection<Person>["find"]>) => (await people.find(...args)).map((p) => p._id);

      beforeAll(async () => {
        people = await fresh<Person>();
        await insertAll(people, PEOPLE);
      });

      it("finds every match, and nothing when nothing matches", async () => {
        expect((await ids({ team: "red" })).sort()).toEqual(["p1", "p3"]);
        expect((await ids({})).sort()).toEqual(["p1", "p2", "p3", "p4", "p5"]);
        expect(await people.find({ team: "purple" })).toEqual([]);
      });

      it("sorts ascending, descending and by several fields", async () => {
        expect(await ids({}, { sort: { age: 1, _id: 1 } })).toEqual(["p5", "p2", "p4", "p1", "p3"]);
        expect(await ids({}, { sort: { age: -1, _id: -1 } })).toEqual(["p3", "p1", "p4", "p2", "p5"]);
        expect(await ids({}, { sort: { team: 1, age: -1 } })).toEqual(["p2", "p5", "p4", "p3", "p1"]);
        expect(await ids({ team: "blue" }, { sort: { name: -1 } })).toEqual(["p5", "p2"]);
      });

      it("skips and limits after sorting", async () => {
        expect(await ids({}, { sort: { _id: 1 }, skip: 1, limit: 2 })).toEqual(["p2", "p3"]);
        expect(await ids({}, { sort: { _id: 1 }, limit: 3 })).toEqual(["p1", "p2", "p3"]);
        expect(await ids({}, { sort: { _id: 1 }, skip: 3 })).toEqual(["p4", "p5"]);
        expect(await ids({}, { sort: { _id: 1 }, skip: 10 })).toEqual([]);
        expect(await people.find({}, { limit: 2 })).toHaveLength(2);
      });

      it("keeps the order of a sorted page of many documents, whatever order they were stored in", async () => {
        const many = await store.collection<{ _id: string; rank: number; group: string }>({ name: `ordered_${Date.now()}` });
        const docs = Array.from({ length: 240 }, (_, i) => ({
          _id: `d${String(i).padStart(3, "0")}`,
          rank: (i * 37) % 60,
          group: i % 3 === 0 ? "a" : "b",
        }));
        await many.insertMany([...docs].reverse());
        const expected = [...docs].sort((x, y) => y.rank - x.rank || (x._id < y._id ? 1 : -1)).map((doc) => doc._id);
        const page = async (skip: number, limit: number) =>
          (await many.find({}, { sort: { rank: -1, _id: -1 }, skip, limit })).map((doc) => doc._id);
        expect(await page(0, 100)).toEqual(expected.slice(0, 100));
        expect(await page(100, 100)).toEqual(expected.slice(100, 200));
        expect(await page(200, 100)).toEqual(expected.slice(200));
        const inGroup = (await many.find({ group: "a" }, { sort: { rank: 1, _id: 1 } })).map((doc) => doc._id);
        expect(inGroup).toEqual(
          docs
            .filter((doc) => doc.group === "a")
            .sort((x, y) => x.rank - y.rank || (x._id < y._id ? -1 : 1))
            .map((doc) => doc._id),
        );
      });

      it("explains a find: what it returns, and at least that many documents read when the store says", async () => {
        for (const [filter, options] of [
          [{ team: "red" }, {}],
          [{}, { sort: { _id: 1 }, skip: 1, limit: 2 }],
          [{ team: "purple" }, {}],
        ] as const) {
          const report = await people.explain(filter, options);
          expect(report.returned).toBe((await people.find(filter, options)).length);
          if (report.documentsExamined !== null) expect(report.documentsExamined).toBeGreaterThanOrEqual(report.returned);
        }
        if (store.kind === "embedded") expect((await people.explain({ team: "red" })).documentsExamined).toBe(5);
      });

      it("counts matches", async () => {
        expect(await people.count({})).toBe(5);
        expect(await people.count({ team: "red" })).toBe(2);
        expect(await people.count({ age: { $lt: 30 } })).toBe(3);
        expect(await people.count({ team: "purple" })).toBe(0);
      });
    });

    describe("filters", () => {
      let mixed: Collection<Row>;
      const ids = async (filter: Filter) => (await mixed.find(filter, { sort: { _id: 1 } })).map((doc) => doc._id);

      beforeAll(async () => {
        mixed = await fresh<Row>();
        await insertAll(mixed, MIXED);
      });

      it("match equal strings, numbers, booleans and nested fields", async () => {
        expect(await ids({ name: "beta" })).toEqual(["m2"]);
        expect(await ids({ n: 10 })).toEqual(["m3"]);
        expect(await ids({ ok: true })).toEqual(["m1", "m3"]);
        expect(await ids({ "profile.city": "Oslo" })).toEqual(["m1", "m3"]);
        expect(await ids({ profile: { city: "Lima" } })).toEqual(["m2"]);
        expect(await ids({ ok: false, "profile.city": "Pune" })).toEqual(["m4"]);
      });

      it("match an array by any of its elements", async () => {
        expect(await ids({ tags: "b" })).toEqual(["m1", "m2"]);
        expect(await ids({ tags: { $in: ["a", "c"] } })).toEqual(["m1", "m4"]);
      });

      it("treat a missing field as null", async () => {
        expect(await ids({ note: null })).toEqual(["m1", "m2", "m4"]);
        expect(await ids({ note: { $ne: null } })).toEqual(["m3"]);
        expect(await ids({ note: { $in: [null, "x"] } })).toEqual(["m1", "m2", "m3", "m4"]);
      });

      it("apply $in, $nin and $ne, counting a missing field as not equal", async () => {
        expect(await ids({ name: { $in: ["alpha", "delta", "omega"] } })).toEqual(["m1", "m4"]);
        expect(await ids({ name: { $nin: ["alpha", "delta"] } })).toEqual(["m2", "m3"]);
        expect(await ids({ note: { $nin: ["x"] } })).toEqual(["m1", "m2", "m4"]);
        expect(await ids({ n: { $ne: 5 } })).toEqual(["m1", "m3", "m4"]);
        expect(await ids({ note: { $ne: "x" } })).toEqual(["m1", "m2", "m4"]);
      });

      it("compare with $gt, $gte, $lt and $lte, on numbers and on ISO timestamps", async () => {
        expect(await ids({ n: { $gt: 5 } })).toEqual(["m3", "m4"]);
        expect(await ids({ n: { $gte: 5 } })).toEqual(["m2", "m3", "m4"]);
        expect(await ids({ n: { $lt: 10 } })).toEqual(["m1", "m2"]);
        expect(await ids({ n: { $lte: 10 } })).toEqual(["m1", "m2", "m3"]);
        expect(await ids({ n: { $gt: 1, $lt: 15 } })).toEqual(["m2", "m3"]);
        expect(await ids({ at: { $gte: "2024-01-02T00:00:00Z", $lt: "2024-02-01T00:00:00Z" } })).toEqual(["m2", "m3"]);
        expect(await ids({ name: { $gte: "beta", $lt: "gamma" } })).toEqual(["m2", "m4"]);
      });

      it("compare only values of the same type", async () => {
        expect(await ids({ name: { $gt: 0 } })).toEqual([]);
        expect(await ids({ n: { $lt: "z" } })).toEqual([]);
      });

      it("combine with $or and $and", async () => {
        expect(await ids({ $or: [{ name: "alpha" }, { n: { $gte: 15 } }] })).toEqual(["m1", "m4"]);
        expect(await ids({ $and: [{ ok: true }, { n: { $gt: 1 } }] })).toEqual(["m3"]);
        expect(await ids({ "profile.city": "Oslo", $or: [{ n: 1 }, { n: 15 }] })).toEqual(["m1"]);
        expect(await ids({ $and: [{ $or: [{ ok: false }, { tags: "a" }] }, { n: { $lt: 15 } }] })).toEqual(["m1", "m2"]);
        expect(await mixed.count({ $or: [{ n: 1 }, { n: 5 }] })).toBe(2);
      });
    });

    describe("uniqueness", () => {
      it("refuses a second document with the same _id", async () => {
        const people = await fresh<Person>();
        await people.insertOne({ _id: "same", name: "First", age: 1, team: "red" });
        const error = await rejection(people.insertOne({ _id: "same", name: "Second", age: 2, team: "blue" }));
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect(error).toMatchObject({ name: "DuplicateKeyError" });
        expect(await people.find({})).toStrictEqual([{ _id: "same", name: "First", age: 1, team: "red" }]);
      });

      it("insertMany inserts what is free, skips taken ids and unique values, and counts what it inserted", async () => {
        const people = await fresh<Person>([{ fields: { name: 1 }, unique: true }]);
        await people.insertOne({ _id: "taken", name: "Taken", age: 1, team: "red" });
        const inserted = await people.insertMany([
          { _id: "a", name: "A", age: 2, team: "red" },
          { _id: "taken", name: "Other", age: 3, team: "blue" },
          { _id: "b", name: "Taken", age: 4, team: "blue" },
          { _id: "c", name: "C", age: 5, team: "blue" },
        ]);
        expect(inserted).toBe(2);
        expect(await people.find({}, { sort: { _id: 1 } })).toStrictEqual([
          { _id: "a", name: "A", age: 2, team: "red" },
          { _id: "c", name: "C", age: 5, team: "blue" },
          { _id: "taken", name: "Taken", age: 1, team: "red" },
        ]);
        expect(await people.insertMany([])).toBe(0);
      });

      it("enforces a unique index on one field", async () => {
        const spec = { name: collectionName(), indexes: [{ fields: { email: 1 as const }, unique: true }] };
        const users = await store.collection<Row>(spec);
        await users.insertOne({ _id: "u1", email: "a@example.com" });
        await users.insertOne({ _id: "u2", email: "b@example.com" });
        const error = await rejection(users.insertOne({ _id: "u3", email: "a@example.com" }));
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).collection).toBe(spec.name);
        expect(await users.count({})).toBe(2);
        await expect(users.findOneAndUpdate({ _id: "u2" }, { $set: { email: "a@example.com" } })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await users.findOne({ _id: "u2" })).toStrictEqual({ _id: "u2", email: "b@example.com" });
      });

      it("enforces a compound unique index on the pair, not on each field", async () => {
        const projects = await fresh<Row>([{ fields: { org: 1, name_key: 1 }, unique: true }]);
        await projects.insertOne({ _id: "a", org: "o1", name_key: "site" });
        await projects.insertOne({ _id: "b", org: "o2", name_key: "site" });
        await projects.insertOne({ _id: "c", org: "o1", name_key: "app" });
        await expect(projects.insertOne({ _id: "d", org: "o1", name_key: "site" })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(projects.findOneAndUpdate({ _id: "c" }, { $set: { name_key: "site" } })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await projects.find({}, { sort: { _id: 1 } })).toStrictEqual([
          { _id: "a", org: "o1", name_key: "site" },
          { _id: "b", org: "o2", name_key: "site" },
          { _id: "c", org: "o1", name_key: "app" },
        ]);
        expect(await projects.findOneAndUpdate({ _id: "c" }, { $set: { name_key: "web" } })).toStrictEqual({
          _id: "c",
          org: "o1",
          name_key: "web",
        });
      });

      it("lets a plain index hold duplicates", async () => {
        const rows = await fresh<Row>([{ fields: { team: 1, age: -1 } }]);
        await rows.insertOne({ _id: "1", team: "red", age: 3 });
        await rows.insertOne({ _id: "2", team: "red", age: 3 });
        expect(await rows.count({ team: "red", age: 3 })).toBe(2);
      });

      it("opens a collection again with its documents and indexes", async () => {
        const spec = { name: collectionName(), indexes: [{ fields: { org: 1 as const, key: 1 as const }, unique: true }] };
        const first = await store.collection<Row>(spec);
        await first.insertOne({ _id: "1", org: "o", key: "k" });
        const second = await store.collection<Row>(spec);
        expect(await second.findOne({ _id: "1" })).toStrictEqual({ _id: "1", org: "o", key: "k" });
        await expect(second.insertOne({ _id: "2", org: "o", key: "k" })).rejects.toBeInstanceOf(DuplicateKeyError);
      });
    });

    describe("findOneAndUpdate", () => {
      it("applies $set (nested paths too), $unset and $inc and returns the document after", async () => {
        const rows = await fresh<Row>();
        await rows.insertOne({ _id: "r", name: "old", drop: "me", count: 2, profile: { city: "Oslo", zip: "0150" } });
        const after = await rows.findOneAndUpdate(
          { _id: "r" },
          {
            $set: { name: "new", "profile.city": "Bergen", added: [1, { two: 2 }] },
            $unset: { drop: true },
            $inc: { count: 3, fresh: -2 },
          },
        );
        const expected = { _id: "r", name: "new", count: 5, profile: { city: "Bergen", zip: "0150" }, added: [1, { two: 2 }], fresh: -2 };
        expect(after).toStrictEqual(expected);
        expect(await rows.findOne({ _id: "r" })).toStrictEqual(expected);
      });

      it("returns the document as it was before when asked", async () => {
        const rows = await fresh<Row>();
        await rows.insertOne({ _id: "r", state: "open", version: 1 });
        const before = await rows.findOneAndUpdate(
          { state: "open" },
          { $set: { state: "closed" }, $inc: { version: 1 } },
          { returnDocument: "before" },
        );
        expect(before).toStrictEqual({ _id: "r", state: "open", version: 1 });
        expect(await rows.findOne({ _id: "r" })).toStrictEqual({ _id: "r", state: "closed", version: 2 });
      });

      it("answers null and creates nothing when nothing matches without upsert", async () => {
        const people = await fresh<Person>();
        await insertAll(people, PEOPLE);
        expect(await people.findOneAndUpdate({ team: "purple" }, { $set: { age: 1 } })).toBeNull();
        expect(await people.findOneAndUpdate({ team: "purple" }, { $set: { age: 1 } }, { returnDocument: "before" })).toBeNull();
        expect(await people.count({})).toBe(5);
        expect(await people.count({ age: 1 })).toBe(0);
      });

      it("changes one document when several match", async () => {
        const people = await fresh<Person>();
        await insertAll(people, PEOPLE);
        const changed = await people.findOneAndUpdate({ team: "red" }, { $set: { team: "orange" } });
        expect(changed?.team).toBe("orange");
        expect(["p1", "p3"]).toContain(changed?._id);
        expect(await people.count({ team: "orange" })).toBe(1);
        expect(await people.count({ team: "red" })).toBe(1);
      });

      it("upserts from the filter's equality fields, $set and $inc", async () => {
        const rows = await fresh<Row>();
        const created = await rows.findOneAndUpdate(
          { _id: "timer-u1", user: "u1", started: { $gt: "2024" } },
          { $set: { project: "apollo" }, $inc: { starts: 1 } },
          { upsert: true },
        );
        const expected = { _id: "timer-u1", user: "u1", project: "apollo", starts: 1 };
        expect(created).toStrictEqual(expected);
        expect(await rows.find({})).toStrictEqual([expected]);

        const again = await rows.findOneAndUpdate(
          { _id: "timer-u1", user: "u1" },
          { $set: { project: "zephyr" }, $inc: { starts: 1 } },
          { upsert: true },
        );
        expect(again).toStrictEqual({ ...expected, project: "zephyr", starts: 2 });
        expect(await rows.count({})).toBe(1);
      });

      it("upserts with returnDocument before: answers null, stores the document", async () => {
        const rows = await fresh<Row>();
        expect(await rows.findOneAndUpdate({ _id: "k" }, { $set: { v: 1 } }, { upsert: true, returnDocument: "before" })).toBeNull();
        expect(await rows.findOne({ _id: "k" })).toStrictEqual({ _id: "k", v: 1 });
      });

      it("gives an upserted document without _id in its filter a string _id of its own", async () => {
        const rows = await fresh<Row>();
        const first = await rows.findOneAndUpdate({ slot: "a" }, { $set: { taken: true } }, { upsert: true });
        const second = await rows.findOneAndUpdate({ slot: "b" }, { $set: { taken: true } }, { upsert: true });
        expect(typeof first?._id).toBe("string");
        expect(typeof second?._id).toBe("string");
        expect(first?._id).not.toBe(second?._id);
        expect(first).toStrictEqual({ _id: first?._id, slot: "a", taken: true });
        expect(await rows.findOne({ _id: first?._id })).toStrictEqual(first);
      });

      it("refuses to change _id, or to $inc a string, and leaves the document alone", async () => {
        const rows = await fresh<Row>();
        await rows.insertOne({ _id: "fixed", label: "text", n: 1 });
        await expect(rows.findOneAndUpdate({ _id: "fixed" }, { $set: { _id: "moved", n: 2 } })).rejects.toThrow();
        await expect(rows.findOneAndUpdate({ _id: "fixed" }, { $inc: { label: 1 } })).rejects.toThrow();
        expect(await rows.find({})).toStrictEqual([{ _id: "fixed", label: "text", n: 1 }]);
      });

      it("counts exactly under 50 concurrent $inc calls, each seeing its own value", async () => {
        const rows = await fresh<Row>();
        await rows.insertOne({ _id: "counter", value: 0 });
        const results = await Promise.all(
          Array.from({ length: 50 }, () => rows.findOneAndUpdate({ _id: "counter" }, { $inc: { value: 1 } })),
        );
        const seen = results.map((doc) => doc?.value as number).sort((a, b) => a - b);
        expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
        expect(await rows.findOne({ _id: "counter" })).toStrictEqual({ _id: "counter", value: 50 });
      });

      it("hands each of 50 concurrent claims a different document", async () => {
        const jobs = await fresh<Row>();
        for (let i = 0; i < 50; i++) await jobs.insertOne({ _id: `job-${String(i).padStart(2, "0")}`, state: "queued" });
        const claims = await Promise.all(
          Array.from({ length: 50 }, (_, worker) => jobs.findOneAndUpdate({ state: "queued" }, { $set: { state: "taken", worker } })),
        );
        const claimed = claims.map((doc) => doc?._id);
        expect(new Set(claimed).size).toBe(50);
        expect(await jobs.count({ state: "queued" })).toBe(0);
        expect(await jobs.findOneAndUpdate({ state: "queued" }, { $set: { state: "taken" } })).toBeNull();
      });
    });

    describe("deleting", () => {
      it("deleteOne removes one match and says whether it did", async () => {
        const people = await fresh<Person>();
        await insertAll(people, PEOPLE);
        expect(await people.deleteOne({ team: "blue" })).toBe(true);
        expect(await people.count({ team: "blue" })).toBe(1);
        expect(await people.deleteOne({ _id: "p1" })).toBe(true);
        expect(await people.findOne({ _id: "p1" })).toBeNull();
        expect(await people.deleteOne({ _id: "p1" })).toBe(false);
        expect(await people.count({})).toBe(3);
      });

      it("deleteMany removes every match and counts them", async () => {
        const people = await fresh<Person>();
        await insertAll(people, PEOPLE);
        expect(await people.deleteMany({ age: { $lte: 25 } })).toBe(3);
        expect((await people.find({}, { sort: { _id: 1 } })).map((p) => p._id)).toEqual(["p1", "p3"]);
        expect(await people.deleteMany({ team: "purple" })).toBe(0);
        expect(await people.deleteMany({})).toBe(2);
        expect(await people.count({})).toBe(0);
      });
    });

    describe("aggregate", () => {
      let entries: Collection<Entry>;

      beforeAll(async () => {
        entries = await fresh<Entry>();
        await insertAll(entries, ENTRIES);
      });

      it("$match, $group with $sum of a field, $sort", async () => {
        const totals = await entries.aggregate([
          { $match: { minutes: { $gte: 15 } } },
          { $group: { _id: "$project", minutes: { $sum: "$minutes" } } },
          { $sort: { minutes: -1 } },
        ]);
        expect(totals).toStrictEqual([
          { _id: "apollo", minutes: 135 },
          { _id: "zephyr", minutes: 105 },
        ]);
      });

      it("$group with $sum: 1 by a compound key, and over everything", async () => {
        const counts = await entries.aggregate([
          { $group: { _id: { user: "$user", project: "$project" }, n: { $sum: 1 } } },
          { $sort: { "_id.user": 1, "_id.project": 1 } },
        ]);
        expect(counts).toStrictEqual([
          { _id: { user: "u1", project: "apollo" }, n: 2 },
          { _id: { user: "u1", project: "zephyr" }, n: 1 },
          { _id: { user: "u2", project: "apollo" }, n: 1 },
          { _id: { user: "u2", project: "zephyr" }, n: 1 },
          { _id: { user: "u3", project: "zephyr" }, n: 1 },
        ]);
        expect(await entries.aggregate([{ $group: { _id: null, total: { $sum: "$minutes" } } }])).toStrictEqual([
          { _id: null, total: 245 },
        ]);
        expect(
          await entries.aggregate([{ $match: { user: "nobody" } }, { $group: { _id: null, total: { $sum: "$minutes" } } }]),
        ).toStrictEqual([]);
      });

      it("$project by inclusion and by exclusion", async () => {
        expect(await entries.aggregate([{ $match: { _id: "e1" } }, { $project: { user: 1, minutes: 1 } }])).toStrictEqual([
          { _id: "e1", user: "u1", minutes: 30 },
        ]);
        expect(await entries.aggregate([{ $match: { _id: "e2" } }, { $project: { _id: 0, tags: 0, project: 0 } }])).toStrictEqual([
          { user: "u1", minutes: 45 },
        ]);
      });

      it("$project of fields keeps each value's type, and leaves out a field a document lacks", async () => {
        const rows = await fresh<StoredDocument & Record<string, unknown>>();
        await rows.insertOne({ _id: "a", flag: true, none: null, count: 2.5, text: "x", nested: { deep: [1, { two: false }] } });
        await rows.insertOne({ _id: "b", flag: false, text: "y" });
        const projected = await rows.aggregate([{ $match: {} }, { $project: { flag: 1, none: 1, count: 1, nested: 1 } }]);
        expect(projected.sort((x, y) => String(x._id).localeCompare(String(y._id)))).toStrictEqual([
          { _id: "a", flag: true, none: null, count: 2.5, nested: { deep: [1, { two: false }] } },
          { _id: "b", flag: false },
        ]);
        expect(await rows.aggregate([{ $match: { _id: "b" } }, { $project: { _id: 0, text: 1 } }])).toStrictEqual([{ text: "y" }]);
      });

      it("$unwind an array, then $match and $group its elements", async () => {
        const perTag = await entries.aggregate([
          { $unwind: "$tags" },
          { $group: { _id: "$tags", n: { $sum: 1 } } },
          { $sort: { n: -1, _id: 1 } },
        ]);
        expect(perTag).toStrictEqual([
          { _id: "dev", n: 3 },
          { _id: "meeting", n: 2 },
          { _id: "review", n: 2 },
        ]);
        const unwound = await entries.aggregate([
          { $match: { user: "u1" } },
          { $unwind: "$tags" },
          { $match: { tags: "dev" } },
          { $project: { tags: 1 } },
          { $sort: { _id: 1 } },
        ]);
        expect(unwound).toStrictEqual([
          { _id: "e1", tags: "dev" },
          { _id: "e2", tags: "dev" },
        ]);
      });

      it("$sort, $skip and $limit", async () => {
        const page = await entries.aggregate<{ _id: string }>([
          { $sort: { minutes: -1 } },
          { $skip: 1 },
          { $limit: 2 },
          { $project: { _id: 1 } },
        ]);
        expect(page).toStrictEqual([{ _id: "e4" }, { _id: "e2" }]);
      });

      it("$count, and no row at all when nothing is left to count", async () => {
        expect(await entries.aggregate([{ $match: { project: "zephyr" } }, { $count: "n" }])).toStrictEqual([{ n: 3 }]);
        expect(await entries.aggregate([{ $match: { project: "none" } }, { $count: "n" }])).toStrictEqual([]);
      });

      it("an empty pipeline yields every document", async () => {
        const all = await entries.aggregate<Entry>([]);
        expect(all.map((e) => e._id).sort()).toEqual(ENTRIES.map((e) => e._id));
      });

      it("refuses what MongoDB, FerretDB 1.x and the embedded store would not all run alike", async () => {
        const outside = [
          [{ $group: { _id: "$user", minutes: { $sum: "$minutes" }, n: { $sum: 1 } } }],
          [{ $group: { _id: "$user", longest: { $max: "$minutes" } } }],
          [{ $group: { _id: "$user", double: { $sum: { $multiply: ["$minutes", 2] } } } }],
          [{ $project: { who: "$user" } }],
          [{ $unwind: { path: "$tags" } }],
          [{ $lookup: { from: "users", localField: "user", foreignField: "_id", as: "u" } }],
          [{ $limit: 0 }],
        ];
        for (const pipeline of outside) await expect(entries.aggregate(pipeline)).rejects.toThrow(/outside the storage port/);
      });
    });

    describe("stream", () => {
      let many: Collection<Row>;
      const DOCS: Row[] = Array.from({ length: 23 }, (_, i) => ({
        _id: `s${String(i).padStart(2, "0")}`,
        rank: (i * 7) % 5,
        team: i % 2 === 0 ? "even" : "odd",
        ok: i % 3 === 0,
        note: i % 4 === 0 ? null : `n${i}`,
        ...(i % 5 === 0 ? {} : { extra: { list: [i, "x"] } }),
      }));
      const collect = async (stream: AsyncIterable<Row[]>) => {
        const batches: Row[][] = [];
        for await (const batch of stream) batches.push(batch);
        return batches;
      };

      beforeAll(async () => {
        many = await fresh<Row>([{ fields: { team: 1, rank: 1, _id: 1 } }, { fields: { ok: 1 } }, { fields: { note: 1 } }]);
        await many.insertMany(structuredClone(DOCS).reverse());
      });

      it("yields every match in batches of at most the size asked, in the order asked", async () => {
        const batches = await collect(many.stream({ team: "even" }, { sort: { rank: -1, _id: 1 }, batchSize: 5 }));
        expect(batches.map((batch) => batch.length)).toEqual([5, 5, 2]);
        const expected = DOCS.filter((doc) => doc.team === "even").sort(
          (x, y) => (y.rank as number) - (x.rank as number) || (x._id < y._id ? -1 : 1),
        );
        expect(batches.flat()).toStrictEqual(expected);
        const unordered = (await collect(many.stream({}))).flat();
        expect(unordered.map((doc) => doc._id).sort()).toEqual(DOCS.map((doc) => doc._id));
        expect(await collect(many.stream({ team: "none" }))).toEqual([]);
      });

      it("reads only the fields named, with _id unless left out, and null for one a document lacks", async () => {
        const rows = (await collect(many.stream({}, { fields: ["ok", "note", "extra", "absent"], sort: { _id: 1 } }))).flat();
        expect(rows).toStrictEqual(
          DOCS.map((doc) => ({ _id: doc._id, ok: doc.ok, note: doc.note, extra: doc.extra ?? null, absent: null })),
        );
        const typed = await fresh<Row>([{ fields: { n: 1 } }]);
        await typed.insertOne({ _id: "t1", n: 2.5, flag: true, text: "x", mixed: 1 });
        await typed.insertOne({ _id: "t2", n: 0, flag: false, text: "", mixed: true });
        expect((await collect(typed.stream({}, { fields: ["n", "flag", "text", "mixed"], sort: { _id: 1 } }))).flat()).toStrictEqual([
          { _id: "t1", n: 2.5, flag: true, text: "x", mixed: 1 },
          { _id: "t2", n: 0, flag: false, text: "", mixed: true },
        ]);
        const withoutIds = (await collect(many.stream({ team: "odd" }, { fields: ["rank"], omitId: true, sort: { _id: 1 } }))).flat();
        expect(withoutIds).toStrictEqual(DOCS.filter((doc) => doc.team === "odd").map((doc) => ({ rank: doc.rank })));
        await expect(collect(many.stream({}, { fields: ["a.b"] }))).rejects.toThrow(/outside the storage port/);
      });

      it("reads a batch only when the one before it is taken, and lets go when the reader stops", async () => {
        const reader = many.stream({}, { sort: { _id: 1 }, batchSize: 4 })[Symbol.asyncIterator]();
        const first = await reader.next();
        expect(first.value).toHaveLength(4);
        // Written after the first batch was read: a later batch may see it; the stream goes on.
        await many.insertOne({ _id: "s99", rank: 0, team: "late" });
        const second = await reader.next();
        expect((second.value as Row[]).map((doc) => doc._id)).toEqual(["s04", "s05", "s06", "s07"]);
        await reader.return?.();
        expect(await many.count({})).toBe(DOCS.length + 1);
        await many.deleteOne({ _id: "s99" });
        expect((await collect(many.stream({ team: "odd" }, { batchSize: 100 }))).flat()).toHaveLength(11);
      });
    });

    describe("persistence", () => {
      it("keeps documents and unique indexes across close and reopen", async () => {
        const spec = { name: collectionName(), indexes: [{ fields: { org: 1 as const, key: 1 as const }, unique: true }] };
        const first = await open();
        try {
          const rows = await first.collection<Row>(spec);
          await rows.insertOne({ _id: "1", org: "o", key: "a", nested: { list: [1, null, true] } });
          await rows.insertOne({ _id: "2", org: "o", key: "b" });
          await rows.insertOne({ _id: "3", org: "o", key: "c" });
          await rows.findOneAndUpdate({ _id: "2" }, { $set: { key: "b2" }, $inc: { edits: 1 } });
          await rows.deleteOne({ _id: "3" });
        } finally {
          await first.close();
        }

        const second = await open();
        try {
          const rows = await second.collection<Row>(spec);
          expect(await rows.find({}, { sort: { _id: 1 } })).toStrictEqual([
            { _id: "1", org: "o", key: "a", nested: { list: [1, null, true] } },
            { _id: "2", org: "o", key: "b2", edits: 1 },
          ]);
          await expect(rows.insertOne({ _id: "4", org: "o", key: "a" })).rejects.toBeInstanceOf(DuplicateKeyError);
          await expect(rows.insertOne({ _id: "1", org: "p", key: "z" })).rejects.toBeInstanceOf(DuplicateKeyError);
        } finally {
          await second.close();
        }
      });
    });
  });
}
