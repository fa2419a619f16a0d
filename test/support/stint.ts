import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Writable } from "node:stream";
import type { ServiceBroker } from "moleculer";
import { startStint, type RunningStint, type StartOptions } from "../../app";
import { BACKEND_SERVICES, loadConfig } from "../../shared/config";
import { StintProcess } from "./processes";
import { describeWithServers, serverUrl, testServers, type ServerName } from "./servers";

/**
 * Starting a Stint for a test. A suite calls `useStint({ mode })` inside its describe block:
 * Stint starts before the block's first test and stops after its last, in either mode
 * (docs/testing.md says how to write a suite). `startEmbedded` is for tools outside the tests.
 */

export type StintMode = "embedded" | "distributed";

/** A Stint started inside the calling process from an explicit environment (never the real one). */
export interface TestStint {
  url: string;
  /** Every gateway's address, the first one first. */
  urls: string[];
  stints: RunningStint[];
  stop(): Promise<void>;
  /** Distributed: starts one more gateway broker on the same servers and answers its address. */
  addGateway?(): Promise<string>;
  /** Distributed: stops the gateway at `url`; the others keep running. */
  stopGateway?(url: string): Promise<void>;
}

/** The token-signing key of every test deployment, so tests can forge tokens on purpose. */
export const TEST_JWT_SECRET = "test-signing-secret-that-is-long-enough-0123456789";

