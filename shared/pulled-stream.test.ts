import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { ServiceBroker, type Context } from "moleculer";
import { MAX_PIECE_BYTES, offerStream, pullStreamAction, readPulled, shelvedStreamCount, type PulledStream } from "./pulled-stream";

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
});

async function* sourceOf(...chunks: (string | Buffer)[]): AsyncGenerator<string | Buffer> {
  yield* chunks;
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
