import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeStorageContract } from "./contract";
import { openEmbeddedStore } from "./embedded";
import { openStore } from "./open";

const root = mkdtempSync(join(tmpdir(), "stint-embedded-"));

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describeStorageContract("embedded (nedb + mingo)", () => openEmbeddedStore(join(root, "contract")));

describe("embedded store", () => {
  it("creates its folder and keeps one datafile per collection", async () => {
    const dataDir = join(root, "files", "nested");
    const store = await openEmbeddedStore(dataDir);
    const projects = await store.collection({ name: "projects" });
    const users = await store.collection({ name: "users" });
    await projects.insertOne({ _id: "p1" });
    await users.insertOne({ _id: "u1" });
    await store.close();
    expect(readdirSync(dataDir).sort()).toEqual(["projects.db", "users.db"]);
    expect(readFileSync(join(dataDir, "users.db"), "utf8")).toContain('"_id":"u1"');
  });

  it("refuses collection names that are not plain file names", async () => {
    const store = await openEmbeddedStore(join(root, "names"));
    try {
      await expect(store.collection({ name: "../escape" })).rejects.toThrow(/collection names/);
      await expect(store.collection({ name: "" })).rejects.toThrow(/collection names/);
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

  it("compacts its datafiles on close: one line per live document", async () => {
    const dataDir = join(root, "compact");
    const store = await openEmbeddedStore(dataDir);
    const rows = await store.collection<{ _id: string; n: number }>({ name: "rows" });
    await rows.insertOne({ _id: "a", n: 0 });
    await rows.insertOne({ _id: "b", n: 0 });
    for (let i = 0; i < 10; i++) await rows.findOneAndUpdate({ _id: "a" }, { $inc: { n: 1 } });
    await rows.deleteOne({ _id: "b" });
    await store.close();
    const lines = readFileSync(join(dataDir, "rows.db"), "utf8").split("\n").filter(Boolean);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([{ _id: "a", n: 10 }]);
  });

  it("is what openStore picks without a MongoDB URL", async () => {
    const store = await openStore({ dataDir: join(root, "picked") });
    expect(store.kind).toBe("embedded");
    await store.close();
  });
});
