/**
 * The baseline for the trivial-route scenarios: a plain `node:http` server that answers
 * `GET /api/v1/version` with the same body and the same header names as the app's route
 * (`X-Request-ID`, `Content-Type`, `Content-Length`, plus Node's `Date`, `Connection` and
 * `Keep-Alive`), and `GET /health/ready` so the bench can wait for it like for the app.
 * It does the per-request work any server must (parse, route, an id, serialise) and
 * nothing else, so the app's figures divided by these show what the framework costs.
 *
 * Run by the bench as its own process: `PORT=<port> node --import tsx bench/bare-server.ts`.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";

const version = (JSON.parse(readFileSync(join(__dirname, "..", "package.json"), "utf8")) as { version: string }).version;
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const JSON_TYPE = "application/json; charset=utf-8";

function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  const given = req.headers["x-request-id"];
  const requestId = typeof given === "string" && ACCEPTABLE_REQUEST_ID.test(given) ? given : randomUUID();
  res.statusCode = status;
  res.setHeader("X-Request-ID", requestId);
  res.setHeader("Content-Type", JSON_TYPE);
  res.end(JSON.stringify(body));
}

const server = createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0];
  if (req.method === "GET" && path === "/api/v1/version") {
    sendJson(req, res, 200, { data: { name: "stint", version, api: "v1" } });
  } else if (req.method === "GET" && path === "/health/ready") {
    sendJson(req, res, 200, { status: "ready", checks: {} });
  } else {
    sendJson(req, res, 404, { error: { code: "not_found", message: "No such route." } });
  }
});

const port = Number(process.env.PORT ?? "3000");
const host = process.env.HOST ?? "127.0.0.1";
server.listen(port, host);

process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
