import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { client, registerOwner, type ApiResponse, type Client } from "./support/http";
import { BACKEND_SERVICES } from "../shared/config";
import { StintProcess } from "./support/processes";
import { describeStint, useStint } from "./support/stint";

jest.setTimeout(60_000);

describeStint("embedded", "Stint as an OS process", () => {
  const stint = useStint({ mode: "embedded", processes: true });

  it("when it starts, then it logs its address and its mode as JSON lines", async () => {
    const line = await stint.processes.gateway.waitForLog((l) => l.msg.startsWith("Stint is listening"));
    expect(line.mode).toBe("embedded");
    expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(line.msg).toContain("embedded mode");
  });

  it("when SIGTERM arrives with a request in flight, then the request is finished, no new connection is taken and the process exits 0", async () => {
    const url = new URL(stint.url);
    const process = stint.processes.gateway;
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

    process.child.kill("SIGTERM");
    await process.waitForLog((l) => l.msg.includes("shutting down"));
    await expect(client(url.origin).get("/health/live")).rejects.toThrow();

    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toContain('"archived":false');
    expect(await process.exited).toBe(0);
  });
});

describe("start-up with a bad setting", () => {
  it("when a setting is bad, then the process stops with a message naming the variable", async () => {
    const stint = new StintProcess({ PORT: "not-a-port" });
    expect(await stint.exited).toBe(1);
    expect(stint.stderr).toContain("Invalid configuration: PORT");
  });
});

describeStint("distributed", "gateway and services in separate OS processes", () => {
  const stint = useStint({ mode: "distributed", processes: true });

  it("when a project is created through the gateway's process, then Style B reads it and its request id is in both processes' logs", async () => {
    const { gateway, services } = stint.processes;
    const { api } = await registerOwner(stint.url);

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

  describe("when the services' process is gone", () => {
    let api: Client;
    let before: ApiResponse<{ checks: Record<string, string> }>;

    beforeAll(async () => {
      api = (await registerOwner(stint.url)).api;
      before = await api.get<{ checks: Record<string, string> }>("/health/ready");
      await stint.processes.services.stop();
    });

    it("then the process exited cleanly, from a gateway that was ready with every check ok", async () => {
      expect(before.status).toBe(200);
      expect(before.body.checks).toEqual({ services: "ok", routes: "ok", counters: "ok", bus: "ok" });
      expect(await stint.processes.services.exited).toBe(0);
    });

    it("then the gateway answers 503 with Retry-After, not 500", async () => {
      const deadline = Date.now() + 15_000;
      let res = await api.get<{ error: { code: string } }>("/api/v1/projects");
      while (res.status === 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        res = await api.get("/api/v1/projects");
      }
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("service_unavailable");
      expect(res.headers.get("retry-after")).toBe("5");
    });

    it("then its readiness is 503, naming every service it routes to", async () => {
      const gone = await api.get<{ checks: Record<string, string>; missing: string[] }>("/health/ready");
      expect(gone.status).toBe(503);
      expect(gone.body.checks).toEqual({ services: "ok", routes: "failing", counters: "ok", bus: "ok" });
      expect([...gone.body.missing].sort()).toEqual([...BACKEND_SERVICES].sort());
    });
  });
});
