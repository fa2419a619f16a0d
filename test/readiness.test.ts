import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ServiceBroker, type Service } from "moleculer";
import { gatewayService } from "../gateway/gateway.service";
import { InFlightRequests } from "../gateway/in-flight";
import { servicesStartedCheck, type ReadinessCheck } from "../shared/health/readiness";
import { systemService } from "../services/system/system.service";
import { tokenSigner } from "../shared/auth/tokens";
import { loadConfig } from "../shared/config";
import { openMemoryStore } from "../shared/kv/memory";
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
    const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "fatal", JWT_SECRET: TEST_JWT_SECRET });
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
      expect(ready.body.checks).toEqual({ services: "failing", counters: "ok" });
    }
    expect((await fetch(`${base}/health/live`)).status).toBe(200);

    release();
    await starting;
    const ready = await statusOf(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ services: "ok", counters: "ok" });
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
