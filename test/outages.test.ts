import { randomUUID } from "node:crypto";
import { startStint, type RunningStint } from "../app";
import { BACKEND_SERVICES, loadConfig } from "../shared/config";
import { registerOwner, request, type Client } from "./support/http";
import { describeWithOwnServers, startOwnServers, type OwnServer, type OwnServerName, type OwnServers } from "./support/own-servers";
import { temporaryDir, TEST_JWT_SECRET, untilReady } from "./support/stint";

/**
 * NATS, Redis and MongoDB each stopped for 30 seconds and started again, on servers of this
 * suite's own: while one is away a request gets a 503 with `Retry-After` (never a 500), the
 * gateway's readiness names the dependency that fails, and once it is back every process
 * recovers by itself and nothing acknowledged before is lost or doubled.
 *
 * The gateway's process also runs the imports service, so that its readiness covers the
 * store as well as the bus and the counters; time entries are served by the other process,
 * so every request crosses NATS.
 */

jest.setTimeout(240_000);

const A = "/api/v1";
// Thirty seconds: long enough for every heartbeat to expire, so the nodes must find each other again afterwards.
const OUTAGE_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const READINESS_CHECK: Record<OwnServerName, string> = { nats: "bus", redis: "counters", mongo: "store" };

describeWithOwnServers("dependency outages", () => {
  const data = temporaryDir("outages");
  let servers: OwnServers;
  let gateway: RunningStint;
  let services: RunningStint;
  let api: Client;
  let url: string;
  let projectId: string;
  let serial = 0;
  /** An API key's bearer credential: the writes go through the key, whose rate limit is its own. */
  let credential = "";

  beforeAll(async () => {
    servers = await startOwnServers(`outages_${randomUUID().slice(0, 8)}`);
    const env = {
      PORT: "0",
      LOG_LEVEL: "fatal",
      LOG_FORMAT: "json",
      JWT_SECRET: TEST_JWT_SECRET,
      TRUSTED_PROXIES: "127.0.0.1,::1",
      NAMESPACE: `outages-${randomUUID().slice(0, 8)}`,
      DATA_DIR: data.path,
      MONGO_URL: servers.mongoUrl,
      NATS_URL: servers.nats.url,
      REDIS_URL: servers.redis.url,
    };
    services = await startStint(
      loadConfig({ ...env, SERVICES: BACKEND_SERVICES.filter((name) => name !== "imports").join(","), NODE_ID: "outage-services" }),
    );
    gateway = await startStint(loadConfig({ ...env, SERVICES: "gateway,imports", NODE_ID: "outage-gateway" }));
    url = gateway.url as string;
    // Ready once every service it routes to answers on the bus, which comes a presence round after they are announced.
    await untilReady(url);
    ({ api } = await registerOwner(url, "Outage"));
    projectId = (await api.post<{ data: { id: string } }>(`${A}/projects`, { name: "Outages" })).body.data.id;
  });

  afterAll(async () => {
    await gateway?.stop();
    await services?.stop();
    await servers?.stop();
    data.remove();
  });

  function entryBody(n: number) {
    const start = new Date(Date.UTC(2026, 2, 2, 8) + n * 600_000);
    const iso = (d: Date) => d.toISOString().replace(/\.\d+Z$/, "Z");
    return {
      project_id: projectId,
      description: `outage entry ${n}`,
      start_time: iso(start),
      end_time: iso(new Date(start.getTime() + 300_000)),
    };
  }

  /** A write with an Idempotency-Key; its status, and the error code and Retry-After of a failure. */
  async function write(
    key: string,
    n: number,
  ): Promise<{ status: number | "connection"; code?: string; retryAfter?: string | null; id?: string }> {
    try {
      const res = await fetch(`${url}${A}/time-entries`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: credential, "idempotency-key": key },
        body: JSON.stringify(entryBody(n)),
      });
      const body = (await res.json()) as { data?: { id: string }; error?: { code: string } };
      return { status: res.status, code: body.error?.code, retryAfter: res.headers.get("retry-after"), id: body.data?.id };
    } catch {
      return { status: "connection" };
    }
  }

  async function readiness(): Promise<{ status: number; checks: Record<string, string> }> {
    const res = await request<{ checks: Record<string, string> }>(url, "GET", "/health/ready");
    return { status: res.status, checks: res.body.checks };
  }

  async function outage(server: OwnServer): Promise<void> {
    const before = await write(`before-${server.name}-${++serial}`, serial);
    expect(before.status).toBe(201);

    await server.stop();
    const stoppedAt = Date.now();
    const failures: { status: number | "connection"; code?: string; retryAfter?: string | null }[] = [];
    let ready: { status: number; checks: Record<string, string> } | undefined;
    const duringKey = `during-${server.name}-${++serial}`;
    const duringN = serial;
    let acknowledgedDuring: string | undefined;
    while (Date.now() - stoppedAt < OUTAGE_MS) {
      const answer = await write(duringKey, duringN);
      if (answer.status === 201) acknowledgedDuring = answer.id;
      else failures.push(answer);
      ready = await readiness();
      if (ready.status === 503 && ready.checks[READINESS_CHECK[server.name]] === "failing" && failures.some((f) => f.status === 503)) break;
      await sleep(250);
    }
    // Still away: the same answers until it is back.
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(failure).toEqual({ status: 503, code: "service_unavailable", retryAfter: "5" });
    expect(ready?.status).toBe(503);
    expect(ready?.checks[READINESS_CHECK[server.name]]).toBe("failing");
    // Without NATS no other process answers this gateway either: its routes fail with its bus.
    const alsoAway = server.name === "nats" ? ["routes"] : [];
    const elsewhere = Object.entries(ready?.checks ?? {}).filter(
      ([name, state]) => name !== READINESS_CHECK[server.name] && name !== "services" && !alsoAway.includes(name) && state !== "ok",
    );
    expect(elsewhere).toEqual([]);

    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
    await server.start();

    // Everything recovers by itself: the write that failed goes through with its key, once.
    const deadline = Date.now() + 90_000;
    let after = await write(duringKey, duringN);
    while (after.status !== 201 && Date.now() < deadline) {
      expect(after.status === 503 || after.status === 409).toBe(true);
      await sleep(500);
      after = await write(duringKey, duringN);
    }
    expect(after.status).toBe(201);
    if (acknowledgedDuring) expect(after.id).toBe(acknowledgedDuring);
    while ((await readiness()).status !== 200 && Date.now() < deadline) await sleep(250);
    expect(await readiness()).toEqual({ status: 200, checks: { services: "ok", routes: "ok", counters: "ok", store: "ok", bus: "ok" } });

    // Nothing acknowledged is lost, nothing doubled.
    expect((await api.get(`${A}/time-entries/${before.id}`)).status).toBe(200);
    const listed = await api.get<{ data: { id: string; description: string }[] }>(`${A}/time-entries?per_page=200`);
    expect(listed.body.data.filter((entry) => entry.description === entryBody(duringN).description).map((entry) => entry.id)).toEqual([
      after.id,
    ]);
  }

  it("when every dependency is up, then the gateway is ready", async () => {
    credential = `Bearer ${(await api.post<{ data: { key: string } }>(`${A}/api-keys`, { name: "outages", permissions: ["time_entries:read", "time_entries:write"] })).body.data.key}`;
    expect(await readiness()).toEqual({ status: 200, checks: { services: "ok", routes: "ok", counters: "ok", store: "ok", bus: "ok" } });
  });

  it("when NATS stops and starts again, then Stint rides it out", async () => {
    await outage(servers.nats);
  });

  it("when Redis stops and starts again, then Stint rides it out", async () => {
    await outage(servers.redis);
  });

  it("when MongoDB stops and starts again, then Stint rides it out", async () => {
    await outage(servers.mongo);
  });
});
