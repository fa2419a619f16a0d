import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { ActionSchema, Context } from "moleculer";
import { z } from "zod";
import { ApiError } from "./errors";
import { validate } from "./validation";

/**
 * Streams one process hands another a piece at a time, as the reader asks for them.
 *
 * moleculer carries a stream over the bus by sending every chunk as soon as it is read, with
 * nothing to tell the sender that the reader is behind: an export of a year written to a
 * slow client would pile up in the gateway's memory. So a service that answers a stream
 * shelves it and answers where to pull it from; the reader calls back for each piece (a
 * call to the very node that holds it), and the source is read only for that call. Memory
 * stays at a piece per stream in every process, and a reader that stops reading stops the
 * source, down to the store's cursor. In one process (embedded, or a reader on the node
 * that shelved the stream) the reader takes the source itself: no calls, same pace.
 *
 * A stream of values (`offerValues`: batches of JSON values, such as a store's entries)
 * crosses the bus as JSON text, a value a line; a reader in the same process takes the
 * batches themselves, so nothing is written as text and parsed back within one process.
 */

/** What a service answers instead of a stream. */
export interface PulledStream {
  pulledStream: {
    /** The action that hands out pieces (`<service>.pullStream`). */
    action: string;
    nodeID: string;
    id: string;
    /** How each piece travels: text as it is, bytes in base64, values as JSON text a value a line. */
    encoding: Encoding;
  };
}

/** One answer of a pull: the next piece, or the end. */
export type PulledPiece = { data: string } | { end: true };

/** Bytes per piece at most (the bus's messages stay well under NATS's 1 MiB). */
export const MAX_PIECE_BYTES = 256 * 1024;
/** A piece smaller than this is topped up from the source before it is sent. */
const MIN_PIECE_BYTES = 64 * 1024;
/** A stream nobody pulled for this long is closed, its source with it. */
const IDLE_MS = 60_000;
/** Streams one process holds at most; beyond, a new one is refused with a 503. */
const MAX_SHELVED = 256;
/** A pull may wait for the source's first rows (a store scanning a year): its own deadline, not the bus's. */
export const PULL_TIMEOUT_MS = 5 * 60_000;

type Encoding = "utf8" | "base64" | "json";

/** Text or bytes; for `json`, batches of values. */
type Source = AsyncIterator<string | Buffer | readonly unknown[]>;

interface Shelved {
  source: Source;
  encoding: Encoding;
  /** Left over from the last source chunk, beyond what the last piece took. */
  rest: Buffer | null;
  idle: NodeJS.Timeout;
  /** The pull under way, so that two never read the source at once. */
  turn: Promise<unknown>;
}

/** The streams one node holds, by id. */
class Shelf {
  private readonly streams = new Map<string, Shelved>();

  get size(): number {
    return this.streams.size;
  }

  put(source: Source, encoding: Encoding): string {
    if (this.streams.size >= MAX_SHELVED) {
      void source.return?.();
      throw new ApiError("service_unavailable", "Too many exports are under way; try again shortly");
    }
    const id = randomBytes(16).toString("hex");
    const shelved: Shelved = { source, encoding, rest: null, idle: this.idleTimer(id), turn: Promise.resolve() };
    this.streams.set(id, shelved);
    return id;
  }

  /**
   * Hands the source over whole (a reader in the same process); `undefined` when not here,
   * or when values were pulled as text already (the reader then pulls the rest as text).
   */
  take(id: string): Source | undefined {
    const shelved = this.streams.get(id);
    if (!shelved || (shelved.encoding === "json" && shelved.rest)) return undefined;
    this.forget(id);
    return shelved.rest ? prepended(shelved.rest, shelved.source) : shelved.source;
  }

  pull(id: string): Promise<PulledPiece> {
    const shelved = this.streams.get(id);
    if (!shelved) return Promise.reject(new ApiError("not_found", "No such stream (it ended, or was left unread too long)"));
    const piece = shelved.turn.then(() => this.nextPiece(id, shelved));
    shelved.turn = piece.catch(() => undefined);
    return piece;
  }

  close(id: string): void {
    const shelved = this.streams.get(id);
    if (!shelved) return;
    this.forget(id);
    void shelved.source.return?.();
  }

  closeAll(): void {
    for (const id of [...this.streams.keys()]) this.close(id);
  }

