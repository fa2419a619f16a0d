import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { ServiceBroker, type Context } from "moleculer";
import {
  MAX_PIECE_BYTES,
  offerStream,
  offerValues,
  pullStreamAction,
  readPulled,
  readPulledValues,
  shelvedStreamCount,
  type PulledStream,
} from "./pulled-stream";

/** A source of `chunks` chunks of `size` bytes that records how far it was read and whether it was closed. */
function countedSource(chunks: number, size: number, fill = "x") {
  const seen = { produced: 0, closed: false };
  async function* source(): AsyncGenerator<string> {
    try {
      for (let i = 0; i < chunks; i++) {
        seen.produced += 1;
        yield fill.repeat(size);
      }
    } finally {
      seen.closed = true;
    }
  }
  return { seen, source };
}

/** Reads `stream` until `bytes` have come, then stops reading (without ending it). */
async function readSome(stream: Readable, bytes: number): Promise<number> {
  let read = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    read += chunk.length;
    if (read >= bytes) break;
  }
  return read;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe("pulled streams between two nodes", () => {
  const namespace = `pulled-${randomUUID()}`;
  const producer = new ServiceBroker({ nodeID: "producer", namespace, transporter: "Fake", logger: false });
  const consumer = new ServiceBroker({ nodeID: "consumer", namespace, transporter: "Fake", logger: false });
  let offer: (ctx: Context) => PulledStream = () => {
    throw new Error("no source set");
  };
  let pulls = 0;
  producer.createService({
    name: "files",
    actions: {
      open: (ctx: Context) => offer(ctx),
      pullStream: {
        ...pullStreamAction(),
        handler: (ctx: Context) => {
          pulls += 1;
          return (pullStreamAction().handler as (ctx: Context) => unknown)(ctx);
        },
      },
    },
  });
  consumer.createService({
    name: "reader",
    actions: {
      values: async (ctx: Context<{ take?: number }>) => {
        const batches: unknown[][] = [];
        let taken = 0;
        for await (const batch of readPulledValues<unknown>(ctx, (await ctx.call("files.open")) as PulledStream)) {
          batches.push(batch);
          taken += batch.length;
          if (ctx.params.take !== undefined && taken >= ctx.params.take) break;
        }
        return batches;
      },
      read: async (ctx: Context<{ bytes?: number; as?: "base64" }>) => {
        const stream = readPulled(ctx, (await ctx.call("files.open")) as PulledStream);
        if (ctx.params.bytes === undefined) return (await readAll(stream)).toString(ctx.params.as ?? "utf8");
        const read = await readSome(stream, ctx.params.bytes);
        stream.destroy();
        return read;
      },
    },
  });

  beforeAll(async () => {
    await Promise.all([producer.start(), consumer.start()]);
    await consumer.waitForServices(["files"]);
  });
  afterAll(() => Promise.all([consumer.stop(), producer.stop()]));
  beforeEach(() => {
    pulls = 0;
  });

  it("hands over every byte, in pieces no larger than the bus takes, and forgets the stream at its end", async () => {
    const { source } = countedSource(40, 30_000);
    offer = (ctx) => offerStream(ctx, "files", source());
    const text = (await consumer.call("reader.read", {})) as string;
    expect({ length: text.length, same: text === "x".repeat(40 * 30_000) }).toEqual({ length: 40 * 30_000, same: true });
    expect(pulls).toBeGreaterThanOrEqual(Math.ceil((40 * 30_000) / MAX_PIECE_BYTES));
    expect(shelvedStreamCount("producer")).toBe(0);
  });

  it("reads the source only as far as the reader has asked, and closes it when the reader stops", async () => {
    const { seen, source } = countedSource(10_000, 10_000);
    offer = (ctx) => offerStream(ctx, "files", source());
    const read = (await consumer.call("reader.read", { bytes: 100_000 })) as number;
    expect(read).toBeGreaterThanOrEqual(100_000);
    // What the reader took, a piece in flight and the stream's own buffers: nowhere near the 100 MB on offer.
    expect(seen.produced * 10_000).toBeLessThan(2_000_000);
    await waitFor(() => seen.closed);
    expect(shelvedStreamCount("producer")).toBe(0);
  });

  it("hands over text and bytes exactly, however the pieces cut them", async () => {
    const text = "é€😀".repeat(50_000);
    offer = (ctx) => offerStream(ctx, "files", sourceOf(text));
    const read = (await consumer.call("reader.read", {})) as string;
    // Compared as a flag: a failure would otherwise print a megabyte of text.
    expect({ length: read.length, same: read === text }).toEqual({ length: text.length, same: true });
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 256));
    offer = (ctx) => offerStream(ctx, "files", sourceOf(bytes), "base64");
    expect((await consumer.call("reader.read", { as: "base64" })) === bytes.toString("base64")).toBe(true);
  });

  it("hands over values as they were, however many pieces a batch takes, and forgets the stream at its end", async () => {
    // Text that JSON escapes (a line break, a quote) and characters of several bytes, in batches larger than a piece.
    const value = (i: number) => ({ id: i, text: `line ${i}\n"quoted" é€😀 ${"x".repeat(i % 700)}`, tags: i % 3 ? [] : ["a"], none: null });
    const batches = Array.from({ length: 6 }, (_, b) => Array.from({ length: 1500 }, (_, i) => value(b * 1500 + i)));
    offer = (ctx) => offerValues(ctx, "files", sourceOf(...batches));
    const read = (await consumer.call("reader.values", {})) as unknown[][];
    const values = read.flat();
    expect({ count: values.length, same: JSON.stringify(values) === JSON.stringify(batches.flat()) }).toEqual({ count: 9000, same: true });
    expect(pulls).toBeGreaterThanOrEqual(
      Math.ceil(
        Buffer.byteLength(
          batches
            .flat()
            .map((v) => JSON.stringify(v))
            .join("\n"),
        ) / MAX_PIECE_BYTES,
      ),
    );
    expect(shelvedStreamCount("producer")).toBe(0);
  });

  it("reads values only as far as the reader has asked, and closes the source when the reader stops", async () => {
    const seen = { produced: 0, closed: false };
    async function* batches(): AsyncGenerator<{ n: number; text: string }[]> {
      try {
        for (let b = 0; b < 10_000; b++) {
          seen.produced += 1;
          yield Array.from({ length: 100 }, (_, n) => ({ n, text: "y".repeat(100) }));
        }
      } finally {
        seen.closed = true;
      }
    }
    offer = (ctx) => offerValues(ctx, "files", batches());
    const read = (await consumer.call("reader.values", { take: 1000 })) as unknown[][];
    expect(read.flat().length).toBeGreaterThanOrEqual(1000);
    // A piece is at most 256 KiB, some 2,200 of these values: nowhere near the million on offer.
    expect(seen.produced * 100).toBeLessThan(10_000);
    await waitFor(() => seen.closed);
    expect(shelvedStreamCount("producer")).toBe(0);
  });

  it("passes the source's failure to the reader", async () => {
    async function* failing(): AsyncGenerator<string> {
      yield "first";
      throw new Error("the store went away");
    }
    offer = (ctx) => offerStream(ctx, "files", failing());
    await expect(consumer.call("reader.read", {})).rejects.toThrow(/the store went away/);
    expect(shelvedStreamCount("producer")).toBe(0);
  });

  it("answers 404 for a stream it does not hold", async () => {
    await expect(consumer.call("files.pullStream", { id: "0".repeat(32) }, { nodeID: "producer" })).rejects.toMatchObject({ code: 404 });
    await expect(consumer.call("files.pullStream", { id: "../etc" }, { nodeID: "producer" })).rejects.toMatchObject({ code: 400 });
  });
});

