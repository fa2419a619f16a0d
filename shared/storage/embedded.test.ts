import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeStorageContract } from "./storage.suite";
import { DATABASE_FILE, openEmbeddedStore } from "./embedded";
import { openStore } from "./open";
import type { SumPricing } from "./port";
import { roundSeconds } from "../rounding";
import { amountInMinorUnits } from "../billing/money";

const root = mkdtempSync(join(tmpdir(), "stint-embedded-"));

/** Pricing of items by their `who` and `what` at `at` where `ok`, per hour of `n` seconds. */
function pricedByWhoAndWhat(multiplier: number, timelines: SumPricing["timelines"]): SumPricing {
  return { by: ["who", "what"], at: "at", when: "ok", multiplier, divisor: 360_000, timelines };
}

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describeStorageContract("embedded (SQLite + mingo)", () => openEmbeddedStore(join(root, "contract")));

describe("embedded store", () => {
  it("creates its folder and keeps every collection in one database file", async () => {
    const dataDir = join(root, "files", "nested");
    const store = await openEmbeddedStore(dataDir);
    const projects = await store.collection({ name: "projects" });
    const users = await store.collection({ name: "users" });
    await projects.insertOne({ _id: "p1" });
    await users.insertOne({ _id: "u1" });
    await store.close();
    expect(readdirSync(dataDir)).toEqual([DATABASE_FILE]);
  });

  it("refuses collection names that are not plain names", async () => {
    const store = await openEmbeddedStore(join(root, "names"));
    try {
      await expect(store.collection({ name: "../escape" })).rejects.toThrow(/collection names/);
      await expect(store.collection({ name: 'a"; DROP TABLE x; --' })).rejects.toThrow(/collection names/);
      await expect(store.collection({ name: "" })).rejects.toThrow(/collection names/);
    } finally {
      await store.close();
    }
  });

  it("refuses index fields that are not plain paths", async () => {
    const store = await openEmbeddedStore(join(root, "paths"));
    try {
      await expect(store.collection({ name: "rows", indexes: [{ fields: { "a')) --": 1 } }] })).rejects.toThrow(/field paths/);
    } finally {
      await store.close();
    }
  });

  it("finishes writes already asked for when closed, then refuses new work", async () => {
    const dataDir = join(root, "closing");
    const store = await openEmbeddedStore(dataDir);
    const rows = await store.collection<{ _id: string; n: number }>({ name: "rows" });
    await rows.insertOne({ _id: "c", n: 0 });
    const increments = Array.from({ length: 20 }, () => rows.findOneAndUpdate({ _id: "c" }, { $inc: { n: 1 } }));
    await store.close();
    await Promise.all(increments);
    await expect(rows.findOne({ _id: "c" })).rejects.toThrow(/closed/);
    await expect(rows.insertOne({ _id: "d", n: 0 })).rejects.toThrow(/closed/);
    await expect(store.ping()).rejects.toThrow(/closed/);

    const reopened = await openEmbeddedStore(dataDir);
    const again = await reopened.collection<{ _id: string; n: number }>({ name: "rows" });
    expect(await again.findOne({ _id: "c" })).toStrictEqual({ _id: "c", n: 20 });
    await reopened.close();
  });

  it("acknowledges a write only once it is committed: another connection reads it at once", async () => {
    const dataDir = join(root, "durable");
    const store = await openEmbeddedStore(dataDir);
    const rows = await store.collection<{ _id: string; n: number }>({ name: "rows" });
    await Promise.all(Array.from({ length: 100 }, (_, i) => rows.insertOne({ _id: `r${i}`, n: i })));
    const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
    const outsider = new DatabaseSync(join(dataDir, DATABASE_FILE), { readOnly: true });
    try {
      expect(outsider.prepare('SELECT COUNT(*) AS n FROM "c_rows"').get()).toEqual({ n: 100 });
      expect(outsider.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    } finally {
      outsider.close();
      await store.close();
    }
  });

  it("keeps MongoDB's answers where SQLite's JSON would blur them: booleans against numbers, arrays, objects", async () => {
    const store = await openEmbeddedStore(join(root, "kinds"));
    try {
      const rows = await store.collection<{ _id: string; v: unknown }>({ name: "rows", indexes: [{ fields: { v: 1 } }] });
      const values: unknown[] = [1, true, 0, false, "1", "[1]", [1], { a: 1 }, '{"a":1}', null];
      for (const [i, v] of values.entries()) await rows.insertOne({ _id: `r${i}`, v });
      await rows.insertOne({ _id: "missing" } as { _id: string; v: unknown });
      const ids = async (filter: Record<string, unknown>) => (await rows.find(filter, { sort: { _id: 1 } })).map((row) => row._id);
      expect(await ids({ v: 1 })).toEqual(["r0", "r6"]);
      expect(await ids({ v: true })).toEqual(["r1"]);
      expect(await ids({ v: false })).toEqual(["r3"]);
      expect(await ids({ v: "1" })).toEqual(["r4"]);
      expect(await ids({ v: "[1]" })).toEqual(["r5"]);
      expect(await ids({ v: '{"a":1}' })).toEqual(["r8"]);
      expect(await ids({ v: null })).toEqual(["missing", "r9"]);
      expect(await ids({ v: { $gte: 0 } })).toEqual(["r0", "r2", "r6"]);
      expect(await ids({ v: { $lt: "z" } })).toEqual(["r4", "r5"]);
      expect(await rows.count({ v: { $in: [1, "1"] } })).toBe(3);
      const grouped = await rows.aggregate([
        { $match: { _id: { $in: ["r0", "r1", "r4", "r9", "missing"] } } },
        { $group: { _id: "$v", n: { $sum: 1 } } },
        { $sort: { n: -1 } },
      ]);
      expect(grouped).toHaveLength(4);
      expect(grouped).toEqual(
        expect.arrayContaining([
          { _id: 1, n: 1 },
          { _id: true, n: 1 },
          { _id: "1", n: 1 },
          { _id: null, n: 2 },
        ]),
      );
    } finally {
      await store.close();
    }
  });

  it("answers in SQL, through the index, on a path that held only numbers, strings and null, with MongoDB's type order", async () => {
    const store = await openEmbeddedStore(join(root, "scalars"));
    try {
      const rows = await store.collection<{ _id: string; v?: unknown }>({ name: "rows", indexes: [{ fields: { v: 1 } }] });
      for (const [i, v] of [5, 10, "10", "a", "5", null].entries()) await rows.insertOne({ _id: `r${i}`, v });
      await rows.insertOne({ _id: "missing" });
      const ids = async (filter: Record<string, unknown>) => (await rows.find(filter, { sort: { v: 1, _id: 1 } })).map((row) => row._id);
      expect(await ids({ v: { $gte: 5 } })).toEqual(["r0", "r1"]);
      expect(await ids({ v: { $lt: "b" } })).toEqual(["r2", "r4", "r3"]);
      expect(await ids({ v: { $lt: 100 } })).toEqual(["r0", "r1"]);
      expect(await ids({ v: { $in: [10, "a", null] } })).toEqual(["missing", "r5", "r1", "r3"]);
      expect(await ids({})).toEqual(["missing", "r5", "r0", "r1", "r2", "r4", "r3"]);
      expect(await ids({ v: { $ne: 10 } })).toEqual(["missing", "r5", "r0", "r2", "r4", "r3"]);
      expect(await ids({ v: { $nin: [null, "a"] } })).toEqual(["r0", "r1", "r2", "r4"]);
      expect(await ids({ _id: { $nin: ["r0", "r1"] }, v: { $ne: null } })).toEqual(["r2", "r4", "r3"]);
      expect((await rows.queryPlan({ v: { $gte: 5 } })).join()).toMatch(/USING (COVERING )?INDEX/);
      expect((await rows.queryPlan({}, { sort: { v: 1, _id: 1 } })).join()).toMatch(/TEMP B-TREE|INDEX/);

      // Once the path holds a boolean, SQL (which reads true as 1) no longer answers a number's equality alone.
      await rows.insertOne({ _id: "t", v: true });
      expect(await ids({ v: 1 })).toEqual([]);
      expect(await ids({ v: true })).toEqual(["t"]);
      expect((await rows.queryPlan({ v: 5 })).join()).toMatch(/SCAN/);
    } finally {
      await store.close();
    }
  });

  it("streams fields an index holds from the index alone, without opening a document", async () => {
    const store = await openEmbeddedStore(join(root, "covering"));
    try {
      const spans = await store.collection<{ _id: string; org: string; at: string; who: string; seconds: number | null; paid: boolean }>({
        name: "spans",
        indexes: [{ fields: { org: 1, at: -1, _id: -1, who: 1, seconds: 1, paid: 1 } }],
      });
      await spans.insertMany([
        { _id: "a", org: "o", at: "2026-01-02", who: "u1", seconds: 60, paid: true },
        { _id: "b", org: "o", at: "2026-01-03", who: "u2", seconds: null, paid: false },
        { _id: "c", org: "p", at: "2026-01-04", who: "u1", seconds: 5, paid: true },
      ]);
      const filter = { org: "o", at: { $gte: "2026-01-01", $lt: "2027-01-01" } };
      const options = { fields: ["at", "who", "seconds", "paid"], sort: { at: -1 as const, _id: -1 as const } };
      const read: unknown[] = [];
      for await (const batch of spans.stream(filter, options)) read.push(...batch);
      expect(read).toStrictEqual([
        { _id: "b", at: "2026-01-03", who: "u2", seconds: null, paid: false },
        { _id: "a", at: "2026-01-02", who: "u1", seconds: 60, paid: true },
      ]);
      expect((await spans.streamPlan(filter, options)).join()).toMatch(/USING COVERING INDEX/);
      expect((await spans.streamPlan(filter, { ...options, fields: ["at", "who", "seconds", "paid", "org"] })).join()).toMatch(
        /USING COVERING INDEX/,
      );
      expect((await spans.streamPlan(filter)).join()).not.toMatch(/COVERING/);
    } finally {
      await store.close();
    }
  });

  it("streams a long read from an embedded-only index holding its fields, arrays too, when the index gives the sort's order", async () => {
    const store = await openEmbeddedStore(join(root, "embedded-only"));
    try {
      type Note = { _id: string; org: string; at: string; text: string; tags?: string[] };
      const notes = await store.collection<Note>({
        name: "notes",
        indexes: [{ fields: { org: 1, at: -1, _id: -1 } }, { fields: { org: 1, at: -1, _id: -1, text: 1, tags: 1 }, embeddedOnly: true }],
      });
      await notes.insertMany([
        { _id: "a", org: "o", at: "2026-01-02", text: 'say "hi", twice', tags: ["x", "y"] },
        { _id: "b", org: "o", at: "2026-01-03", text: "none" },
        { _id: "c", org: "o", at: "2026-01-04", text: "empty", tags: [] },
        { _id: "d", org: "p", at: "2026-01-05", text: "elsewhere", tags: ["z"] },
      ]);
      const filter = { org: "o", at: { $gte: "2026-01-01", $lt: "2027-01-01" } };
      const options = { fields: ["at", "text", "tags"], sort: { at: -1 as const, _id: -1 as const } };
      const read: unknown[] = [];
      for await (const batch of notes.stream(filter, options)) read.push(...batch);
      expect(read).toStrictEqual([
        { _id: "c", at: "2026-01-04", text: "empty", tags: [] },
        { _id: "b", at: "2026-01-03", text: "none", tags: null },
        { _id: "a", at: "2026-01-02", text: 'say "hi", twice', tags: ["x", "y"] },
      ]);
      expect((await notes.streamPlan(filter, options)).join()).toMatch(/USING COVERING INDEX/);
      // Read backwards, the index still gives the order; a sort it does not give is left to SQLite's choice.
      expect((await notes.streamPlan(filter, { ...options, sort: { at: 1, _id: 1 } })).join()).toMatch(/USING COVERING INDEX/);
      const byText = await notes.streamPlan(filter, { ...options, sort: { text: 1 } });
      expect(byText.join()).toMatch(/TEMP B-TREE/);
    } finally {
      await store.close();
    }
  });

  it("knows a field that appears late may be missing from earlier documents, and reads kinds again after reopening", async () => {
    const dataDir = join(root, "late");
    const store = await openEmbeddedStore(dataDir);
    const rows = await store.collection<{ _id: string; late?: unknown; n?: unknown }>({ name: "rows" });
    await rows.insertOne({ _id: "a", n: 1 });
    await rows.insertOne({ _id: "b", late: "x", n: 2 });
    expect((await rows.find({ late: null })).map((row) => row._id)).toEqual(["a"]);
    expect(await rows.count({ never: null })).toBe(2);
    expect(await rows.count({ never: "x" })).toBe(0);
    expect(await rows.aggregate([{ $group: { _id: "$late", n: { $sum: "$n" } } }, { $sort: { n: 1 } }])).toStrictEqual([
      { _id: null, n: 1 },
      { _id: "x", n: 2 },
    ]);
    await store.close();

    const reopened = await openEmbeddedStore(dataDir);
    try {
      const again = await reopened.collection<{ _id: string; late?: unknown; n?: unknown }>({ name: "rows" });
      await again.insertOne({ _id: "c", late: 3, n: true });
      expect((await again.find({ late: { $gte: 0 } })).map((row) => row._id)).toEqual(["c"]);
      expect(await again.aggregate([{ $group: { _id: null, n: { $sum: "$n" } } }])).toStrictEqual([{ _id: null, n: 3 }]);
      expect(await again.count({ n: 1 })).toBe(1);
    } finally {
      await reopened.close();
    }
  });

  it("sums numbers only, as MongoDB's $sum does", async () => {
    const store = await openEmbeddedStore(join(root, "sums"));
    try {
      const rows = await store.collection<{ _id: string; g: string; v: unknown }>({ name: "rows" });
      for (const [i, v] of [2, 2.5, "3", true, null, [4], { n: 5 }].entries()) await rows.insertOne({ _id: `r${i}`, g: "a", v });
      expect(await rows.aggregate([{ $group: { _id: "$g", total: { $sum: "$v" } } }])).toStrictEqual([{ _id: "a", total: 4.5 }]);
      expect(await rows.aggregate([{ $match: { g: "b" } }, { $group: { _id: null, total: { $sum: "$v" } } }])).toStrictEqual([]);
    } finally {
      await store.close();
    }
  });

  it("groups a collection too large to read through an index by scanning it, with the same totals", async () => {
    const store = await openEmbeddedStore(join(root, "large"));
    try {
      const rows = await store.collection<{ _id: string; team: string; n: number }>({ name: "rows", indexes: [{ fields: { team: 1 } }] });
      await Promise.all(
        Array.from({ length: 12_000 }, (_, i) => rows.insertOne({ _id: `r${i}`, team: i % 10 === 0 ? "small" : "large", n: i % 7 })),
      );
      const total = (team: string) => rows.aggregate([{ $match: { team } }, { $group: { _id: "$team", n: { $sum: "$n" } } }]);
      // Most rows: scanned; a tenth: through the index. Both answer the same way.
      expect(await total("large")).toStrictEqual([{ _id: "large", n: 32_395 }]);
      expect(await total("small")).toStrictEqual([{ _id: "small", n: 3_600 }]);
      expect(await rows.aggregate([{ $match: { team: "large" } }, { $count: "rows" }])).toStrictEqual([{ rows: 10_800 }]);
    } finally {
      await store.close();
    }
  });

  it("sums by groups in SQL as code adds up: rounding of every whole number, null and missing values counted apart", async () => {
    const store = await openEmbeddedStore(join(root, "sum-by"));
    try {
      const items = await store.collection<{ _id: string; org: string; at: string; who: string | null; ok: boolean; n?: number | null }>({
        name: "items",
        indexes: [{ fields: { org: 1, at: 1, who: 1, ok: 1, n: 1 } }],
      });
      const values = [0, 1, 449, 450, 451, 899, 900, 901, 1799, -1, -450, -451, -900, -901, 86_399];
      await items.insertMany(
        values.map((n, at) => ({ _id: `i${at}`, org: "a", at: `t${at % 3}`, who: at % 2 ? "x" : null, ok: at % 4 === 0, n })),
      );
      await items.insertMany([
        { _id: "running", org: "a", at: "t1", who: "x", ok: true, n: null },
        { _id: "missing", org: "a", at: "t1", who: "x", ok: true },
        { _id: "other", org: "b", at: "t1", who: "x", ok: true, n: 5 },
      ]);
      for (const mode of ["up", "down", "nearest"] as const) {
        const rows = await items.sumBy?.(
          { org: "a", at: { $gte: "t0", $lt: "t9" } },
          { keys: ["who", "ok"], field: "n", round: { mode, step: 900 } },
        );
        const expected = new Map<string, [number, number, number, number, number]>();
        values.forEach((n, at) => {
          const key = JSON.stringify([at % 2 ? "x" : null, at % 4 === 0]);
          const [count, sum, rounded, missing] = expected.get(key) ?? [0, 0, 0, 0, 0];
          expected.set(key, [count + 1, sum + n, rounded + roundSeconds(n, { mode, minutes: 15 }), missing, 0]);
        });
        // The entry whose value is null and the one without it: in their group, counted apart.
        const [count, sum, rounded] = expected.get(JSON.stringify(["x", true])) ?? [0, 0, 0];
        expected.set(JSON.stringify(["x", true]), [count, sum, rounded, 2, 0]);
        const got = new Map(rows?.map(([keys, ...figures]) => [JSON.stringify(keys), figures]));
        expect(got).toEqual(expected);
      }
      expect(await items.sumBy?.({ org: "a" }, { keys: [], field: "n" })).toEqual([
        [[], values.length, values.reduce((a, b) => a + b), values.reduce((a, b) => a + b), 2, 0],
      ]);
    } finally {
      await store.close();
    }
  });

  it("prices each document half up at the rate its pair's timeline has at its start, as code prices an entry", async () => {
    const store = await openEmbeddedStore(join(root, "sum-by-priced"));
    try {
      const items = await store.collection<{ _id: string; who: string; what: string | null; at: string; ok: boolean; n: number }>({
        name: "items",
        indexes: [{ fields: { who: 1, what: 1, at: 1, ok: 1, n: 1 } }],
      });
      const rates: Record<string, [number | null, number]> = { "a p": [1999, 2001], "a *": [null, 333], "* p": [12345, 1], "* *": [7, 7] };
      const docs = ["a", "b", "c"].flatMap((who, i) =>
        ["p", "q", null].flatMap((what, j) =>
          ["2026-03-14T23:59:59Z", "2026-03-15T00:00:00Z"].flatMap((at, k) =>
            [1, 899, 901, 1799, 3601].map((n, l) => ({ _id: `${i}${j}${k}${l}`, who, what, at, ok: l !== 2, n })),
          ),
        ),
      );
      await items.insertMany(docs);
      const timeline = (key: string) => ({ starts: ["", "2026-03-15"], rates: rates[key] as (number | null)[] });
      const price = pricedByWhoAndWhat(1000, [
        { keys: ["a", "p"], ...timeline("a p") },
        { keys: ["a", null], ...timeline("a *") },
        { keys: [null, "p"], ...timeline("* p") },
        { keys: [null, null], ...timeline("* *") },
      ]);
      const rows = await items.sumBy?.({}, { keys: ["who"], field: "n", round: { mode: "up", step: 900 }, price });
      const expected = new Map<string, number>();
      for (const doc of docs) {
        const pair = `${doc.who === "a" ? "a" : "*"} ${doc.what === "p" ? "p" : "*"}`;
        const rate = doc.ok ? ((rates[pair] as (number | null)[])[doc.at >= "2026-03-15" ? 1 : 0] ?? null) : null;
        const key = JSON.stringify([doc.who, rate]);
        expected.set(
          key,
          (expected.get(key) ?? 0) + (rate === null ? 0 : amountInMinorUnits(roundSeconds(doc.n, { mode: "up", minutes: 15 }), rate, 3)),
        );
      }
      expect(new Map(rows?.map(([keys, , , , , amount]) => [JSON.stringify(keys), amount]))).toEqual(expected);
    } finally {
      await store.close();
    }
  });

  it("prices with one pricing statements of other shapes and parameters in turn, each with its own sums", async () => {
    const store = await openEmbeddedStore(join(root, "sum-by-priced-again"));
    try {
      const items = await store.collection<{ _id: string; who: string; what: string; at: string; ok: boolean; n: number }>({
        name: "items",
        indexes: [{ fields: { who: 1, what: 1, at: 1, ok: 1, n: 1 } }],
      });
      const docs = ["a", "b"].flatMap((who, i) =>
        ["p", "q"].flatMap((what, j) =>
          // A rate change at midnight UTC, inside a day of a zone east of UTC: the same day's entries at two rates.
          ["2026-03-14T22:30:00Z", "2026-03-15T00:30:00Z"].flatMap((at, k) =>
            [61, 1799, 3601].map((n, l) => ({ _id: `${i}${j}${k}${l}`, who, what, at, ok: true, n: n + i + j })),
          ),
        ),
      );
      await items.insertMany(docs);
      // The person on the project (a, p) wins over the project (p), which wins over the organization.
      const rateOf = (doc: { who: string; what: string; at: string }) =>
        doc.who === "a" && doc.what === "p" ? (doc.at >= "2026-03-15" ? 15000 : 12345) : doc.what === "p" ? 9999 : 7000;
      const price = pricedByWhoAndWhat(100, [
        { keys: ["a", "p"], starts: ["", "2026-03-15"], rates: [12345, 15000] },
        { keys: [null, "p"], starts: [""], rates: [9999] },
        { keys: ["a", null], starts: [""], rates: [7000] },
        { keys: [null, null], starts: [""], rates: [7000] },
      ]);
      const expected = (chosen: typeof docs, key: (doc: (typeof docs)[number]) => unknown[]) => {
        const sums = new Map<string, number>();
        for (const doc of chosen) {
          const at = JSON.stringify([...key(doc), rateOf(doc)]);
          sums.set(at, (sums.get(at) ?? 0) + amountInMinorUnits(doc.n, rateOf(doc), 2));
        }
        return sums;
      };
      const amounts = (rows: Awaited<ReturnType<NonNullable<typeof items.sumBy>>>) =>
        new Map(rows?.map(([keys, , , , , amount]) => [JSON.stringify(keys), amount]));
      const byWho = () => items.sumBy?.({ ok: true }, { keys: ["who"], field: "n", price });
      const dayOf = (from: string, to: string) => items.sumBy?.({ at: { $gte: from, $lt: to } }, { keys: ["what"], field: "n", price });
      const day = (from: string, to: string) => docs.filter((doc) => doc.at >= from && doc.at < to);
      expect(amounts(await byWho())).toEqual(expected(docs, (doc) => [doc.who]));
      expect(amounts(await dayOf("2026-03-14T22:00:00Z", "2026-03-15T00:00:00Z"))).toEqual(
        expected(day("2026-03-14T22:00:00Z", "2026-03-15T00:00:00Z"), (doc) => [doc.what]),
      );
      expect(amounts(await dayOf("2026-03-14T22:00:00Z", "2026-03-15T22:00:00Z"))).toEqual(
        expected(day("2026-03-14T22:00:00Z", "2026-03-15T22:00:00Z"), (doc) => [doc.what]),
      );
      expect(amounts(await byWho())).toEqual(expected(docs, (doc) => [doc.who]));
    } finally {
      await store.close();
    }
  });

  it("leaves to code the sums SQL would not give as code does: fractions to round, keys of mixed or unknown kinds", async () => {
    const store = await openEmbeddedStore(join(root, "sum-by-refused"));
    try {
      const items = await store.collection<{ _id: string; n: number; k: unknown }>({
        name: "items",
        indexes: [{ fields: { n: 1, k: 1 } }],
      });
      await items.insertMany([
        { _id: "a", n: 1.5, k: "a" },
        { _id: "b", n: 2, k: 1 },
      ]);
      expect(await items.sumBy?.({}, { keys: [], field: "n", round: { mode: "up", step: 60 } })).toBeUndefined();
      expect(await items.sumBy?.({}, { keys: ["k"], field: "n" })).toBeUndefined();
      expect(await items.sumBy?.({}, { keys: ["unknown"], field: "n" })).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it("is what openStore picks without a MongoDB URL", async () => {
    const store = await openStore({ dataDir: join(root, "picked") });
    expect(store.kind).toBe("embedded");
    await store.close();
  });
});
