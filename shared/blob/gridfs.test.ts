import { randomBytes } from "node:crypto";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "../../test/support/servers";
import { describeBlobContract } from "./blob.suite";
import { openGridFsBlobStore } from "./gridfs";
import { openBlobStore } from "./open";
import { dropDatabase } from "../../test/support/mongo-database";

describeWithServers(["mongo"], "GridFS blob store", () => {
  let databaseUrl: string;

  beforeAll(() => {
    databaseUrl = mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_blobs_${randomBytes(4).toString("hex")}`);
  });

  afterAll(() => dropDatabase(databaseUrl));

  describeBlobContract("GridFS (MongoDB driver)", () => openGridFsBlobStore(databaseUrl));

  it("is what openBlobStore picks with MongoDB and no bucket", async () => {
    const store = await openBlobStore({ mongoUrl: databaseUrl, dataDir: "unused" });
    try {
      expect(store.kind).toBe("gridfs");
      await expect(store.ping()).resolves.toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
