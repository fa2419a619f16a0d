import { randomUUID } from "node:crypto";
import * as oauth from "oauth4webapi";
import { describeOAuthApi } from "./oauth-api.suite";
import { client, registerOwner } from "./support/http";
import { fromAnyAddress, PageVisitor } from "./support/oauth-browser";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed, type TestStint } from "./support/stint";

function startWithServers(env: Record<string, string> = {}, clock?: () => number): Promise<TestStint> {
  // A bus namespace of its own, so two deployments started in the same millisecond never meet.
  return startDistributed(testServers("oauth"), `-${randomUUID().slice(0, 8)}`, env, { clock });
}

describeWithServers(["mongo", "nats", "redis"], "OAuth 2.0, distributed (MongoDB + NATS + Redis)", () => {
  describeOAuthApi("gateway and services as separate brokers over NATS", (env, clock) => startWithServers(env, clock));

  describe("two gateway processes sharing Redis", () => {
    let stint: TestStint;

    beforeAll(async () => {
      stint = await startWithServers();
    }, 60_000);

    afterAll(async () => {
      await stint?.stop();
    }, 30_000);

    it("signs in through one gateway, and a revoked authorization is refused at once through the other", async () => {
      const second = await (stint.addGateway as () => Promise<string>)();
      const { account, api } = await registerOwner(stint.url);
      const callback = "https://client.example.test/callback";
      const created = await api.post<{ data: { client_id: string; client_secret: string } }>("/api/v1/oauth/applications", {
        name: "Two gateways",
        redirect_uris: [callback],
        scopes: ["projects:read"],
      });
      const app = created.body.data;
      const issuer = new URL(stint.url);
      const as = await oauth.processDiscoveryResponse(
        issuer,
        await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...fromAnyAddress }),
      );
      const url = new URL(as.authorization_endpoint as string);
      const verifier = oauth.generateRandomCodeVerifier();
      for (const [name, value] of Object.entries({
        response_type: "code",
        client_id: app.client_id,
        redirect_uri: callback,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      }))
        url.searchParams.set(name, value);
      const visitor = new PageVisitor();
      const consent = await visitor.follow(
        await visitor.submit(await visitor.get(url.toString()), { email: account.user.email, password: "correct horse battery" }),
      );
      const back = await visitor.submit(consent, { action: "approve" });
      const clientInfo = { client_id: app.client_id };
      const params = oauth.validateAuthResponse(as, clientInfo, new URL(back.location as string), oauth.expectNoState);
      const tokens = await oauth.processAuthorizationCodeResponse(
        as,
        clientInfo,
        await oauth.authorizationCodeGrantRequest(
          as,
          clientInfo,
          oauth.ClientSecretBasic(app.client_secret),
          params,
          callback,
          verifier,
          fromAnyAddress,
        ),
      );
      const headers = { authorization: `Bearer ${tokens.access_token}` };
      expect((await client(second).get("/api/v1/projects", { headers })).status).toBe(200);
      expect((await api.delete(`/api/v1/oauth/authorizations/${app.client_id}`)).status).toBe(204);
      expect((await client(second).get("/api/v1/projects", { headers })).status).toBe(401);
      expect((await client(stint.url).get("/api/projects", { headers })).status).toBe(401);
    });
  });
});
