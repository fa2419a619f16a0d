import { readdirSync } from "node:fs";
import { join } from "node:path";
import { temporaryDir } from "../../test/support/stint";
import { describeBlobContract } from "./blob.suite";
import { openFileBlobStore } from "./files";
import { openBlobStore } from "./open";

const folder = temporaryDir("blobs");
afterAll(() => folder.remove());

describeBlobContract("files under a folder", () => openFileBlobStore(folder.path));

describe("file blob store", () => {
  it("leaves no temporary file or empty folder behind and keeps blobs inside its folder", async () => {
    const store = await openFileBlobStore(join(folder.path, "own"));
    await store.put("org_a/scr_1/image.png", Buffer.from("png"), "image/png");
    expect(readdirSync(join(folder.path, "own", "org_a", "scr_1"))).toEqual(["image.png"]);
    await store.put("org_a/scr_2/image.png", Buffer.from("png"), "image/png");
    await store.delete("org_a/scr_1/image.png");
    // Folders left empty go with their last blob.
    expect(readdirSync(join(folder.path, "own", "org_a"))).toEqual(["scr_2"]);
    await store.delete("org_a/scr_2/image.png");
    expect(readdirSync(join(folder.path, "own"))).toEqual([]);
    await store.close();
  });

  it("is what openBlobStore picks with neither a bucket nor MongoDB: DATA_DIR/blobs", async () => {
    const store = await openBlobStore({ dataDir: folder.path });
    expect(store.kind).toBe("files");
    await store.put("k/v.png", Buffer.from("v"), "image/png");
    expect(readdirSync(join(folder.path, "blobs", "k"))).toEqual(["v.png"]);
    await store.close();
  });
});
