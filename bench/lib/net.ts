import { createConnection, createServer } from "node:net";
import type { ManagedProcess } from "./processes";

/** Everything the bench serves and loads stays on the loopback interface. */
export const LOOPBACK = "127.0.0.1";

const POLL_MS = 100;

/** A TCP port nothing listens on right now (the OS picks it, the bench then hands it to a child). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class NotReadyError extends Error {}

function notReady(what: string, reason: string, processes: readonly ManagedProcess[]): NotReadyError {
  const outputs = processes.map((child) => `${child.label} (pid ${child.pid}, ${child.exitedWith ?? "still running"}):\n${child.output()}`);
  return new NotReadyError([`${what} ${reason}`, ...outputs].join("\n"));
}

export interface WaitOptions {
  timeoutMs: number;
  /** Processes whose early exit ends the wait, and whose output explains a failure. */
  watch: readonly ManagedProcess[];
}

/**
 * Polls `url` with GET until it answers `status`; fails fast if a watched process exits,
 * and with the processes' output tails if the deadline passes.
 */
export async function waitForHttp(url: string, status: number, options: WaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    const gone = options.watch.find((child) => child.exitedWith !== undefined);
    if (gone) throw notReady(`GET ${url}`, `never answered ${status}: ${gone.label} exited (${gone.exitedWith})`, options.watch);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === status) return;
      last = `last answer ${response.status}`;
    } catch (error) {
      last = `last error: ${error instanceof Error ? error.message : String(error)}`;
    }
    await sleep(POLL_MS);
  }
  throw notReady(`GET ${url}`, `did not answer ${status} within ${options.timeoutMs} ms (${last})`, options.watch);
}

/**
 * Waits until a TCP server on `port` accepts a connection and answers with a first line
 * starting with `banner`; with `greeting`, that is sent first (for servers that speak only
 * when spoken to).
 */
export async function waitForBanner(port: number, banner: string, options: WaitOptions & { greeting?: string }): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  const attempt = () =>
    new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: LOOPBACK, port });
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(1000, () => done(false));
      socket.once("error", () => done(false));
      if (options.greeting !== undefined) socket.once("connect", () => socket.write(options.greeting as string));
      socket.once("data", (data: Buffer) => done(data.toString("utf8").startsWith(banner)));
    });
  while (Date.now() < deadline) {
    const gone = options.watch.find((child) => child.exitedWith !== undefined);
    if (gone) throw notReady(`port ${port}`, `never opened: ${gone.label} exited (${gone.exitedWith})`, options.watch);
    if (await attempt()) return;
    await sleep(POLL_MS);
  }
  throw notReady(`port ${port}`, `did not greet with "${banner}" within ${options.timeoutMs} ms`, options.watch);
}
