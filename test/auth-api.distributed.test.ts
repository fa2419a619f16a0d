import { describeAuthApi } from "./auth-api.suite";
import { client, registerOwner } from "./support/http";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed, type TestStint } from "./support/stint";

function startWithServers(): Promise<TestStint> {
  return startDistributed(testServers("auth"));
}

describeWithServers(["mongo", "nats", "redis"], "accounts, sessions and credentials, distributed (MongoDB + NATS + Redis)", () => {
  describeAuthApi("gateway and services as separate brokers over NATS", startWithServers);

  describe("two gateway processes sharing Redis", () => {
    let stint: TestStint;

    beforeAll(async () => {
      stint = await startWithServers();
    }, 60_000);

    afterAll(async () => {
      await stint?.stop();
    }, 30_000);

    it("revokes a key through one gateway and refuses it at once through the other", async () => {
      const second = await (stint.addGateway as () => Promise<string>)();
      const { api } = await registerOwner(stint.url);
      const created = await api.post<{ data: { id: string; key: string } }>("/api/v1/api-keys", {
        name: "Two gateways",
        permissions: ["projects:read"],
      });
      const headers = { "x-api-key": created.body.data.key };
      // The second gateway has resolved and cached the key before it is revoked.
      expect((await client(second).get("/api/v1/projects", { headers })).status).toBe(200);
      expect((await client(second).get("/api/projects", { headers })).status).toBe(200);
      expect((await api.delete(`/api/v1/api-keys/${created.body.data.id}`)).status).toBe(204);
      expect((await client(second).get("/api/v1/projects", { headers })).status).toBe(401);
      expect((await client(stint.url).get("/api/v1/projects", { headers })).status).toBe(401);
    });
  });
});
