import { request } from "node:http";

const PROBE_TIMEOUT_MS = 1500;

/** Where to reach a server bound to `host`: a wildcard address is reached on loopback. */
function reachableHost(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::" || host === "[::]") return "::1";
  return host;
}

/**
 * Whether a Stint gateway answers `GET /health/live` on `host:port`. The embedded store
 * belongs to one process at a time: the server keeps what its documents' fields hold and
 * its pending writes in memory, which another process's writes would leave stale, so the
 * command-line tool refuses to touch it while the server configured by the same
 * environment is running.
 */
export function stintAnswersOn(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request({ host: reachableHost(host), port, path: "/health/live", method: "GET", timeout: PROBE_TIMEOUT_MS }, (res) => {
      res.resume();
      resolve(res.statusCode === 200 || res.statusCode === 503);
    });
    probe.on("timeout", () => probe.destroy());
    probe.on("error", () => resolve(false));
    probe.end();
  });
}
