/**
 * The live-events bench's baseline: a plain `node:http` server that holds Server-Sent Events
 * streams and, for each `POST /write {n}`, writes one message carrying `live-bench <n>` to
 * every stream at once. What any fan-out server must do and nothing else (no credential, no
 * bus, no store), so the app's delays and memory per connection are read against it.
 *
 * Run by the bench as its own process: `PORT=<port> node --import tsx bench/live-events/bare-fanout.ts`.
 */
import { createServer, type ServerResponse } from "node:http";

const streams = new Set<ServerResponse>();
let nextId = 0;

const server = createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0];
  if (req.method === "GET" && path === "/api/v1/events/stream") {
    res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store" });
    res.write(": connected\n\n");
    streams.add(res);
    res.on("close", () => streams.delete(res));
    return;
  }
  if (req.method === "POST" && path === "/write") {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const { n } = JSON.parse(body) as { n: number };
      nextId += 1;
      const data = JSON.stringify({ id: `evt_${nextId}`, type: "time_entry.created", data: { description: `live-bench ${n}` } });
      const frame = Buffer.from(`id: evt_${nextId}\nevent: time_entry.created\ndata: ${data}\n\n`);
      for (const stream of streams) stream.write(frame);
      res.writeHead(201, { "Content-Type": "application/json" }).end("{}");
    });
    return;
  }
  if (req.method === "GET" && path === "/health/ready") {
    res.writeHead(200, { "Content-Type": "application/json" }).end('{"status":"ready"}');
    return;
  }
  res.writeHead(404).end();
});

server.listen(Number(process.env.PORT ?? "3000"), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => {
  for (const stream of streams) stream.end();
  server.close(() => process.exit(0));
});
