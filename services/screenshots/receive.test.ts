import { PassThrough, Readable } from "node:stream";
import { receiveImage, withUploadBuffer } from "./receive";
import { MAX_SCREENSHOT_BYTES } from "./contract";

describe("receiving an image", () => {
  it("gives back the file's bytes whole", async () => {
    const parts = [Buffer.from("first "), Buffer.from("second")];
    expect((await receiveImage(Readable.from(parts))).toString()).toBe("first second");
  });

  it("copies the file into a lent buffer, and lends the same buffer again afterwards", async () => {
    let first: Buffer | undefined;
    const got = await withUploadBuffer(async (buffer) => {
      first = buffer;
      return Buffer.from(await receiveImage(Readable.from([Buffer.from("abc"), Buffer.from("def")]), buffer));
    });
    expect(got.toString()).toBe("abcdef");
    expect(first!.length).toBe(MAX_SCREENSHOT_BYTES);
    await withUploadBuffer(async (buffer) => {
      expect(buffer).toBe(first);
      expect((await receiveImage(Readable.from([Buffer.from("xy")]), buffer)).toString()).toBe("xy");
    });
  });

  it("stops at the first byte past 10 MiB with a 413, without reading on", async () => {
    let offered = 0;
    const file = new Readable({
      read() {
        offered += 1024 * 1024;
        this.push(Buffer.alloc(1024 * 1024));
      },
    });
    await expect(receiveImage(file)).rejects.toMatchObject({ code: 413, type: "payload_too_large" });
    expect(offered).toBeLessThan(MAX_SCREENSHOT_BYTES + 4 * 1024 * 1024);
    expect(file.destroyed).toBe(true);
  });

  it("refuses an empty file, one that breaks off, and one that does not arrive in time", async () => {
    await expect(receiveImage(Readable.from([]))).rejects.toMatchObject({ code: 400, message: "file: is empty" });
    const broken = new PassThrough();
    broken.write("part of it");
    setImmediate(() => broken.destroy(new Error("connection reset")));
    await expect(receiveImage(broken)).rejects.toMatchObject({ code: 400, message: expect.stringMatching(/ended early/) });
    const trickle = new PassThrough();
    trickle.write("a byte now and then");
    await expect(receiveImage(trickle, undefined, 50)).rejects.toMatchObject({
      code: 400,
      message: expect.stringMatching(/did not arrive within 0.05 seconds/),
    });
  });
});
