import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { client, registerOwner } from "./support/http";
import { BACKEND_SERVICES } from "../shared/config";
import { StintProcess } from "./support/processes";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "./support/servers";
import { temporaryDir, untilReady } from "./support/stint";

jest.setTimeout(60_000);

describe("one process on embedded defaults", () => {
  const data = temporaryDir("process");
  let stint: StintProcess;

  beforeAll(() => {
    stint = new StintProcess({ DATA_DIR: data.path });
  });

  afterAll(async () => {
    await stint.stop();
    data.remove();
  });

  it("logs its address and its mode as JSON lines", async () => {
    const line = await stint.waitForLog((l) => l.msg.startsWith("Stint is listening"));
    expect(line.mode).toBe("embedded");
    expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(line.msg).toContain("embedded mode");
  });

  it("finishes a request in flight on SIGTERM, then exits 0 and takes no new connections", async () => {
    const url = new URL(await stint.url());
    const { account } = await registerOwner(url.origin);
    const body = JSON.stringify({ name: `Drained ${randomUUID().slice(0, 8)}` });
    const socket = connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    let answer = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    // Headers and half the body now; the rest after SIGTERM has arrived.
    socket.write(
      `POST /api/v1/projects HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nAuthorization: Bearer ${account.access_token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));

    stint.child.kill("SIGTERM");
    await stint.waitForLog((l) => l.msg.includes("shutting down"));
    await expect(client(url.origin).get("/health/live")).rejects.toThrow();

    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toContain('"archived":false');
    expect(await stint.exited).toBe(0);
  });
});

describe("start-up with a bad setting", () => {
  it("stops with a message naming the variable", async () => {
    const stint = new StintProcess({ PORT: "not-a-port" });
    expect(await stint.exited).toBe(1);
    expect(stint.stderr).toContain("Invalid configuration: PORT");
  });
});

describeWithServers(["mongo", "nats", "redis"], "gateway and services in separate OS processes over NATS", () => {
  const data = temporaryDir("processes");
  const namespace = `proc-${randomUUID().slice(0, 8)}`;
  let gateway: StintProcess;
  let services: StintProcess;

  beforeAll(() => {
    const env = {
      NAMESPACE: namespace,
      DATA_DIR: data.path,
      MONGO_URL: mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_proc_${randomUUID().slice(0, 8)}`),
      NATS_URL: serverUrl("nats") as string,
      REDIS_URL: serverUrl("redis") as string,
    };
    services = new StintProcess({ ...env, SERVICES: BACKEND_SERVICES.join(","), NODE_ID: `services-${namespace}` });
    gateway = new StintProcess({ ...env, SERVICES: "gateway", NODE_ID: `gateway-${namespace}` });
  });

  afterAll(async () => {
    await Promise.all([gateway.stop(), services.stop()]);
    data.remove();
  });

  it("serves a project created in Style A through Style B, carrying the request id into both processes' logs", async () => {
    const url = await gateway.url(60_000);
    // Ready once every service the gateway routes to answers, whichever of them started last.
    await untilReady(url);
    const { api } = await registerOwner(url);

    const requestId = `proc-test-${randomUUID()}`;
    const created = await api.post<{ data: { id: string } }>(
      "/api/v1/projects",
      { name: "Across processes" },
      { headers: { "x-request-id": requestId } },
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const read = await api.get<{ data: { id: string; name: string } }>(`/api/projects/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: id.replace(/^prj_/, "proj_"), name: "Across processes" });

    const serviceLine = await services.waitForLog((l) => l.msg === "project created" && l.projectId === id);
    expect(serviceLine.requestId).toBe(requestId);
    const accessLine = await gateway.waitForLog((l) => l.msg === "request" && l.requestId === requestId);
    expect(accessLine).toMatchObject({ method: "POST", path: "/api/v1/projects", status: 201 });
    expect(gateway.logs.filter((l) => l.requestId === requestId).length).toBeGreaterThanOrEqual(1);
  });

  it("is ready only while its dependencies answer, and answers 503 (not 500) when the services are gone", async () => {
    const { api } = await registerOwner(await gateway.url());
    const ready = await api.get<{ checks: Record<string, string> }>("/health/ready");
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ services: "ok", routes: "ok", counters: "ok", bus: "ok" });

    await services.stop();
    expect(await services.exited).toBe(0);
    const deadline = Date.now() + 15_000;
    let res = await api.get<{ error: { code: string } }>("/api/v1/projects");
    while (res.status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      res = await api.get("/api/v1/projects");
    }
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("service_unavailable");
    expect(res.headers.get("retry-after")).toBe("5");
    // Nothing serves its routes any more: it says so, naming every service it routes to.
    const gone = await api.get<{ checks: Record<string, string>; missing: string[] }>("/health/ready");
    expect(gone.status).toBe(503);
    expect(gone.body.checks).toEqual({ services: "ok", routes: "failing", counters: "ok", bus: "ok" });
    expect([...gone.body.missing].sort()).toEqual([...BACKEND_SERVICES].sort());
  });
});
