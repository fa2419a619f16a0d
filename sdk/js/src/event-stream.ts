import type { HttpClient } from "./core.js";
import { APIConnectionError, APIError, StintError } from "./errors.js";
import { ServerSentEventParser } from "./server-sent-events.js";
import type { StintEvent, StreamReset } from "./types.js";

/** How a live stream waits before reconnecting, and how long it waits for a sign of life. */
export interface EventStreamOptions {
  /** Resume after this event (an id seen earlier): nothing after it is missed, nothing before it repeated. */
  lastEventId?: string;
  /** Ends the stream: the iteration finishes. */
  signal?: AbortSignal;
  /** First wait before reconnecting, in milliseconds (default: what the server says, else 1000); doubled up to `maxReconnectDelay`. */
  reconnectDelay?: number;
  /** Longest wait between reconnections (default 30 000). */
  maxReconnectDelay?: number;
  /**
   * Milliseconds without a byte, not even a heartbeat, after which the connection is taken
   * for dead and made again (default 45 000, three of the server's 15-second heartbeats).
   */
  idleTimeout?: number;
  /**
   * Called each time a connection is open (the first, and after every reconnection): from
   * then on, nothing that happens is missed.
   */
  onOpen?: () => void;
}

const DEFAULT_RECONNECT_MS = 1000;
const DEFAULT_MAX_RECONNECT_MS = 30_000;
const DEFAULT_IDLE_TIMEOUT_MS = 45_000;

/**
 * Whether connecting again may go better: a lost connection, a body that broke off, a 408,
 * 429 or 5xx. Not a refusal no reconnection changes (a bad request, a credential or
 * permission refused, a missing route), nor a server that is no Stint.
 */
function worthRetrying(error: unknown): boolean {
  if (error instanceof APIError) return error.status === 408 || error.status === 429 || error.status >= 500;
  if (error instanceof APIConnectionError) return true;
  if (error instanceof StintError) return false;
  return !(error instanceof SyntaxError);
}

/** Full jitter: somewhere between nothing and the delay, so that clients cut off together do not return together. */
function jittered(delayMs: number): number {
  return Math.random() * delayMs;
}

/**
 * The organization's events as they happen (`GET /events/stream`), as an async iterator that
 * reconnects by itself and resumes after the last event it gave, so that nothing is missed
 * or given twice. A `reset` comes when the server no longer knew where to resume: reload
 * what you show. `close()` (or the `signal`) ends it. A refused credential or permission
 * ends it with its error; anything else (a dropped connection, a restarted server, a 429 or
 * 5xx) is tried again after a growing, jittered wait.
 */
export class EventStream implements AsyncIterableIterator<StintEvent | StreamReset> {
  private last: string | undefined;
  private readonly controller = new AbortController();
  private readonly iterator: AsyncGenerator<StintEvent | StreamReset, void, undefined>;

  constructor(
    private readonly http: HttpClient,
    private readonly options: EventStreamOptions = {},
  ) {
    this.last = options.lastEventId;
    options.signal?.addEventListener("abort", () => this.controller.abort(), { once: true });
    this.iterator = this.run();
  }

  /** The id of the last event given: keep it to resume in a later process with `lastEventId`. */
  get lastEventId(): string | undefined {
    return this.last;
  }

  /** The next event; `done` once the stream was closed. */
  next(): Promise<IteratorResult<StintEvent | StreamReset, void>> {
    return this.iterator.next();
  }

  /** Ends the stream (a `for await` that breaks calls this). */
  async return(): Promise<IteratorResult<StintEvent | StreamReset, void>> {
    this.close();
    return this.iterator.return(undefined);
  }

  /** The stream itself: `for await (const event of stint.events.stream())`. */
  [Symbol.asyncIterator](): AsyncIterableIterator<StintEvent | StreamReset> {
    return this;
  }

  /** Closes the connection; the iteration ends. */
  close(): void {
    this.controller.abort();
  }

  private async *run(): AsyncGenerator<StintEvent | StreamReset, void, undefined> {
    const firstDelay = () => this.options.reconnectDelay ?? serverRetryMs ?? DEFAULT_RECONNECT_MS;
    const maxDelay = this.options.maxReconnectDelay ?? DEFAULT_MAX_RECONNECT_MS;
    let serverRetryMs: number | undefined;
    let delay: number | undefined;
    while (!this.controller.signal.aborted) {
      try {
        const response = await this.http.open(
          { method: "GET", path: "/events/stream" },
          { signal: this.controller.signal, headers: this.headers(), maxRetries: 0 },
        );
        const type = response.headers.get("content-type") ?? "";
        if (!type.startsWith("text/event-stream"))
          throw new StintError(
            `GET /events/stream answered ${type || "no content type"}, not text/event-stream: is baseUrl the service's root?`,
          );
        this.options.onOpen?.();
        for await (const message of this.messages(response, (retryMs) => (serverRetryMs = retryMs))) {
          // Connected and reading: the next loss waits the shortest time again.
          delay = undefined;
          if (message.event === "reset") {
            yield { type: "reset", ...(JSON.parse(message.data) as Omit<StreamReset, "type">) };
            continue;
          }
          if (message.id === undefined) continue;
          const event = JSON.parse(message.data) as StintEvent;
          this.last = message.id;
          yield event;
        }
      } catch (error) {
        if (this.controller.signal.aborted) return;
        if (!worthRetrying(error)) throw error;
      }
      if (this.controller.signal.aborted) return;
      delay = delay === undefined ? firstDelay() : Math.min(maxDelay, delay * 2);
      await this.pause(jittered(delay));
    }
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { Accept: "text/event-stream", "Cache-Control": "no-store" };
    if (this.last !== undefined) headers["Last-Event-ID"] = this.last;
    return headers;
  }

  /** The body's messages as they arrive; ends when the connection does, or when nothing came for `idleTimeout`. */
  private async *messages(response: Response, onRetry: (ms: number) => void) {
    const body = response.body;
    if (!body) return;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = new ServerSentEventParser();
    const idleMs = this.options.idleTimeout ?? DEFAULT_IDLE_TIMEOUT_MS;
    const abort = () => void reader.cancel().catch(() => undefined);
    this.controller.signal.addEventListener("abort", abort, { once: true });
    try {
      for (;;) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const idle = new Promise<"idle">((resolve) => (timer = setTimeout(() => resolve("idle"), idleMs)));
        const read = await Promise.race([reader.read(), idle]);
        clearTimeout(timer);
        if (read === "idle" || read.done) return;
        const chunk = parser.push(decoder.decode(read.value, { stream: true }));
        if (chunk.retryMs !== undefined) onRetry(chunk.retryMs);
        yield* chunk.messages;
      }
    } finally {
      this.controller.signal.removeEventListener("abort", abort);
      await reader.cancel().catch(() => undefined);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.controller.signal.addEventListener("abort", done, { once: true });
    });
  }
}
