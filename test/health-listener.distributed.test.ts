import { BACKEND_SERVICES } from "../shared/config";
import { StintProcess } from "./support/processes";
import { describeWithServers } from "./support/servers";
import { distributedServers, temporaryDir } from "./support/stint";

jest.setTimeout(60_000);

/**
 * A process of services without a gateway, as a Kubernetes pod runs it, answers its probes
 * on `HEALTH_PORT` from its own broker: every service started, its store, NATS and Redis
 * connected. One without `HEALTH_PORT` opens no port at all.
 */
describeWithServers(["mongo", "nats", "redis"], "health listener of a services-only process", () => {
  const data = temporaryDir("health");
  let services: StintProcess;

  beforeAll(() => {
    const servers = distributedServers("health");
    services = new StintProcess({
      NAMESPACE: servers.namespace,
      DATA_DIR: data.path,
      MONGO_URL: servers.mongoUrl,
      NATS_URL: servers.natsUrl,
      REDIS_URL: servers.redisUrl,
      SERVICES: BACKEND_SERVICES.join(","),
      HEALTH_PORT: "0",
    });
  });

  afterAll(async () => {
    await services.stop();
    data.remove();
  });

  it("when its services have started, then it reports ready with each dependency named, and live", async () => {
    const started = await services.waitForLog((l) => l.msg.startsWith("Stint services started"));
    expect(started.health).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = started.health as string;

    const ready = await fetch(`${health}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { services: "ok", counters: "ok", store: "ok", bus: "ok" } });
    const live = await fetch(`${health}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
  });

  it("when SIGTERM has drained the process, then it exits 0 and the listener stops answering", async () => {
    const health = (await services.waitForLog((l) => l.msg.startsWith("Stint services started"))).health as string;
    services.child.kill("SIGTERM");
    await services.waitForLog((l) => l.msg.includes("shutting down"));
    expect(await services.exited).toBe(0);
    await expect(fetch(`${health}/livez`)).rejects.toThrow();
  });
});

describe("a process without HEALTH_PORT", () => {
  const data = temporaryDir("no-health");
  let stint: StintProcess;

  beforeAll(() => {
    stint = new StintProcess({ DATA_DIR: data.path, SERVICES: "system" });
  });

  afterAll(async () => {
    await stint.stop();
    data.remove();
  });

  it("when it starts, then it opens no health listener", async () => {
    const started = await stint.waitForLog((l) => l.msg.startsWith("Stint services started"));
    expect(started.health).toBeUndefined();
    expect(started.url).toBeUndefined();
  });
});
