import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ServiceBroker, type Service, type ServiceSchema } from "moleculer";
import { gatewayService } from "../gateway/gateway.service";
import { InFlightRequests } from "../gateway/in-flight";
import { servicesStartedCheck, type ReadinessCheck } from "../shared/health/readiness";
import { systemService } from "../services/system/system.service";
import { tokenSigner } from "../shared/auth/tokens";
import { brokerOptions } from "../shared/broker";
import { NodePresenceMiddleware } from "../shared/bus-resilience";
import { loadConfig, type Config } from "../shared/config";
import { openMemoryStore } from "../shared/kv/memory";
import { describeWithServers, serverUrl } from "./support/servers";
import { TEST_JWT_SECRET } from "./support/stint";
import { LiveFeed } from "../shared/live/feed";

/**
 * Readiness tells the truth: a gateway that listens while a service beside it is still
 * starting says 503, and once it says 200 the services answer. The slow service is the
 * real `system` service (it answers `GET /api/v1/version`) whose start waits on a promise
 * the test settles.
 */

async function untilListening(broker: ServiceBroker): Promise<string> {
  for (let tries = 0; tries < 200; tries++) {
    const server = (broker.getLocalService("gateway") as unknown as { server?: Server } | undefined)?.server;
    if (server?.listening) return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the gateway never listened");
}

async function statusOf(url: string): Promise<{ status: number; body: { checks?: Record<string, string> } }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as { checks?: Record<string, string> } };
}

