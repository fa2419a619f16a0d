import { request as httpRequest, type IncomingMessage } from "node:http";
import type { ApiStyle } from "../../gateway/styles";
import { checkAgainstOpenApi, checkStreamedEventAgainstOpenApi } from "./openapi-validation";

/** One message of a Server-Sent Events stream, as a client reads it. */
export interface StreamMessage {
  id?: string;
  event: string;
  data: string;
}

/** An event message's `data`: the event as the documents describe it. */
export interface StreamedEvent {
  id: string;
  type: string;
  created_at: string;
  organization_id: string;
  data: Record<string, unknown> & { id: string; user_id?: string };
}

export type StreamAnswer =
  | { status: 200; headers: IncomingMessage["headers"]; stream: LiveStream }
  | { status: number; headers: IncomingMessage["headers"]; body: unknown; text: string };

/**
 * A live stream read over a real socket, parsed as the HTML standard says (messages end at a
 * blank line; lines starting with `:` are comments). Every event's `data` is checked against
 * the OpenAPI documents, as the test client checks every answer.
 */
export class LiveStream {
  readonly messages: StreamMessage[] = [];
  comments = 0;
  retry: number | undefined;
  ended = false;
  private readonly waiters = new Set<() => void>();
  private partial = "";

  /** The answer's headers. */
  readonly headers: IncomingMessage["headers"];

  private constructor(
    private readonly response: IncomingMessage,
    private readonly style: ApiStyle,
  ) {
    this.headers = response.headers;
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => this.read(chunk));
    const end = () => {
      this.ended = true;
      this.wake();
    };
    response.on("end", end);
    response.on("close", end);
    response.on("error", end);
  }

  /** Opens `path` (with its query) on `baseUrl`; a refusal's body is read and checked like any answer. */
  static open(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<StreamAnswer> {
    const style: ApiStyle = path.startsWith("/api/v1") || path.startsWith("/v1") ? "A" : "B";
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${baseUrl}${path}`, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
        const status = response.statusCode ?? 0;
        const contentType = response.headers["content-type"];
        if (status === 200) {
          checkAgainstOpenApi({ method: "GET", path, status, body: undefined, text: "", contentType });
          resolve({ status: 200, headers: response.headers, stream: new LiveStream(response, style) });
          return;
        }
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          const body: unknown = text === "" ? undefined : JSON.parse(text);
          checkAgainstOpenApi({ method: "GET", path, status, body, text, contentType });
          resolve({ status, headers: response.headers, body, text });
        });
      });
      req.on("error", reject);
      req.end();
    });
  }

  /** The event messages so far, parsed (a `reset` and other messages without an event's shape are left out). */
  get events(): StreamedEvent[] {
    return this.messages.filter((message) => message.id !== undefined).map((message) => JSON.parse(message.data) as StreamedEvent);
  }

  /** Waits until `check` holds of the stream, or fails after `timeoutMs`. */
  async until<T>(what: string, check: (stream: LiveStream) => T | undefined | false, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check(this);
      if (value !== undefined && value !== false) return value;
      if (this.ended) throw new Error(`the stream ended while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.messages.map((m) => m.event))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The first event of `type` (that `where` accepts) to arrive. */
  event(type: string, where: (event: StreamedEvent) => boolean = () => true): Promise<StreamedEvent> {
    return this.until(`a ${type} event`, (stream) => stream.events.find((event) => event.type === type && where(event)));
  }

  /** Waits for the stream to end (the server closed it). */
  async closedByServer(timeoutMs = 10_000): Promise<void> {
    await this.until("the stream's end", (stream) => stream.ended || undefined, timeoutMs).catch((error: unknown) => {
      if (!this.ended) throw error;
    });
  }

  close(): void {
    this.response.destroy();
  }

  private read(chunk: string): void {
    this.partial += chunk;
    let end: number;
    while ((end = this.partial.indexOf("\n\n")) >= 0) {
      const block = this.partial.slice(0, end);
      this.partial = this.partial.slice(end + 2);
      this.parse(block);
    }
    this.wake();
  }

  private parse(block: string): void {
    const message: Partial<StreamMessage> & { data?: string } = {};
    let fields = 0;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) {
        this.comments += 1;
        continue;
      }
      const colon = line.indexOf(":");
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (name === "retry") this.retry = Number(value);
      else if (name === "id") message.id = value;
      else if (name === "event") message.event = value;
      else if (name === "data") message.data = message.data === undefined ? value : `${message.data}\n${value}`;
      else continue;
      if (name !== "retry") fields += 1;
    }
    if (fields === 0 || message.data === undefined) return;
    const complete: StreamMessage = { id: message.id, event: message.event ?? "message", data: message.data };
    if (complete.id !== undefined) checkStreamedEventAgainstOpenApi(this.style, JSON.parse(complete.data));
    this.messages.push(complete);
  }

  private wake(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const waiter of waiting) waiter();
  }
}