describe("pulled streams in one node", () => {
  const broker = new ServiceBroker({ nodeID: "alone", logger: false });
  let pulls = 0;
  broker.createService({
    name: "files",
    actions: {
      read: async (ctx: Context) => {
        const { source } = countedSource(3, 100_000);
        return (await readAll(readPulled(ctx, offerStream(ctx, "files", source())))).length;
      },
      values: async (ctx: Context) => {
        const first: object[] = [{ a: 1 }, { b: 2 }];
        const second: object[] = [{ c: 3 }];
        const read: unknown[][] = [];
        for await (const batch of readPulledValues<unknown>(ctx, offerValues(ctx, "files", sourceOf(first, second)))) read.push(batch);
        return { same: [read[0] === first, read[1] === second], values: read.flat().length };
      },
      valuesAsText: async (ctx: Context) =>
        (await readAll(readPulled(ctx, offerValues(ctx, "files", sourceOf<unknown[]>([{ a: 1 }, [2]], ["three"]))))).toString("utf8"),
      pullStream: {
        ...pullStreamAction(),
        handler: () => {
          pulls += 1;
          throw new Error("a stream on this node is taken, not pulled");
        },
      },
    },
  });
  beforeAll(() => broker.start());
  afterAll(() => broker.stop());

  it("is taken by a reader on the node that holds it, without a call", async () => {
    expect(await broker.call("files.read")).toBe(300_000);
    expect(pulls).toBe(0);
    expect(shelvedStreamCount("alone")).toBe(0);
  });

  it("hands a reader on the same node the very batches of values, not text", async () => {
    expect(await broker.call("files.values")).toEqual({ same: [true, true], values: 3 });
    expect(pulls).toBe(0);
    expect(shelvedStreamCount("alone")).toBe(0);
  });

  it("writes values as JSON text, a value a line, for a reader of bytes on the same node", async () => {
    expect(await broker.call("files.valuesAsText")).toBe('{"a":1}\n[2]\n"three"\n');
    expect(pulls).toBe(0);
  });
});

async function* sourceOf<T = string | Buffer>(...chunks: T[]): AsyncGenerator<T> {
  yield* chunks;
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