describe("readiness while the services start", () => {
  let broker: ServiceBroker;
  let kv: ReturnType<typeof openMemoryStore>;

  beforeEach(() => {
    kv = openMemoryStore();
    broker = new ServiceBroker({ logger: false });
  });

  afterEach(async () => {
    await broker.stop();
    await kv.close();
  });

  it("when a service of the process has not started yet, then readiness answers 503, and 200 once all have, the services answering from then on", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const readiness: ReadinessCheck[] = [servicesStartedCheck(broker), { name: "counters", check: () => kv.ping() }];
    // A deployment of system alone: the gateway's other routes do not hold its readiness back.
    const config = loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "fatal",
      JWT_SECRET: TEST_JWT_SECRET,
      DEPLOYED_SERVICES: "system",
    });
    broker.createService(
      gatewayService({
        config,
        readiness,
        inFlight: new InFlightRequests(),
        kv,
        signer: tokenSigner(TEST_JWT_SECRET, 900),
        liveFeed: new LiveFeed(),
      }),
    );
    const system = systemService();
    const open = system.started as (this: Service) => Promise<void>;
    broker.createService({
      ...system,
      async started(this: Service) {
        await gate;
        await open.call(this);
      },
    });

    const starting = broker.start();
    const base = await untilListening(broker);
    for (let probe = 0; probe < 3; probe++) {
      const ready = await statusOf(`${base}/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toEqual({ services: "failing", counters: "ok", routes: "failing" });
    }
    expect((await fetch(`${base}/health/live`)).status).toBe(200);

    release();
    await starting;
    const ready = await statusOf(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ services: "ok", counters: "ok", routes: "ok" });
    expect((await fetch(`${base}/api/v1/version`)).status).toBe(200);
  });

  it("when a service has not started, then readiness names it as failing, whatever else answers", async () => {
    expect(
      await servicesStartedCheck(broker)
        .check()
        .catch((error: unknown) => String(error)),
    ).toMatch(/still starting/);
    await broker.start();
    await expect(servicesStartedCheck(broker).check()).resolves.toBeUndefined();
    await broker.stop();
    await expect(servicesStartedCheck(broker).check()).rejects.toThrow(/still starting/);
  });
});

describeWithServers(["nats"], "a gateway's readiness across processes", () => {
  jest.setTimeout(120_000);
  const namespace = `ready-${randomUUID().slice(0, 8)}`;
  const brokers: ServiceBroker[] = [];
  let kv: ReturnType<typeof openMemoryStore>;

  /** A process of the deployment over NATS, with the options every Stint process has; `presence: false` leaves out the presence answer, as a process that cannot answer. */
  function processOf(nodeId: string, env: Record<string, string> = {}, presence = true): { broker: ServiceBroker; config: Config } {
    const config = loadConfig({
      NATS_URL: serverUrl("nats") as string,
      NAMESPACE: namespace,
      NODE_ID: nodeId,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "fatal",
      JWT_SECRET: TEST_JWT_SECRET,
      ...env,
    });
    const options = brokerOptions(config);
    if (!presence) options.middlewares = (options.middlewares ?? []).filter((middleware) => middleware !== NodePresenceMiddleware);
    const broker = new ServiceBroker(options);
    brokers.push(broker);
    return { broker, config };
  }

  /** A service standing in for one that opens its collections first: it starts when the test says. */
  function slowToStart(name: string): { schema: ServiceSchema; release(): void } {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    return { schema: { name, actions: { ping: () => "pong" }, started: () => gate }, release: () => release() };
  }

  async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = await probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`never saw ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const readiness = async (base: string) => {
    const res = await fetch(`${base}/health/ready`);
    return { status: res.status, body: (await res.json()) as { checks: Record<string, string>; missing?: string[] } };
  };

  beforeAll(() => {
    kv = openMemoryStore();
  });

  afterAll(async () => {
    for (const broker of brokers.reverse()) await broker.stop().catch(() => undefined);
    await kv.close();
  });

  it("when the services it routes to start in any order and one goes, then it is ready only while every one of them answers, naming those missing", async () => {
    // A deployment of three services; the gateway routes to all three.
    const gateway = processOf("gateway", { DEPLOYED_SERVICES: "system,auth,imports" });
    gateway.broker.createService(
      gatewayService({
        config: gateway.config,
        readiness: [servicesStartedCheck(gateway.broker), { name: "counters", check: () => kv.ping() }],
        inFlight: new InFlightRequests(),
        liveFeed: new LiveFeed(),
        kv,
        signer: tokenSigner(TEST_JWT_SECRET, 900),
      }),
    );
    await gateway.broker.start();
    const base = await untilListening(gateway.broker);
    expect(await readiness(base)).toEqual({
      status: 503,
      body: {
        status: "unavailable",
        checks: { services: "ok", counters: "ok", routes: "failing" },
        missing: ["system", "auth", "imports"],
      },
    });

    // One process runs system and auth; auth is slow to start, and system is announced first.
    const services = processOf("services");
    const auth = slowToStart("auth");
    services.broker.createService(systemService());
    services.broker.createService(auth.schema);
    const starting = services.broker.start();
    // Another runs imports, but cannot answer on the bus: seen in the registry, never heard from.
    const mute = processOf("mute", {}, false);
    mute.broker.createService({ name: "imports", actions: { ping: () => "pong" } });
    await mute.broker.start();

    await gateway.broker.waitForServices(["system", "imports"], 60_000);
    // System serves already, so a route to it works; the gateway is not ready all the same.
    expect((await fetch(`${base}/api/v1/version`)).status).toBe(200);
    const waiting = await readiness(base);
    expect(waiting.status).toBe(503);
    expect(waiting.body.missing).toEqual(expect.arrayContaining(["auth", "imports"]));

    auth.release();
    await starting;
    const onlyImports = await until("auth answering", async () => {
      const now = await readiness(base);
      return now.body.missing?.includes("auth") ? undefined : now;
    });
    expect(onlyImports).toEqual({
      status: 503,
      body: { status: "unavailable", checks: { services: "ok", counters: "ok", routes: "failing" }, missing: ["imports"] },
    });

    // An instance of imports that answers makes it ready.
    const imports = processOf("imports");
    imports.broker.createService({ name: "imports", actions: { ping: () => "pong" } });
    await imports.broker.start();
    const ready = await until("ready", async () => {
      const now = await readiness(base);
      return now.status === 200 ? now : undefined;
    });
    expect(ready.body).toEqual({ status: "ready", checks: { services: "ok", counters: "ok", routes: "ok" } });

    // The process of system and auth goes: so does readiness, naming both.
    await services.broker.stop();
    const gone = await until("the services gone", async () => {
      const now = await readiness(base);
      return now.status === 503 ? now : undefined;
    });
    expect(gone.body.missing).toEqual(["system", "auth"]);
  });
});
