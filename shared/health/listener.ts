import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { checkReadiness, type ReadinessCheck } from "./readiness";

/**
 * A process that runs no gateway has no HTTP server for an orchestrator to probe. This
 * listener gives it one, answering two paths from the process's own state:
 *
 * - `GET /livez`: 200 while the event loop turns. It asks nothing of the servers the
 *   process depends on, so that an outage of MongoDB or NATS never gets healthy
 *   processes restarted (they reconnect by themselves).
 * - `GET /readyz`: the same report as the gateway's `/health/ready`, from the same
 *   checks: 200 once every service of the process has started and while its store, bus
 *   and counters answer; 503 naming the failing ones otherwise, and 503 `draining` from
 *   the moment shutdown begins.
 *
 * It serves nothing else and reads no request body.
 */

export interface HealthListenerOptions {
  host: string;
  port: number;
  readiness: readonly ReadinessCheck[];
  /** True once shutdown has begun. */
  isDraining(): boolean;
}

export interface HealthListener {
  /** `http://host:port` it answers on. */
  url: string;
  close(): Promise<void>;
}

const PATHS = new Set(["/livez", "/readyz"]);

function send(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...extra });
  res.end(JSON.stringify(body));
}

async function answer(options: HealthListenerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  if (!PATHS.has(path)) return send(res, 404, { status: "not_found" });
  if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, { status: "method_not_allowed" }, { Allow: "GET, HEAD" });
  if (path === "/livez") return send(res, 200, { status: "ok" });
  if (options.isDraining()) return send(res, 503, { status: "draining", checks: {} });
  const report = await checkReadiness(options.readiness);
  send(res, report.ready ? 200 : 503, { status: report.ready ? "ready" : "unavailable", checks: report.checks });
}

export async function startHealthListener(options: HealthListenerOptions): Promise<HealthListener> {
  const server = createServer((req, res) => {
    answer(options, req, res).catch(() => {
      if (!res.headersSent) send(res, 503, { status: "unavailable", checks: {} });
      else res.end();
    });
  });
  // Probes open a connection each time; none should keep the process from exiting.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
