import { join } from "node:path";
import type { BenchContext } from "./context";
import { findExecutable } from "./executables";
import { LOOPBACK, freePort, waitForBanner } from "./net";

export type NatsAvailability =
  { available: true; url: string; source: "environment" | "private"; pid?: number } | { available: false; reason: string };

/** Debian's package installs the server outside a normal user's PATH. */
const KNOWN_LOCATIONS = ["/usr/sbin/nats-server", "/usr/local/bin/nats-server"];

function findNatsServer(): string | undefined {
  return findExecutable("nats-server", KNOWN_LOCATIONS);
}

/**
 * The NATS server for distributed targets: `NATS_URL` from the environment when set,
 * otherwise a private `nats-server` on a free loopback port that the bench stops at the end.
 */
export async function provideNats(ctx: BenchContext): Promise<NatsAvailability> {
  const fromEnv = process.env.NATS_URL?.trim();
  if (fromEnv) return { available: true, url: fromEnv, source: "environment" };

  const binary = findNatsServer();
  if (!binary) {
    return {
      available: false,
      reason:
        "NATS_URL is not set and no nats-server was found (on PATH or in /usr/sbin); install it (Debian: apt-get install nats-server) to run distributed targets",
    };
  }
  const port = await freePort();
  const server = ctx.processes.spawn({
    label: "nats-server",
    command: binary,
    // JetStream, in the run's scratch folder: services that keep documents publish their
    // events on a stream and will not start without it. No monitoring port.
    args: ["--addr", LOOPBACK, "--port", String(port), "--jetstream", "--store_dir", join(ctx.scratchRoot, "nats")],
    cwd: ctx.scratchRoot,
    env: {},
    shared: true,
  });
  await waitForBanner(port, "INFO ", { timeoutMs: ctx.settings.readyTimeoutSec * 1000, watch: [server] });
  return { available: true, url: `nats://${LOOPBACK}:${port}`, source: "private", pid: server.pid };
}
