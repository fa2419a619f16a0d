import { describeAuthApi } from "./auth-api.suite";
import { withApiKey } from "./support/accounts";
import { client, registerOwner } from "./support/http";
import { describeStint, useStint } from "./support/stint";

describeAuthApi("distributed");

describeStint("distributed", "API keys through two gateways sharing Redis", () => {
  const stint = useStint({ mode: "distributed", gateways: 2 });

  it("when a key is revoked through one gateway, then the other refuses it at once", async () => {
    const second = stint.urls[1] as string;
    const { api } = await registerOwner(stint.url);
    const { id, headers } = await withApiKey(stint.url, api);
    // The second gateway has resolved and cached the key before it is revoked.
    expect((await client(second).get("/api/v1/projects", { headers })).status).toBe(200);
    expect((await client(second).get("/api/projects", { headers })).status).toBe(200);
    expect((await api.delete(`/api/v1/api-keys/${id}`)).status).toBe(204);
    expect((await client(second).get("/api/v1/projects", { headers })).status).toBe(401);
    expect((await client(stint.url).get("/api/v1/projects", { headers })).status).toBe(401);
  });
});
