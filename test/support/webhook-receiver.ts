import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  receivedAt: number;
}

/** How the receiver answers its n-th request (from 1): a status, after an optional delay. */
export type Answer = (request: ReceivedRequest, n: number) => { status: number; delayMs?: number };

/**
 * A real HTTP receiver on 127.0.0.1 that records every request it gets and answers as the
 * test says. It counts connections too, so a test can tell that nothing even connected.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  connections = 0;
  inFlight = 0;
  peakInFlight = 0;
  answer: Answer;
  private readonly server: Server;

  private constructor(answer: Answer) {
    this.answer = answer;
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const request: ReceivedRequest = {
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          receivedAt: Date.now(),
        };
        this.requests.push(request);
        this.inFlight += 1;
        this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
        const { status, delayMs = 0 } = this.answer(request, this.requests.length);
        const reply = () => {
          this.inFlight -= 1;
          if (!res.destroyed) res.writeHead(status, { "content-type": "text/plain" }).end("ok");
        };
        if (delayMs > 0) setTimeout(reply, delayMs);
        else reply();
      });
    });
    this.server.on("connection", () => (this.connections += 1));
  }

  static async start(answer: Answer = () => ({ status: 200 }), port = 0): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(answer);
    await new Promise<void>((resolve, reject) => {
      receiver.server.once("error", reject);
      receiver.server.listen(port, "127.0.0.1", () => resolve());
    });
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** The parsed bodies, in arrival order. */
  events<T = { id: string; type: string; organization_id: string; data: Record<string, unknown> }>(): T[] {
    return this.requests.map((request) => JSON.parse(request.body) as T);
  }

  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${this.requests.length}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.requests;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