export function temporaryDir(label: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `stint-${label}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * What every test deployment is given: the test signing key, and loopback trusted as a proxy, so
 * that each request names the client address it comes from (see `http.ts`).
 */
const TEST_SETTINGS = { PORT: "0", JWT_SECRET: TEST_JWT_SECRET, TRUSTED_PROXIES: "127.0.0.1,::1" };
/** In the test process the logs are kept quiet; OS processes log at `info`, which their tests read. */
const QUIET = { ...TEST_SETTINGS, LOG_LEVEL: "fatal", LOG_FORMAT: "json" };

/** The configured MongoDB (with a database of its own), NATS and Redis, and a bus namespace of its own. */
export interface DistributedServers {
  mongoUrl: string;
  natsUrl: string;
  redisUrl: string;
  namespace: string;
}

const NEEDED_SERVERS: readonly ServerName[] = ["mongo", "nats", "redis"];

/** Servers for one deployment: the configured ones, with a database and a namespace no other deployment uses. */
export function distributedServers(label: string): DistributedServers {
  const id = randomUUID().slice(0, 8);
  return { ...testServers(`${label}_${id}`), namespace: `test-${label}-${id}` };
}

function serversEnv(servers: DistributedServers): Record<string, string> {
  return { NAMESPACE: servers.namespace, MONGO_URL: servers.mongoUrl, NATS_URL: servers.natsUrl, REDIS_URL: servers.redisUrl };
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

/** Everything in one process on embedded defaults, as `npm start` with nothing set. `options.clock`: the time the gateway counts at. */
export async function startEmbedded(
  env: Record<string, string> = {},
  logDestination?: Writable,
  options: Omit<StartOptions, "logDestination"> = {},
): Promise<TestStint> {
  const data = temporaryDir("embedded");
  try {
    const stint = await startEmbeddedIn(data.path, env, { ...options, logDestination });
    return {
      ...stint,
      async stop() {
        await stint.stop();
        data.remove();
      },
    };
  } catch (error) {
    data.remove();
    throw error;
  }
}

async function startEmbeddedIn(dataDir: string, env: Record<string, string>, options: StartOptions = {}): Promise<TestStint> {
  const stint = await startStint(loadConfig({ ...QUIET, DATA_DIR: dataDir, ...env }), options);
  if (!stint.url) throw new Error("the gateway did not start");
  return { url: stint.url, urls: [stint.url], stints: [stint], stop: () => stint.stop() };
}

export interface DistributedLayout {
  /** How many gateway brokers share the deployment (default 1). */
  gateways?: number;
  /** How many brokers each run every backend service (default 1). */
  serviceNodes?: number;
}

/**
 * The gateway and the services as separate brokers over a real NATS server, with MongoDB
 * and Redis: the distributed deployment, in one test process. `options.clock`: the time
 * every gateway counts at.
 */
async function startDistributed(
  dataDir: string,
  servers: DistributedServers,
  env: Record<string, string>,
  layout: DistributedLayout,
  options: StartOptions = {},
): Promise<TestStint> {
  const settings = { ...QUIET, ...serversEnv(servers), DATA_DIR: dataDir, ...env };
  const gateways: RunningStint[] = [];
  const services: RunningStint[] = [];
  /** The running gateways' addresses, in `gateways`' order. */
  const urls: string[] = [];
  let gatewaysStarted = 0;
  const stop = async () => {
    for (const stint of [...gateways, ...services]) await stint.stop();
  };
  const startGateway = async (): Promise<string> => {
    const gateway = await startStint(loadConfig({ ...settings, SERVICES: "gateway", NODE_ID: `gateway-${gatewaysStarted + 1}` }), options);
    gatewaysStarted += 1;
    gateways.push(gateway);
    if (!gateway.url) throw new Error("the gateway did not start");
    await untilReady(gateway.url);
    // Every service node seen, so that requests are spread over all of them from the first.
    await waitForNodes(gateway.broker, services.length);
    urls.push(gateway.url);
    return gateway.url;
  };
  try {
    for (let n = 1; n <= (layout.serviceNodes ?? 1); n++) {
      services.push(await startStint(loadConfig({ ...settings, SERVICES: BACKEND_SERVICES.join(","), NODE_ID: `services-${n}` })));
    }
    for (let n = 1; n <= (layout.gateways ?? 1); n++) await startGateway();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    get url() {
      return urls[0] as string;
    },
    urls,
    get stints() {
      return [...gateways, ...services];
    },
    stop,
    addGateway: startGateway,
    async stopGateway(url) {
      const at = gateways.findIndex((gateway) => gateway.url === url);
      const [gateway] = at < 0 ? [] : gateways.splice(at, 1);
      if (!gateway) throw new Error(`no running gateway at ${url}`);
      urls.splice(urls.indexOf(url), 1);
      await gateway.stop();
    },
  };
}

async function waitForNodes(broker: ServiceBroker, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  const serving = () => broker.registry.getServiceList({ onlyAvailable: true }).filter((s) => s.name === BACKEND_SERVICES[0]).length;
  while (serving() < count) {
    if (Date.now() > deadline) throw new Error(`the gateway sees ${serving()} of ${count} service nodes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Stint as OS processes of `main.ts`: one embedded; a services process and a gateway process distributed. */
async function startProcesses(dataDir: string, env: Record<string, string>, servers?: DistributedServers): Promise<StintProcesses> {
  const settings = { ...TEST_SETTINGS, DATA_DIR: dataDir, ...(servers ? serversEnv(servers) : {}), ...env };
  const gateway = new StintProcess(servers ? { ...settings, SERVICES: "gateway", NODE_ID: "gateway" } : settings);
  const services = servers ? new StintProcess({ ...settings, SERVICES: BACKEND_SERVICES.join(","), NODE_ID: "services" }) : gateway;
  const running = { gateway, services, stop: () => Promise.all([gateway.stop(), services.stop()]).then(() => undefined) };
  try {
    const url = await gateway.url(60_000);
    // Listening is not yet answering: ready once every service it routes to answers, whichever started last.
    await untilReady(url);
    return { ...running, url };
  } catch (error) {
    await running.stop();
    throw error;
  }
}

interface StintProcesses {
  url: string;
  /** The gateway's process. */
  gateway: StintProcess;
  /** The backend services' process; embedded, the same one as the gateway's. */
  services: StintProcess;
  stop(): Promise<void>;
}

export interface StintOptions extends DistributedLayout {
  mode: StintMode;
  /**
   * Settings on top of the test deployment's own (quiet logs, the test signing key, loopback
   * trusted as a proxy). A function is called each time Stint starts: for settings known only
   * once an earlier hook has run, such as the address of a server the suite starts first.
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /**
   * Runs Stint as OS processes of `main.ts` (one embedded; a services process and a gateway
   * process distributed) instead of brokers in the test process, for tests of signals, exit
   * codes and logs. Their logs are at `info`.
   */
  processes?: boolean;
  /** Names the deployment's MongoDB database and bus namespace, to tell them apart on a shared server. */
  label?: string;
  /**
   * The time every gateway's rate limits and failed sign-ins count at, instead of the wall
   * clock: a test moves it on instead of waiting for a window to end. In the test process only.
   */
  clock?: () => number;
}

/** The Stint of a suite, usable once the suite's hooks have started it. */
export interface SuiteStint {
  readonly mode: StintMode;
  /** The (first) gateway's address. */
  readonly url: string;
  /** Every gateway's address, the first one first. */
  readonly urls: readonly string[];
  /** The first gateway's broker in this process: to listen to its events or call a service's client over it. */
  readonly broker: ServiceBroker;
  /** The deployment's `DATA_DIR`. */
  readonly dataDir: string;
  /** Distributed: its MongoDB database, NATS, Redis and bus namespace. */
  readonly servers: DistributedServers;
  /** With `processes`: the gateway's OS process and the services' (embedded, one and the same). */
  readonly processes: { gateway: StintProcess; services: StintProcess };
  /** Stops Stint, runs `whileStopped`, and starts it again on the same data and servers; `url` may change. */
  restart(whileStopped?: () => Promise<void>): Promise<void>;
  /**
   * Distributed, in the test process: starts one more gateway broker on the same servers, seeing
   * every service node, and answers its address (last in `urls`). It stops with the rest.
   */
  addGateway(): Promise<string>;
  /** Distributed, in the test process: stops the gateway at `url` (one of `urls`); the others keep running. */
  stopGateway(url: string): Promise<void>;
}

const MODE_TITLES: Record<StintMode, string> = {
  embedded: "embedded mode (one process, embedded store, memory counters)",
  distributed: "distributed mode (gateway and services apart, over NATS, with MongoDB and Redis)",
};

/**
 * A describe block for tests run against Stint in `mode`, its title saying which. Distributed, it
 * needs MongoDB, NATS and Redis: without them it fails in CI and is skipped, loudly, elsewhere
 * (see `describeWithServers`).
 */
export function describeStint(mode: StintMode, title: string, fn: () => void): void {
  const full = `${title}, ${MODE_TITLES[mode]}`;
  if (mode === "distributed") describeWithServers(NEEDED_SERVERS, full, fn);
  else describe(full, fn);
}

/**
 * Starts a Stint in `options.mode` before the current describe block's tests (beforeAll) and
 * stops it after them (afterAll), with a data folder, and distributed a database and a bus
 * namespace, of its own. Call it in a describe block before the hooks that use it: hooks run in
 * the order they are declared.
 */
export function useStint(options: StintOptions): SuiteStint {
  const { mode, env: settings = {}, processes = false, label = "suite", clock } = options;
  if (mode === "distributed") {
    const missing = NEEDED_SERVERS.filter((name) => serverUrl(name) === undefined);
    if (missing.length > 0) throw new Error(`a distributed Stint needs ${missing.join(", ")}: declare the suite with describeStint`);
  }
  if (mode === "embedded" && (options.gateways ?? 1) + (options.serviceNodes ?? 1) > 2) {
    throw new Error("an embedded Stint is one process: more gateways or service nodes need the distributed mode");
  }
  if (processes && (options.gateways ?? 1) + (options.serviceNodes ?? 1) > 2) {
    throw new Error("Stint as OS processes has one gateway and one services process");
  }
  if (processes && clock) throw new Error("Stint as OS processes counts at the wall clock: a clock needs Stint in the test process");

  const servers = mode === "distributed" ? distributedServers(label) : undefined;
  // Made when the hooks run: a block whose tests are all filtered out runs no hooks.
  let data: { path: string; remove(): void } | undefined;
  let inProcess: TestStint | undefined;
  let asProcesses: StintProcesses | undefined;

  const start = async () => {
    data ??= temporaryDir(mode);
    const env = typeof settings === "function" ? settings() : settings;
    if (processes) asProcesses = await startProcesses(data.path, env, servers);
    else if (servers) inProcess = await startDistributed(data.path, servers, env, options, { clock });
    else inProcess = await startEmbeddedIn(data.path, env, { clock });
  };
  const stop = async () => {
    await inProcess?.stop();
    await asProcesses?.stop();
    inProcess = undefined;
    asProcesses = undefined;
  };
  const running = (): { url: string; urls: readonly string[] } => {
    const current = inProcess ?? asProcesses;
    if (!current) throw new Error("Stint is not running: use it in a test or in a hook declared after useStint");
    return { url: current.url, urls: inProcess?.urls ?? [current.url] };
  };

  const nodes = (options.gateways ?? 1) + (options.serviceNodes ?? 1);
  beforeAll(start, 45_000 + 15_000 * nodes);
  afterAll(async () => {
    await stop();
    data?.remove();
  }, 30_000);

  return {
    mode,
    get url() {
      return running().url;
    },
    get urls() {
      return running().urls;
    },
    get broker() {
      running();
      const broker = inProcess?.stints[0]?.broker;
      if (!broker) throw new Error("Stint runs as OS processes: its brokers are not in the test process");
      return broker;
    },
    get dataDir() {
      if (!data) throw new Error("Stint has not started: use it in a test or in a hook declared after useStint");
      return data.path;
    },
    get servers() {
      if (!servers) throw new Error("an embedded Stint has no servers");
      return servers;
    },
    get processes() {
      running();
      if (!asProcesses) throw new Error("Stint runs in the test process: ask for { processes: true }");
      return { gateway: asProcesses.gateway, services: asProcesses.services };
    },
    async restart(whileStopped) {
      await stop();
      await whileStopped?.();
      await start();
    },
    addGateway() {
      running();
      if (!inProcess?.addGateway) throw new Error("only a distributed Stint in the test process can add a gateway");
      return inProcess.addGateway();
    },
    stopGateway(url) {
      running();
      if (!inProcess?.stopGateway) throw new Error("only a distributed Stint in the test process can stop one gateway");
      return inProcess.stopGateway(url);
    },
  };
}
