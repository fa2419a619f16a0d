import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import type { BlobStore } from "./port";

/**
 * The blob port's contract: every adapter runs this same suite. `open` must return a store
 * over the same blobs each time it is called (the suite closes and reopens one). Keys are
 * under a prefix of their own, so a shared bucket or database is no problem.
 */

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(store: BlobStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of store.list(prefix)) keys.push(blob.key);
  return keys.sort();
}

export function describeBlobContract(name: string, open: () => Promise<BlobStore>): void {
  describe(`blob store contract: ${name}`, () => {
    let store: BlobStore;
    const run = `run-${randomBytes(6).toString("hex")}`;

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      for await (const blob of store.list(`${run}/`)) await store.delete(blob.key);
      await store.close();
    });

    it("gives back exactly the bytes it was given, and null for a key it does not have", async () => {
      const bytes = randomBytes(1000);
      await store.put(`${run}/one/a.png`, bytes, "image/png");
      expect(await bytesOf(await store.get(`${run}/one/a.png`))).toEqual(bytes);
      expect(await store.get(`${run}/one/missing.png`)).toBeNull();
      expect(await store.get(`${run}/one`)).toBeNull();
    });

    it("keeps a blob larger than any chunk or buffer of the adapter whole", async () => {
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      await store.put(`${run}/big/b.bin`, bytes, "application/octet-stream");
      const back = await bytesOf(await store.get(`${run}/big/b.bin`));
      expect(back?.length).toBe(bytes.length);
      expect(back?.equals(bytes)).toBe(true);
    });

    it("replaces a blob written again under the same key, leaving one", async () => {
      await store.put(`${run}/again/c.webp`, Buffer.from("first"), "image/webp");
      await store.put(`${run}/again/c.webp`, Buffer.from("second, longer"), "image/webp");
      expect((await bytesOf(await store.get(`${run}/again/c.webp`)))?.toString()).toBe("second, longer");
      const listed = [];
      for await (const blob of store.list(`${run}/again/`)) listed.push(blob);
      expect(listed.map((blob) => [blob.key, blob.size])).toEqual([[`${run}/again/c.webp`, 14]]);
    });

    it("deletes, and deleting what is not there is no error", async () => {
      await store.put(`${run}/gone/d.png`, Buffer.from("d"), "image/png");
      await store.delete(`${run}/gone/d.png`);
      expect(await store.get(`${run}/gone/d.png`)).toBeNull();
      await expect(store.delete(`${run}/gone/d.png`)).resolves.toBeUndefined();
      await expect(store.delete(`${run}/never/there.png`)).resolves.toBeUndefined();
    });

    it("lists the keys under a prefix with their sizes and times, and nothing else", async () => {
      const before = Date.now() - 60_000;
      await store.put(`${run}/list/org_1/x.png`, Buffer.alloc(5), "image/png");
      await store.put(`${run}/list/org_1/y.png`, Buffer.alloc(7), "image/png");
      await store.put(`${run}/list/org_12/z.png`, Buffer.alloc(9), "image/png");
      expect(await keysOf(store, `${run}/list/org_1/`)).toEqual([`${run}/list/org_1/x.png`, `${run}/list/org_1/y.png`]);
      expect(await keysOf(store, `${run}/list/org_1`)).toEqual([
        `${run}/list/org_1/x.png`,
        `${run}/list/org_1/y.png`,
        `${run}/list/org_12/z.png`,
      ]);
      expect(await keysOf(store, `${run}/list/none/`)).toEqual([]);
      for await (const blob of store.list(`${run}/list/org_12/`)) {
        expect(blob.size).toBe(9);
        expect(Date.parse(blob.writtenAt)).toBeGreaterThan(before);
      }
    });

    it("refuses keys that could escape or mean something else", async () => {
      for (const key of ["../x.png", "/abs.png", `${run}/../x.png`, `${run}//x.png`, "", `${run}/a b.png`, `${run}/x/`]) {
        await expect(store.put(key, Buffer.from("x"), "image/png")).rejects.toThrow(/blob key/);
        await expect(store.get(key)).rejects.toThrow(/blob key/);
      }
    });

    it("keeps blobs across a close and a new open", async () => {
      await store.put(`${run}/kept/e.jpg`, Buffer.from("kept"), "image/jpeg");
      await store.close();
      store = await open();
      await expect(store.ping()).resolves.toBeUndefined();
      expect((await bytesOf(await store.get(`${run}/kept/e.jpg`)))?.toString()).toBe("kept");
    });
  });
}
