import * as oauth from "oauth4webapi";
import { describeOAuthApi } from "./oauth-api.suite";
import { anOAuthApplication, OAUTH_CALLBACK, PASSWORD } from "./support/builders";
import { client, registerOwner } from "./support/http";
import { fromAnyAddress, PageVisitor } from "./support/oauth-browser";
import { describeStint, useStint } from "./support/stint";

describeOAuthApi("distributed");

describeStint("distributed", "OAuth through two gateways sharing Redis", () => {
  const stint = useStint({ mode: "distributed", gateways: 2 });

  it("when an authorization given through one gateway is revoked, then the other refuses its token at once", async () => {
    const second = stint.urls[1] as string;
    const { account, api } = await registerOwner(stint.url);
    const created = await api.post<{ data: { client_id: string; client_secret: string } }>(
      "/api/v1/oauth/applications",
      anOAuthApplication({ scopes: ["projects:read"] }),
    );
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
      redirect_uri: OAUTH_CALLBACK,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }))
      url.searchParams.set(name, value);
    const visitor = new PageVisitor();
    const consent = await visitor.follow(
      await visitor.submit(await visitor.get(url.toString()), { email: account.user.email, password: PASSWORD }),
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
        OAUTH_CALLBACK,
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
