import type { ServerResponse } from "node:http";
import { ApiError } from "../../shared/errors";
import type { StreamEntry } from "../../shared/event-stream";
import type { Identity } from "../../shared/identity";
import type { LiveFeed } from "../../shared/live/feed";
import type { StreamPlan } from "../../shared/live/plan";
import type { ApiStyle } from "../styles";
import { OPENING, RESET } from "./frames";
import { OpenStream } from "./open-stream";

/** A page of what a resuming stream missed (the events service's `readAfter`). */
export interface ReadBackPage {
  entries: StreamEntry[];
  through: number;
  done: boolean;
}

export interface StreamRequest {
  plan: StreamPlan;
  res: ServerResponse;
  style: ApiStyle;
  identity: Identity;
  /** Reads back what came after a position (the events service, over the bus). */
  readBack(after: number): Promise<ReadBackPage>;
  /** The caller's identity now, from the same credential; rejects when it is refused. */
  identifyAgain(): Promise<Identity>;
}

export interface LiveStreamsOptions {
  feed: LiveFeed;
  /** Streams one organization may hold open at this process. */
  perOrganization: number;
  /** Streams one holder of credentials (an API key, or a person's sessions and tokens) may hold open at this process. */
  perHolder: number;
  heartbeatMs: number;
  logger: { warn(fields: object, message: string): void };
}

/** Seconds a client refused for too many streams is told to wait. */
const RETRY_FULL_AFTER_SECONDS = 30;

const tooMany = (message: string) => new ApiError("rate_limited", message, { retry_after: RETRY_FULL_AFTER_SECONDS });

const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  // nginx and its kin buffer answers unless told not to.
  "X-Accel-Buffering": "no",
};

/** Resolves once the response has sent what waited, or has closed (then nothing more is written). */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}

/**
 * Whose credential a stream counts against: an API key by itself (an integration does not
 * take its person's share), otherwise the person, all their sessions and tokens together.
 */
function holderOf(identity: Identity): string {
  return identity.apiKeyId !== undefined ? `key:${identity.apiKeyId}` : `user:${identity.userId}`;
}

/** Open streams counted by a name (an organization, a holder). */
class Counts {
  private readonly counts = new Map<string, number>();
  of(name: string): number {
    return this.counts.get(name) ?? 0;
  }
  add(name: string): void {
    this.counts.set(name, this.of(name) + 1);
  }
  remove(name: string): void {
    const left = this.of(name) - 1;
    if (left > 0) this.counts.set(name, left);
    else this.counts.delete(name);
  }
}

/** Whether an identity still shows the same things: the same person, role and permissions. */
function sameView(before: Identity, now: Identity): boolean {
  return (
    before.organizationId === now.organizationId &&
    before.userId === now.userId &&
    before.role === now.role &&
    [...before.permissions].sort().join() === [...now.permissions].sort().join()
  );
}

/**
 * This gateway process's live streams (docs/live-updates.md): opens them in the plan the
 * events service made, counts them per organization, beats their hearts (one timer for
 * all) and checks each one's credential again at every beat, and ends them all when the
 * process drains. An ended stream is the client's to reopen, on this process or another.
 */
export class LiveStreams {
  private readonly open = new Map<OpenStream, () => Promise<Identity>>();
  private readonly perOrganization = new Counts();
  private readonly perHolder = new Counts();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: LiveStreamsOptions) {}

  /** How many streams are open at this process. */
  get size(): number {
    return this.open.size;
  }

  start(): void {
    this.timer ??= setInterval(() => this.beat(), this.options.heartbeatMs);
    this.timer.unref();
  }

  /** Ends every stream and takes no more (the process is shutting down). */
  closeAll(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    for (const stream of [...this.open.keys()]) stream.end();
  }

  /** Opens the stream, or throws the refusal (too many, shutting down) before anything is written. */
  serve(request: StreamRequest): void {
    if (this.closed) throw new ApiError("service_unavailable", "This server is shutting down; reconnect");
    const { plan, res } = request;
    // Gone while the plan was made: nothing to open, and no close to come that would count it off.
    if (res.destroyed) return;
    const organization = plan.view.organizationId;
    const holder = holderOf(request.identity);
    if (this.perOrganization.of(organization) >= this.options.perOrganization)
      throw tooMany(`Your organization has ${this.options.perOrganization} live streams open at this server; close one or try again later`);
    if (this.perHolder.of(holder) >= this.options.perHolder)
      throw tooMany(
        `This ${request.identity.apiKeyId !== undefined ? "API key" : "account"} has ${this.options.perHolder} live streams open at this server; close one or try again later`,
      );
    this.perOrganization.add(organization);
    this.perHolder.add(holder);

    const { start } = plan;
    const stream = new OpenStream(res, plan.view, request.style, request.identity, start.kind === "after" ? start.position : 0);
    this.open.set(stream, request.identifyAgain);
    const unsubscribe = this.options.feed.subscribe(organization, (entry) => stream.offer(entry));
    res.once("close", () => {
      unsubscribe();
      stream.ended = true;
      this.open.delete(stream);
      this.perOrganization.remove(organization);
      this.perHolder.remove(holder);
    });

    // With the headers the admission set already (rate limits).
    res.writeHead(200, STREAM_HEADERS);
    res.write(OPENING);
    if (start.kind === "reset") stream.write(RESET);
    if (start.kind === "after") {
      stream.catchingUp();
      void this.catchUp(stream, start.position, request.readBack);
    }
  }

  /** Reads back what the stream missed, page by page, then lets the feed's entries through. */
  private async catchUp(stream: OpenStream, after: number, readBack: StreamRequest["readBack"]): Promise<void> {
    try {
      let position = after;
      while (!stream.ended) {
        const page = await readBack(position);
        for (const entry of page.entries) {
          if (!stream.showReadBack(entry) && !stream.ended) await drainedOrClosed(stream.res);
        }
        stream.readThrough(page.through);
        position = page.through;
        if (page.done) break;
      }
      stream.caughtUp();
    } catch (error) {
      // Ended, the client reconnects with the same Last-Event-ID and tries again.
      this.options.logger.warn({ err: error }, "a live stream could not read back what it missed; ended it");
      stream.end();
    }
  }

  /** A comment on every stream, and every stream's credential checked again. */
  private beat(): void {
    for (const [stream, identifyAgain] of this.open) {
      stream.heartbeat();
      identifyAgain().then(
        (now) => {
          // A changed role or permission changes what the stream may show: it reopens with the new view.
          if (!sameView(stream.identity, now)) stream.end();
        },
        () => stream.end(),
      );
    }
  }
}