  private async nextPiece(id: string, shelved: Shelved): Promise<PulledPiece> {
    clearTimeout(shelved.idle);
    const parts: Buffer[] = shelved.rest ? [shelved.rest] : [];
    let bytes = shelved.rest?.length ?? 0;
    shelved.rest = null;
    let ended = false;
    try {
      while (bytes < MIN_PIECE_BYTES) {
        const next = await shelved.source.next();
        if (next.done) {
          ended = true;
          break;
        }
        const chunk = pieceBytes(next.value);
        parts.push(chunk);
        bytes += chunk.length;
      }
    } catch (error) {
      this.forget(id);
      throw error;
    }
    let whole = Buffer.concat(parts, bytes);
    if (whole.length > MAX_PIECE_BYTES) {
      const cut = shelved.encoding === "base64" ? MAX_PIECE_BYTES : characterBoundary(whole, MAX_PIECE_BYTES);
      shelved.rest = whole.subarray(cut);
      whole = whole.subarray(0, cut);
    }
    if (whole.length === 0 && ended) {
      this.forget(id);
      return { end: true };
    }
    // The source's end is told by the next pull, so that a piece is never lost.
    if (ended && !shelved.rest) shelved.source = emptySource();
    shelved.idle = this.idleTimer(id);
    return { data: whole.toString(shelved.encoding === "base64" ? "base64" : "utf8") };
  }

  private idleTimer(id: string): NodeJS.Timeout {
    const timer = setTimeout(() => this.close(id), IDLE_MS);
    timer.unref();
    return timer;
  }

  private forget(id: string): void {
    const shelved = this.streams.get(id);
    if (shelved) clearTimeout(shelved.idle);
    this.streams.delete(id);
  }
}

/** A source's chunk as bytes: text as UTF-8, a batch of values as JSON text, a value a line. */
function pieceBytes(chunk: string | Buffer | readonly unknown[]): Buffer {
  if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
  if (Buffer.isBuffer(chunk)) return chunk;
  return Buffer.from(jsonLinesOf(chunk), "utf8");
}

function jsonLinesOf(values: readonly unknown[]): string {
  let text = "";
  for (const value of values) text += `${JSON.stringify(value)}\n`;
  return text;
}

/** The last place at or before `at` where a UTF-8 character starts, so that text cut there stays whole on both sides. */
function characterBoundary(bytes: Buffer, at: number): number {
  let cut = at;
  // Continuation bytes are 10xxxxxx; a character is at most four bytes.
  while (cut > at - 4 && cut > 0 && ((bytes[cut] as number) & 0xc0) === 0x80) cut -= 1;
  return cut;
}

async function* prepended(first: Buffer, rest: Source): AsyncGenerator<string | Buffer | readonly unknown[]> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

function emptySource(): Source {
  return { next: () => Promise.resolve({ done: true, value: undefined }) };
}

/** The shelves of this process, one per node (a test process may run several brokers). */
const shelves = new Map<string, Shelf>();

function shelfOf(nodeID: string): Shelf {
  let shelf = shelves.get(nodeID);
  if (!shelf) {
    shelf = new Shelf();
    shelves.set(nodeID, shelf);
  }
  return shelf;
}

/** Where a service's context lives: its node, and calls to other nodes. */
export type StreamContext = Pick<Context, "call"> & { broker: { nodeID: string } };

/**
 * Shelves a stream of text (`utf8`) or bytes (`base64`) on this node and answers where to
 * pull it from, through `service`'s `pullStream` action (`pullStreamAction`).
 */
export function offerStream(
  ctx: StreamContext,
  service: string,
  source: AsyncIterable<string | Buffer>,
  encoding: "utf8" | "base64" = "utf8",
): PulledStream {
  return shelve(ctx, service, source, encoding);
}

/**
 * Shelves a stream of JSON values, given in batches, and answers where to pull it from
 * (`readPulledValues` reads it). Across the bus each value travels as a line of JSON text;
 * a reader in this process takes the very batches `source` yields.
 */
export function offerValues<T>(ctx: StreamContext, service: string, source: AsyncIterable<readonly T[]>): PulledStream {
  return shelve(ctx, service, source, "json");
}

function shelve(
  ctx: StreamContext,
  service: string,
  source: AsyncIterable<string | Buffer | readonly unknown[]>,
  encoding: Encoding,
): PulledStream {
  const id = shelfOf(ctx.broker.nodeID).put(source[Symbol.asyncIterator](), encoding);
  return { pulledStream: { action: `${service}.pullStream`, nodeID: ctx.broker.nodeID, id, encoding } };
}

