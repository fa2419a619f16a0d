import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Writable } from "node:stream";
import { startStint, type RunningStint, type StartOptions } from "../../app";
import { BACKEND_SERVICES, loadConfig } from "../../shared/config";

/** A Stint started inside the test process from an explicit environment (never the real one). */
export interface TestStint {
  url: string;
  stints: RunningStint[];
  /** Another gateway process of the same deployment (distributed mode only). */
  addGateway?(): Promise<string>;
  /** Another process running every backend service (distributed mode only). */
  addServices?(): Promise<void>;
  stop(): Promise<void>;
}

/** The token-signing key of every test deployment, so tests can forge tokens on purpose. */
export const TEST_JWT_SECRET = "test-signing-secret-that-is-long-enough-0123456789";

export function temporaryDir(label: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `stint-${label}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * Waits until the gateway at `url` says it is ready: every service it routes to has an
 * instance answering. Waiting on the condition, not on time: on a busy machine a process
 * of services can take many seconds to open its collections.
 */
export async function untilReady(url: string, patienceMs = 90_000): Promise<void> {
  const deadline = Date.now() + patienceMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/health/ready`).catch(() => undefined);
    if (res?.status === 200) return;
    last = res ? `${res.status} ${await res.text()}` : "no answer";
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never became ready: ${last}`);
}

const QUIET = { PORT: "0", LOG_LEVEL: "fatal", LOG_FORMAT: "json", JWT_SECRET: TEST_JWT_SECRET, TRUSTED_PROXIES: "127.0.0.1,::1" };

/** Everything in one process on embedded defaults, as `npm start` with nothing set. `options.clock`: the time the gateway counts at. */
export async function startEmbedded(
  env: Record<string, string> = {},
  logDestination?: Writable,
  options: Omit<StartOptions, "logDestination"> = {},
): Promise<TestStint> {
  const data = temporaryDir("embedded");
  const stint = await startStint(loadConfig({ ...QUIET, DATA_DIR: data.path, ...env }), { ...options, logDestination });
  if (!stint.url) throw new Error("the gateway did not start");
  return {
    url: stint.url,
    stints: [stint],
    async stop() {
      await stint.stop();
      data.remove();
    },
  };
}

/**
 * The gateway and the services as two brokers over a real NATS server, with MongoDB
 * and Redis: the distributed deployment, in one test process. `options.clock`: the time
 * every gateway counts at.
 */
export async function startDistributed(
  servers: { mongoUrl: string; natsUrl: string; redisUrl: string },
  namespaceSuffix = "",
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestStint> {
  const namespace = `test-${process.pid}-${Date.now()}${namespaceSuffix}`;
  const shared = {
    ...QUIET,
    NAMESPACE: namespace,
    MONGO_URL: servers.mongoUrl,
    NATS_URL: servers.natsUrl,
    REDIS_URL: servers.redisUrl,
    ...env,
  };
  const data = temporaryDir("distributed");
  const services = await startStint(
    loadConfig({ ...shared, DATA_DIR: data.path, SERVICES: BACKEND_SERVICES.join(","), NODE_ID: `services${namespaceSuffix}` }),
  );
  const stints: RunningStint[] = [services];
  const startGateway = async (): Promise<string> => {
    const gateway = await startStint(
      loadConfig({ ...shared, DATA_DIR: data.path, SERVICES: "gateway", NODE_ID: `gateway${stints.length}${namespaceSuffix}` }),
      options,
    );
    stints.unshift(gateway);
    if (!gateway.url) throw new Error("the gateway did not start");
    await untilReady(gateway.url);
    return gateway.url;
  };
  const startServices = async (): Promise<void> => {
    const more = await startStint(
      loadConfig({
        ...shared,
        DATA_DIR: data.path,
        SERVICES: BACKEND_SERVICES.join(","),
        NODE_ID: `services${stints.length}${namespaceSuffix}`,
      }),
    );
    stints.push(more);
    await more.broker.waitForServices([...BACKEND_SERVICES], 10_000);
  };
  const url = await startGateway();
  return {
    url,
    stints,
    addGateway: startGateway,
    addServices: startServices,
    async stop() {
      for (const stint of stints) await stint.stop();
      data.remove();
    },
  };
}
