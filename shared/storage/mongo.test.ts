import { randomBytes } from "node:crypto";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "../../test/support/servers";
import { describeStorageContract } from "./storage.suite";
import { openMongoStore } from "./mongo";
import { openStore } from "./open";
import { dropDatabase } from "../../test/support/mongo-database";

describeWithServers(["mongo"], "MongoDB storage adapter", () => {
  const url = () => mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_test_${randomBytes(4).toString("hex")}`);
  let databaseUrl: string;

  beforeAll(() => {
    databaseUrl = url();
  });

  afterAll(() => dropDatabase(databaseUrl));

  describeStorageContract("MongoDB (mongoose)", () => openMongoStore(databaseUrl));

  it("is what openStore picks when given a MongoDB URL", async () => {
    const store = await openStore({ mongoUrl: databaseUrl, dataDir: "unused" });
    try {
      expect(store.kind).toBe("mongodb");
      await expect(store.ping()).resolves.toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it("rejects when no server answers", async () => {
    await expect(openMongoStore("mongodb://127.0.0.1:1/stint_nowhere")).rejects.toThrow();
  }, 15_000);
});
