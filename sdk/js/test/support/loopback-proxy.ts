import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** What the proxy does with one request. */
export type ProxyAction =
  /** Passes it to Stint and Stint's answer back. */
  | { kind: "forward" }
  /** Answers itself, without Stint seeing the request: a string body as it is, anything else as JSON. */
  | { kind: "answer"; status: number; headers?: Record<string, string>; body?: unknown }
  /** Passes it to Stint, waits for the whole answer, then closes the connection instead of answering: a lost response. */
  | { kind: "lose-response" }
  /** Closes the connection at once: a connection error. */
  | { kind: "reset" }
  /** Never answers (until the client gives up): a timeout. */
  | { kind: "hang" };

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** `Date.now()` when the request's body had arrived. */
  at: number;
  action: ProxyAction["kind"];
  /** Stint's answer, when the request was passed on, and the path it was passed on to. */
  upstream?: { path: string; status: number; headers: IncomingHttpHeaders; body: string };
}

export type ProxyPlan = (request: ProxiedRequest, n: number) => ProxyAction;

const FORWARD: ProxyPlan = () => ({ kind: "forward" });

/**
 * A real HTTP proxy on 127.0.0.1 in front of a running Stint. It records every request and,
 * as the test plans, forwards it, answers it itself (a 429 or a 503), loses Stint's answer,
 * drops the connection or never answers; it can also rewrite paths (Style A to Style B).
 */
export class LoopbackProxy {
  readonly requests: ProxiedRequest[] = [];
  plan: ProxyPlan = FORWARD;
  rewritePath: (path: string) => string = (path) => path;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly target: URL;

  private constructor(target: string) {
    this.target = new URL(target);
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const seen: ProxiedRequest = {
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks),
          at: Date.now(),
          action: "forward",
        };
        this.requests.push(seen);
        const action = this.plan(seen, this.requests.length);
        seen.action = action.kind;
        this.handle(action, seen, res);
      });
    });
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  static async start(target: string): Promise<LoopbackProxy> {
    const proxy = new LoopbackProxy(target);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once("error", reject);
      proxy.server.listen(0, "127.0.0.1", () => resolve());
    });
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Forgets what was seen and forwards everything again. */
  reset(): void {
    this.requests.length = 0;
    this.plan = FORWARD;
    this.rewritePath = (path) => path;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(action: ProxyAction, seen: ProxiedRequest, res: ServerResponse): void {
    switch (action.kind) {
      case "answer": {
        const body = action.body === undefined ? "" : typeof action.body === "string" ? action.body : JSON.stringify(action.body);
        res.writeHead(action.status, { "content-type": "application/json; charset=utf-8", ...action.headers }).end(body);
        return;
      }
      case "reset":
        res.socket?.destroy();
        return;
      case "hang":
        return;
      case "forward":
      case "lose-response":
        this.forward(seen, (status, headers, body) => {
          if (action.kind === "lose-response") {
            res.socket?.destroy();
            return;
          }
          const passed = { ...headers };
          delete passed["transfer-encoding"];
          delete passed.connection;
          res.writeHead(status, { ...passed, "content-length": String(body.length) }).end(body);
        });
    }
  }

  private forward(seen: ProxiedRequest, reply: (status: number, headers: IncomingHttpHeaders, body: Buffer) => void): void {
    const headers = { ...seen.headers, host: this.target.host };
    const path = this.rewritePath(seen.path);
    const upstream = httpRequest({ host: this.target.hostname, port: this.target.port, method: seen.method, path, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const body = Buffer.concat(chunks);
        seen.upstream = { path, status: answer.statusCode ?? 0, headers: answer.headers, body: body.toString("utf8") };
        reply(answer.statusCode ?? 502, answer.headers, body);
      });
    });
    upstream.on("error", () => reply(502, {}, Buffer.from("")));
    upstream.end(seen.body);
  }
}
