import { ServiceBroker } from "moleculer";
import { servicesStartedCheck, type ReadinessCheck } from "./readiness";
import { openMemoryStore } from "../kv/memory";
import { startHealthListener, type HealthListener } from "./listener";

/**
 * The health listener of a process without a gateway, over a real broker whose one service
 * starts only when the test lets it, and real counters the test can close.
 */

async function get(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: { status?: string; checks?: Record<string, string> }; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as { status?: string; checks?: Record<string, string> }) : {},
    headers: res.headers,
  };
}

describe("health listener", () => {
  let broker: ServiceBroker;
  let kv: ReturnType<typeof openMemoryStore>;
  let listener: HealthListener | undefined;
  let draining: boolean;
  let release: () => void;

  beforeEach(async () => {
    draining = false;
    kv = openMemoryStore();
    broker = new ServiceBroker({ logger: false });
    const gate = new Promise<void>((resolve) => (release = resolve));
    broker.createService({
      name: "slow",
      async started() {
        await gate;
      },
    });
    const readiness: ReadinessCheck[] = [servicesStartedCheck(broker), { name: "counters", check: () => kv.ping() }];
    listener = await startHealthListener({ host: "127.0.0.1", port: 0, readiness, isDraining: () => draining });
  });

  afterEach(async () => {
    release();
    await listener?.close();
    await broker.stop();
    await kv.close();
  });

  it("is live at once, ready only once the services have started, and names what is failing", async () => {
    const url = listener!.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const starting = broker.start();

    expect(await get(`${url}/livez`)).toMatchObject({ status: 200, body: { status: "ok" } });
    const early = await get(`${url}/readyz`);
    expect(early.status).toBe(503);
    expect(early.body).toEqual({ status: "unavailable", checks: { services: "failing", counters: "ok" } });
    expect(early.headers.get("cache-control")).toBe("no-store");

    release();
    await starting;
    expect(await get(`${url}/readyz`)).toMatchObject({
      status: 200,
      body: { status: "ready", checks: { services: "ok", counters: "ok" } },
    });

    await kv.close();
    const lost = await get(`${url}/readyz`);
    expect(lost.status).toBe(503);
    expect(lost.body.checks).toEqual({ services: "ok", counters: "failing" });
    expect((await get(`${url}/livez`)).status).toBe(200);
  });

  it("says draining from the moment shutdown begins, while still live", async () => {
    release();
    await broker.start();
    expect((await get(`${listener!.url}/readyz`)).status).toBe(200);
    draining = true;
    expect(await get(`${listener!.url}/readyz`)).toMatchObject({ status: 503, body: { status: "draining" } });
    expect((await get(`${listener!.url}/livez`)).status).toBe(200);
  });

  it("serves its two paths and nothing else, and stops listening when closed", async () => {
    const url = listener!.url;
    expect((await get(`${url}/health/ready`)).status).toBe(404);
    expect((await get(`${url}/`)).status).toBe(404);
    const post = await get(`${url}/readyz`, { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect((await fetch(`${url}/livez`, { method: "HEAD" })).status).toBe(200);

    await listener!.close();
    listener = undefined;
    await expect(fetch(`${url}/livez`)).rejects.toThrow();
  });

  it("fails to start, rather than answering nothing, when its port is taken", async () => {
    const port = Number(new URL(listener!.url).port);
    await expect(startHealthListener({ host: "127.0.0.1", port, readiness: [], isDraining: () => false })).rejects.toThrow(/EADDRINUSE/);
  });
});