export function isPulledStream(value: unknown): value is PulledStream {
  if (typeof value !== "object" || value === null || !("pulledStream" in value)) return false;
  const handle = (value as { pulledStream: unknown }).pulledStream;
  return typeof handle === "object" && handle !== null && "action" in handle && "nodeID" in handle && "id" in handle;
}

const pullInput = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/), close: z.literal(true).optional() }).strict();

/**
 * The action that hands out the next piece of a stream this node shelved, or closes it
 * (`close: true`, a reader that stopped early); add it to every service that offers streams.
 */
export function pullStreamAction(): ActionSchema {
  return {
    visibility: "public",
    handler: async (ctx: Context<unknown>): Promise<PulledPiece> => {
      const input = validate(pullInput, ctx.params);
      const shelf = shelfOf(ctx.broker.nodeID);
      if (!input.close) return shelf.pull(input.id);
      shelf.close(input.id);
      return { end: true };
    },
  };
}

/** Closes every stream this node holds (its broker is stopping). */
export function closeShelvedStreams(nodeID: string): void {
  shelves.get(nodeID)?.closeAll();
  shelves.delete(nodeID);
}

/** How many streams a node holds (for tests: none left behind). */
export function shelvedStreamCount(nodeID: string): number {
  return shelves.get(nodeID)?.size ?? 0;
}

/** The pieces of a stream on another node, as they travel (text, or bytes in base64), pulled one a call. */
async function* pulledPieces(ctx: StreamContext, handle: PulledStream["pulledStream"]): AsyncGenerator<string> {
  let done = false;
  try {
    for (;;) {
      const piece = (await ctx.call(handle.action, { id: handle.id }, { nodeID: handle.nodeID, timeout: PULL_TIMEOUT_MS })) as PulledPiece;
      if ("end" in piece) {
        done = true;
        return;
      }
      yield piece.data;
    }
  } finally {
    // A reader that stops early (a client gone) lets the node holding the stream close it now rather than when it idles out.
    if (!done) void ctx.call(handle.action, { id: handle.id, close: true }, { nodeID: handle.nodeID }).catch(() => undefined);
  }
}

/**
 * The bytes of a stream another service offered, read a piece at a time as this reader
 * asks for them (`Readable`'s own back-pressure); taken whole when shelved on this node.
 */
export function readPulled(ctx: StreamContext, stream: PulledStream): Readable {
  const handle = stream.pulledStream;
  const local = takeLocal(ctx, handle);
  if (local) return Readable.from(handle.encoding === "json" ? asBytes(local) : iterable(local), { objectMode: false });
  return Readable.from(remoteBytes(pulledPieces(ctx, handle), handle.encoding), { objectMode: false });
}

/**
 * The values of a stream `offerValues` shelved, in batches: the source's own batches when it
 * is on this node; else each piece's whole lines, parsed (a piece may end inside a line,
 * and that line comes whole with the next batch).
 */
export async function* readPulledValues<T>(ctx: StreamContext, stream: PulledStream): AsyncGenerator<T[]> {
  const handle = stream.pulledStream;
  if (handle.encoding !== "json") throw new Error("not a stream of values");
  const local = takeLocal(ctx, handle);
  if (local) {
    yield* iterable(local) as AsyncIterable<T[]>;
    return;
  }
  let pending = "";
  for await (const piece of pulledPieces(ctx, handle)) {
    const text = pending + piece;
    const values: T[] = [];
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      if (end > start) values.push(JSON.parse(text.slice(start, end)) as T);
      start = end + 1;
    }
    pending = text.slice(start);
    if (values.length > 0) yield values;
  }
  if (pending.trim().length > 0) yield [JSON.parse(pending) as T];
}

function takeLocal(ctx: StreamContext, handle: PulledStream["pulledStream"]): Source | undefined {
  return handle.nodeID === ctx.broker.nodeID ? shelfOf(handle.nodeID).take(handle.id) : undefined;
}

function iterable<T>(iterator: AsyncIterator<T>): AsyncIterable<T> {
  return { [Symbol.asyncIterator]: () => iterator };
}

async function* asBytes(source: Source): AsyncGenerator<Buffer> {
  for await (const chunk of iterable(source)) yield pieceBytes(chunk);
}

async function* remoteBytes(pieces: AsyncIterable<string>, encoding: Encoding): AsyncGenerator<Buffer> {
  for await (const piece of pieces) yield Buffer.from(piece, encoding === "base64" ? "base64" : "utf8");
}
