import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { MalformedImageError, sniffImageType, stripMetadata } from "./image-format";
import { prepareImage } from "./image";
import type { ImageType } from "./contract";

const FORMATS: [ImageType, (image: sharp.Sharp) => sharp.Sharp][] = [
  ["image/png", (image) => image.png()],
  ["image/jpeg", (image) => image.jpeg()],
  ["image/webp", (image) => image.webp()],
];

/** A picture with EXIF, XMP and a colour profile: what a camera or a screenshot tool might write. */
function tagged(encode: (image: sharp.Sharp) => sharp.Sharp): Promise<Buffer> {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .withExif({ IFD0: { Artist: "secret-artist", ImageDescription: "secret-place" } })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>secret-xmp</rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .withIccProfile("p3");
  return encode(image).toBuffer();
}

describe("image types and metadata", () => {
  it.each(FORMATS)("%s: known by its bytes; EXIF and XMP removed, the colour profile and every pixel kept", async (type, encode) => {
    const original = await tagged(encode);
    expect(sniffImageType(original)).toBe(type);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();
    const stripped = stripMetadata(original, type);
    expect(stripped.length).toBeLessThan(original.length);
    for (const secret of ["secret-artist", "secret-place", "secret-xmp"]) expect(stripped.includes(secret)).toBe(false);
    const after = await sharp(stripped).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeDefined();
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
    // Stripping what is stripped changes nothing.
    expect(stripMetadata(stripped, type).equals(stripped)).toBe(true);
  });

  it("knows nothing but PNG, JPEG and WebP", async () => {
    expect(sniffImageType(Buffer.from("GIF89a........"))).toBeNull();
    expect(sniffImageType(Buffer.from("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(
      sniffImageType(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
          .tiff()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it.each(FORMATS)("%s: a file cut off in its structure is malformed, not read past its end", async (type, encode) => {
    const original = await tagged(encode);
    for (const length of [type === "image/jpeg" ? 4 : 16, 40, Math.floor(original.length / 3)]) {
      const cut = original.subarray(0, length);
      expect(() => stripMetadata(cut, type)).toThrow(MalformedImageError);
    }
  });

  it("prepares a picture: sizes from the header, a 400 px WebP thumbnail, checksums of what is stored", async () => {
    const png = await sharp({ create: { width: 1000, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const prepared = await prepareImage(png);
    expect(prepared).toMatchObject({ type: "image/png", width: 1000, height: 500 });
    expect(prepared.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await sharp(prepared.thumbnail).metadata()).toMatchObject({ format: "webp", width: 400, height: 200 });
    const small = await prepareImage(
      await sharp({ create: { width: 120, height: 80, channels: 3, background: "#abc" } })
        .jpeg()
        .toBuffer(),
    );
    expect(await sharp(small.thumbnail).metadata()).toMatchObject({ width: 120, height: 80 });
  });

  it("refuses a picture above 50 megapixels from its header alone, before decoding a pixel", async () => {
    // A PNG that claims 10000×10000 pixels in a few bytes (its data would inflate to 300 MB): only its header is read.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(10_000, 0);
    header.writeUInt32BE(10_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), data])));
      return Buffer.concat([length, Buffer.from(type, "latin1"), data, crc]);
    };
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.alloc(30_001 * 100))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(10_000);
    await expect(prepareImage(bomb)).rejects.toMatchObject({
      code: 400,
      data: { field: "file" },
      message: expect.stringMatching(/10000×10000 pixels/),
    });
  });
});
