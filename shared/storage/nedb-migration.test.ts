import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Datastore from "@seald-io/nedb";
import { DATABASE_FILE, openEmbeddedStore } from "./embedded";
import { KEPT_ASIDE_PREFIX } from "./nedb-migration";
import { DuplicateKeyError } from "./port";

const root = mkdtempSync(join(tmpdir(), "stint-nedb-"));

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

type Row = { _id: string } & Record<string, unknown>;

/** Datafiles written by nedb itself, as the embedded store of an older version left them: appended, never compacted. */
async function writeWithNedb(dataDir: string): Promise<void> {
  const users = new Datastore<Row>({ filename: join(dataDir, "users.db"), autoload: true });
  await users.ensureIndexAsync({ fieldName: "email", unique: true });
  await users.insertAsync({
    _id: "u1",
    email: "ada@example.com",
    name: "Ada",
    role: "owner",
    tags: ["a"],
    profile: { city: "Oslo" },
    note: null,
  });
  await users.insertAsync({ _id: "u2", email: "brook@example.com", name: "Brook", role: "member" });
  await users.insertAsync({ _id: "u3", email: "cyd@example.com", name: "Cyd", role: "member" });
  await users.updateAsync({ _id: "u2" }, { $set: { name: "Brook B." } }, {});
  await users.removeAsync({ _id: "u3" }, {});
  const entries = new Datastore<Row>({ filename: join(dataDir, "time_entries.db"), autoload: true });
  for (let i = 0; i < 30; i++) await entries.insertAsync({ _id: `te${i}`, user_id: i % 2 ? "u1" : "u2", minutes: i });
}

describe("moving the nedb datafiles of an older version into SQLite", () => {
  it("converts every collection once, logs one line, keeps the old files aside, and the data answers as before", async () => {
    const dataDir = join(root, "old");
    await writeWithNedb(dataDir);
    writeFileSync(join(dataDir, "development-jwt-secret"), "kept where it is");
    const notes: string[] = [];

    const store = await openEmbeddedStore(dataDir, { onMigrated: (line) => notes.push(line) });
    try {
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatch(/32 documents in 2 collections/);
      const users = await store.collection<Row>({ name: "users", indexes: [{ fields: { email: 1 }, unique: true }] });
      expect(await users.find({}, { sort: { _id: 1 } })).toStrictEqual([
        { _id: "u1", email: "ada@example.com", name: "Ada", role: "owner", tags: ["a"], profile: { city: "Oslo" }, note: null },
        { _id: "u2", email: "brook@example.com", name: "Brook B.", role: "member" },
      ]);
      await expect(users.insertOne({ _id: "u9", email: "ada@example.com" })).rejects.toBeInstanceOf(DuplicateKeyError);
      const entries = await store.collection<Row>({ name: "time_entries", indexes: [{ fields: { user_id: 1 } }] });
      expect(await entries.count({ user_id: "u1" })).toBe(15);
      expect(await entries.aggregate([{ $group: { _id: null, minutes: { $sum: "$minutes" } } }])).toStrictEqual([
        { _id: null, minutes: 435 },
      ]);
    } finally {
      await store.close();
    }

    const left = readdirSync(dataDir).sort();
    const aside = left.find((name) => name.startsWith(KEPT_ASIDE_PREFIX)) as string;
    expect(left.filter((name) => name.endsWith(".db"))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining([DATABASE_FILE, "development-jwt-secret", aside]));
    expect(readdirSync(join(dataDir, aside)).sort()).toEqual(["time_entries.db", "users.db"]);

    const again: string[] = [];
    const reopened = await openEmbeddedStore(dataDir, { onMigrated: (line) => again.push(line) });
    try {
      expect(again).toEqual([]);
      expect(await (await reopened.collection<Row>({ name: "users" })).count({})).toBe(2);
    } finally {
      await reopened.close();
    }
  });

  it("tolerates a torn last line, as nedb did (up to a tenth of the lines)", async () => {
    const dataDir = join(root, "torn");
    await writeWithNedb(dataDir);
    writeFileSync(join(dataDir, "time_entries.db"), '{"_id":"te99","user_id":"u1","min', { flag: "a" });
    const store = await openEmbeddedStore(dataDir);
    try {
      expect(await (await store.collection<Row>({ name: "time_entries" })).count({})).toBe(30);
    } finally {
      await store.close();
    }
  });

  it("refuses a datafile that is mostly unreadable and leaves it where it is", async () => {
    const dataDir = join(root, "corrupt");
    await writeWithNedb(dataDir);
    writeFileSync(join(dataDir, "users.db"), "not json\n".repeat(10), { flag: "a" });
    await expect(openEmbeddedStore(dataDir)).rejects.toThrow(/cannot be read/);
    expect(existsSync(join(dataDir, "users.db"))).toBe(true);
    expect(readdirSync(dataDir).some((name) => name.startsWith(KEPT_ASIDE_PREFIX))).toBe(false);
  });
});
