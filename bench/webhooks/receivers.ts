/**
 * The webhook bench's receivers, in a process of their own: `RECEIVERS` HTTP servers on
 * 127.0.0.1 that answer every POST with 204 at once and record when each body arrived and
 * how long after its event was emitted (the body's `data.emitted_at_ms`). A control server
 * on `CONTROL_PORT` hands out the figures.
 *
 * Control: `GET /ports` → `[port, ...]`; `POST /reset`; `GET /stats` → arrivals.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

const count = Number(process.env.RECEIVERS ?? "10");
const controlPort = Number(process.env.CONTROL_PORT ?? "0");

const now = () => performance.timeOrigin + performance.now();

let lags: number[] = [];
let firstEmittedAt = Number.POSITIVE_INFINITY;
let lastReceivedAt = 0;
let malformed = 0;
const seen = new Set<string>();
let duplicates = 0;

function receiver(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const receivedAt = now();
      res.writeHead(204).end();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; data: { emitted_at_ms: number } };
        const key = `${req.socket.localPort}:${body.id}`;
        if (seen.has(key)) duplicates += 1;
        seen.add(key);
        lags.push(receivedAt - body.data.emitted_at_ms);
        firstEmittedAt = Math.min(firstEmittedAt, body.data.emitted_at_ms);
        lastReceivedAt = Math.max(lastReceivedAt, receivedAt);
      } catch {
        malformed += 1;
      }
    });
  });
}

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return (server.address() as AddressInfo).port;
}

async function main(): Promise<void> {
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await listen(receiver(), 0));
  const control = createServer((req, res) => {
    const reply = (value: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (req.url === "/ports") return reply(ports);
    if (req.url === "/reset") {
      lags = [];
      firstEmittedAt = Number.POSITIVE_INFINITY;
      lastReceivedAt = 0;
      malformed = 0;
      duplicates = 0;
      seen.clear();
      return reply({ ok: true });
    }
    if (req.url === "/stats") return reply({ received: lags.length, lags, firstEmittedAt, lastReceivedAt, malformed, duplicates });
    res.writeHead(404).end();
  });
  await listen(control, controlPort);
}

void main();
