import * as oauth from "oauth4webapi";
import { manualClock } from "./support/manual-clock";
import { client, registerOwner, request, type Account, type Client } from "./support/http";
import { joinTeam, withApiKey } from "./support/accounts";
import { anOAuthApplication, OAUTH_CALLBACK, PASSWORD, type OAuthApplicationBody } from "./support/builders";
import { fromAddress, fromAnyAddress, PageVisitor, type PageResponse } from "./support/oauth-browser";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { A, B, type List, type StyleAError, type StyleBError } from "./support/shapes";
import { CREDENTIAL_FAILURES_PER_MINUTE } from "../gateway/rate-limit/policy";
import { answersUntilHeldBack } from "./support/held-back";

interface Application {
  id: string;
  name: string;
  status: string;
  created_at: string;
  client_id: string;
  client_type: "confidential" | "public";
  redirect_uris: string[];
  homepage_url: string | null;
  scopes: string[];
  client_secret?: string | null;
}

const CALLBACK = OAUTH_CALLBACK;

interface Person {
  account: Account;
  api: Client;
  password: string;
}

/** Every OAuth flow, driven by a real OAuth client library, in both styles; run once per mode. */
export function describeOAuthApi(mode: StintMode): void {
  describeStint(mode, "OAuth 2.0", () => {
    const stint = useStint({ mode });
    let as: oauth.AuthorizationServer;
    let owner: Person;

    async function register(api: Client, body: Partial<OAuthApplicationBody> = {}): Promise<Application> {
      const res = await api.post<{ data: Application }>(`${A}/oauth/applications`, anOAuthApplication(body));
      if (res.status !== 201) throw new Error(`registering failed: ${res.status} ${res.text}`);
      return res.body.data;
    }

    /** The authorization URL a client library would build. */
    function authorizeUrl(app: Application, params: Record<string, string> = {}): string {
      const url = new URL(as.authorization_endpoint as string);
      for (const [name, value] of Object.entries({
        response_type: "code",
        client_id: app.client_id,
        redirect_uri: CALLBACK,
        state: "st-123",
        ...params,
      }))
        url.searchParams.set(name, value);
      return url.toString();
    }

    /** A person signs in and approves on the pages; the callback URL the browser ends up at. */
    async function approve(visitor: PageVisitor, url: string, person: Person): Promise<URL> {
      let page = await visitor.get(url);
      if (page.status === 200 && page.html.includes('name="password"'))
        page = await visitor.follow(await visitor.submit(page, { email: person.account.user.email, password: person.password }));
      if (page.status === 200) page = await visitor.submit(page, { action: "approve" });
      if (page.status !== 302 || !page.location)
        throw new Error(`expected the redirect back, got ${page.status}: ${page.html.slice(0, 400)}`);
      return new URL(page.location);
    }

    /** The whole authorization code flow with PKCE: the tokens. */
    async function signInWith(
      app: Application,
      person: Person,
      options: { scope?: string; secret?: string; pkce?: boolean } = {},
    ): Promise<oauth.TokenEndpointResponse> {
      const verifier = oauth.generateRandomCodeVerifier();
      const params: Record<string, string> = options.scope ? { scope: options.scope } : {};
      if (options.pkce !== false)
        Object.assign(params, { code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" });
      const callback = await approve(new PageVisitor(), authorizeUrl(app, params), person);
      const clientInfo: oauth.Client = { client_id: app.client_id };
      const callbackParams = oauth.validateAuthResponse(as, clientInfo, callback, "st-123");
      const auth = app.client_type === "public" ? oauth.None() : oauth.ClientSecretBasic(options.secret ?? (app.client_secret as string));
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        clientInfo,
        auth,
        callbackParams,
        CALLBACK,
        options.pkce === false ? oauth.nopkce : verifier,
        fromAnyAddress,
      );
      return oauth.processAuthorizationCodeResponse(as, clientInfo, response);
    }

    /** A raw form post to an OAuth endpoint (of another deployment when `url` says so). */
    async function post(
      path: string,
      form: Record<string, string>,
      headers: Record<string, string> = {},
      url = stint.url,
    ): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
      const res = await request<Record<string, unknown>>(url, "POST", path, {
        raw: new URLSearchParams(form).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      });
      return { status: res.status, headers: res.headers, body: res.body };
    }

    const bearer = (token: string) => client(stint.url, { authorization: `Bearer ${token}` });
    const basic = (app: Application, secret = app.client_secret as string) => ({
      authorization: `Basic ${Buffer.from(`${app.client_id}:${secret}`).toString("base64")}`,
    });

    beforeAll(async () => {
      const registered = await registerOwner(stint.url, "Owner");
      owner = { ...registered, password: PASSWORD };
      const issuer = new URL(stint.url);
      as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...fromAnyAddress }));
    });

    describe("metadata (RFC 8414)", () => {
      it("when the metadata is read, then it names every endpoint under this issuer, S256 alone and the grants", () => {
        expect(as.issuer).toBe(new URL(stint.url).origin);
        expect(as).toMatchObject({
          authorization_endpoint: `${as.issuer}/api/auth/oauth/authorize`,
          token_endpoint: `${as.issuer}/api/auth/oauth/token`,
          device_authorization_endpoint: `${as.issuer}/api/auth/oauth/device/code`,
          revocation_endpoint: `${as.issuer}/api/auth/oauth/revoke`,
          introspection_endpoint: `${as.issuer}/api/auth/oauth/introspect`,
          code_challenge_methods_supported: ["S256"],
          grant_types_supported: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
          prompt_values_supported: ["none", "login", "consent"],
        });
      });
    });

    describe("a deployment with a small per-application limit, behind PUBLIC_URL with a path", () => {
      const PER_MINUTE = 5;
      // Counted at a clock of its own, moved to fresh windows before each test: no minute ends half-way.
      const clock = manualClock();
      const own = useStint({
        mode,
        env: { OAUTH_CLIENT_REQUESTS_PER_MINUTE: String(PER_MINUTE), PUBLIC_URL: "https://stint.example.test/tracker/" },
        clock: clock.now,
      });
      let api: Client;

      beforeAll(async () => {
        api = (await registerOwner(own.url, "Limited")).api;
      });

      beforeEach(() => clock.nextQuarterHour());

      /** Each request from an address of its own: only the per-application count can refuse it. */
      let nextAddress = 0;
      const fromNewAddress = () => ({ "x-forwarded-for": `198.51.100.${++nextAddress}` });

      it("when a confidential application passes its limit, then it gets 429 with Retry-After in RFC 6749's shape, counted only once its secret is checked", async () => {
        const app = await register(api);
        const introspect = (secret: string) =>
          post("/api/auth/oauth/introspect", { token: "not-a-token" }, { ...basic(app, secret), ...fromNewAddress() }, own.url);
        // Anyone can name the client_id; with a wrong secret that spends nothing of its allowance.
        for (let i = 0; i < PER_MINUTE + 2; i++) expect((await introspect("cls_wrong")).status).toBe(401);
        for (let i = 0; i < PER_MINUTE; i++) expect((await introspect(app.client_secret as string)).body).toEqual({ active: false });
        const refused = await introspect(app.client_secret as string);
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({
          error: "temporarily_unavailable",
          error_description: expect.stringContaining(`${PER_MINUTE} requests per minute`),
        });
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
        expect(refused.headers.get("cache-control")).toBe("no-store");
        // Every endpoint shares the count, and another application has its own.
        expect(
          (await post("/api/auth/oauth/revoke", { token: "ort_nothing" }, { ...basic(app), ...fromNewAddress() }, own.url)).status,
        ).toBe(429);
        const other = await register(api);
        expect(
          (await post("/api/auth/oauth/introspect", { token: "not-a-token" }, { ...basic(other), ...fromNewAddress() }, own.url)).status,
        ).toBe(200);
      });

      it("when a public application's client_id is named, then only the address is counted and nobody's allowance is spent", async () => {
        const app = await register(api, { client_type: "public" });
        for (let i = 0; i < PER_MINUTE * 2; i++) {
          const started = await post("/api/auth/oauth/device/code", { client_id: app.client_id }, fromNewAddress(), own.url);
          expect(started.status).toBe(200);
        }
      });

      it("when the issuer has a path, then the metadata is served under it too (RFC 8414 §3.1), naming endpoints beneath it", async () => {
        const atPath = await client(own.url).get<Record<string, unknown>>("/.well-known/oauth-authorization-server/tracker");
        expect(atPath.status).toBe(200);
        expect(atPath.body).toMatchObject({
          issuer: "https://stint.example.test/tracker",
          token_endpoint: "https://stint.example.test/tracker/api/auth/oauth/token",
        });
        const plain = await client(own.url).get<Record<string, unknown>>("/.well-known/oauth-authorization-server");
        expect(plain.body).toEqual(atPath.body);
        expect((await client(stint.url).get("/.well-known/oauth-authorization-server/tracker")).status).toBe(404);
      });
    });

    describe("applications (the developer portal)", () => {
      it("when a confidential application is registered, then its secret is shown once, in both styles", async () => {
        const created = await owner.api.post<{ data: Application }>(
          `${B}/oauth/applications`,
          anOAuthApplication({
            name: " Sync ",
            redirect_uris: [CALLBACK, "http://127.0.0.1:8765/cb"],
            homepage_url: "https://client.example.test",
            scopes: ["projects:read"],
          }),
        );
        expect(created.status).toBe(201);
        const app = created.body.data;
        expect(app).toMatchObject({
          name: "Sync",
          status: "active",
          client_type: "confidential",
          scopes: ["projects:read"],
          homepage_url: "https://client.example.test",
        });
        expect(app.id).toMatch(/^app_/);
        expect(app.client_id).toMatch(/^cli_/);
        expect(app.client_secret).toMatch(/^cls_[0-9A-Za-z]{48}$/);
        expect(app.created_at).toMatch(/^\d{4}-\d\d-\d\d$/);
        expect(created.headers.get("location")).toBe(`${B}/oauth/applications/${app.id}`);
        const read = await owner.api.get<{ data: Application }>(`${A}/oauth/applications/${app.id}`);
        expect(read.status).toBe(200);
        expect(read.body.data).not.toHaveProperty("client_secret");
        const listed = await owner.api.get<List<Application>>(`${B}/oauth/applications`);
        expect(listed.body.data.map((a) => a.id)).toContain(app.id);
        expect(JSON.stringify(listed.body)).not.toContain(app.client_secret as string);
      });

      it("when a public application is registered, then it has no secret to show or rotate", async () => {
        const app = await register(owner.api, { client_type: "public" });
        expect(app.client_secret).toBeNull();
        const rotated = await owner.api.post<StyleAError>(`${A}/oauth/applications/${app.id}/rotate-secret`);
        expect(rotated.status).toBe(409);
      });

      it.each([
        [{ redirect_uris: ["http://client.example.test/cb"] }, "redirect_uris.0"],
        [{ redirect_uris: ["https://client.example.test/cb#x"] }, "redirect_uris.0"],
        [{ redirect_uris: ["/relative"] }, "redirect_uris.0"],
        [{ redirect_uris: [] }, "redirect_uris"],
        [{ scopes: ["everything"] }, "scopes.0"],
        [{ client_type: "spa" }, "client_type"],
        [{ client_secret: "mine" }, "client_secret"],
      ])("when an application has %j, then the 400 names %s", async (change, field) => {
        const res = await owner.api.post<StyleAError>(`${A}/oauth/applications`, { ...anOAuthApplication(), ...change });
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field });
      });

      it("when an application is changed, then its name, redirect URIs, homepage, scopes and status take the new values", async () => {
        const app = await register(owner.api);
        const changed = await owner.api.patch<{ data: Application }>(`${A}/oauth/applications/${app.id}`, {
          name: "Renamed",
          redirect_uris: ["https://other.example.test/cb"],
          homepage_url: null,
          scopes: ["projects:read", "projects:write"],
          status: "disabled",
        });
        expect(changed.status).toBe(200);
        expect(changed.body.data).toMatchObject({
          name: "Renamed",
          redirect_uris: ["https://other.example.test/cb"],
          homepage_url: null,
          scopes: ["projects:read", "projects:write"],
          status: "disabled",
        });
      });

      it("when a change is empty, then it is refused with 400", async () => {
        const app = await register(owner.api);
        expect((await owner.api.patch(`${A}/oauth/applications/${app.id}`, {})).status).toBe(400);
      });

      it("when an application is deleted, then it is 404", async () => {
        const app = await register(owner.api);
        expect((await owner.api.delete(`${B}/oauth/applications/${app.id}`)).status).toBe(204);
        expect((await owner.api.get(`${A}/oauth/applications/${app.id}`)).status).toBe(404);
      });

      it("when a member, an API key or an application's token reaches the developer portal, then it is refused with 403", async () => {
        const member = await joinTeam(stint.url, owner.api, "member");
        expect((await member.api.get(`${A}/oauth/applications`)).status).toBe(403);
        const admin = await joinTeam(stint.url, owner.api, "admin");
        expect((await admin.api.get(`${A}/oauth/applications`)).status).toBe(200);
        const key = await withApiKey(stint.url, owner.api);
        expect((await key.api.get(`${A}/oauth/applications`)).status).toBe(403);
        const app = await register(owner.api);
        const tokens = await signInWith(app, owner);
        expect((await bearer(tokens.access_token).get<StyleBError>(`${B}/oauth/applications`)).status).toBe(403);
      });

      it("when another organization names an application, then both styles answer 404", async () => {
        const app = await register(owner.api);
        const other = await registerOwner(stint.url, "Other");
        for (const base of [A, B]) {
          expect((await other.api.get(`${base}/oauth/applications/${app.id}`)).status).toBe(404);
          expect((await other.api.patch(`${base}/oauth/applications/${app.id}`, { name: "Mine" })).status).toBe(404);
          expect((await other.api.post(`${base}/oauth/applications/${app.id}/rotate-secret`)).status).toBe(404);
          expect((await other.api.delete(`${base}/oauth/applications/${app.id}`)).status).toBe(404);
        }
        expect((await other.api.get<List<Application>>(`${A}/oauth/applications`)).body.data).toEqual([]);
        expect((await owner.api.get(`${A}/oauth/applications/${app.id}`)).body).toMatchObject({ data: { name: "Timesheet sync" } });
      });

      it("when the secret is rotated, then the new one works and the previous one still does for 24 hours", async () => {
        const app = await register(owner.api);
        const rotated = await owner.api.post<{ data: Application }>(`${A}/oauth/applications/${app.id}/rotate-secret`);
        expect(rotated.status).toBe(200);
        const secret = rotated.body.data.client_secret as string;
        expect(secret).toMatch(/^cls_/);
        expect(secret).not.toBe(app.client_secret);
        await expect(signInWith(app, owner, { secret })).resolves.toMatchObject({ token_type: "bearer" });
        await expect(signInWith(app, owner, { secret: app.client_secret as string })).resolves.toMatchObject({ token_type: "bearer" });
        await expect(signInWith(app, owner, { secret: "cls_wrong" })).rejects.toThrow();
      });
    });

    describe("the authorization code flow", () => {
      describe("prompt", () => {
        const errorOf = (page: PageResponse) => {
          expect(page.status).toBe(302);
          const back = new URL(page.location as string);
          expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
          return { error: back.searchParams.get("error"), code: back.searchParams.get("code"), state: back.searchParams.get("state") };
        };
        /** A browser whose session is signed in as the owner. */
        async function signedIn(app: Application): Promise<PageVisitor> {
          const visitor = new PageVisitor();
          await visitor.follow(
            await visitor.submit(await visitor.get(authorizeUrl(app, { prompt: "consent" })), {
              email: owner.account.user.email,
              password: PASSWORD,
            }),
          );
          return visitor;
        }

        it("when prompt=none finds no session, then it goes back with login_required and shows no page", async () => {
          const app = await register(owner.api);
          expect(errorOf(await new PageVisitor().get(authorizeUrl(app, { prompt: "none" })))).toEqual({
            error: "login_required",
            code: null,
            state: "st-123",
          });
        });

        it("when prompt=none finds a session without remembered consent, then it goes back with consent_required", async () => {
          const app = await register(owner.api);
          const visitor = await signedIn(app);
          expect(errorOf(await visitor.get(authorizeUrl(app, { prompt: "none" })))).toMatchObject({
            error: "consent_required",
            code: null,
          });
        });

        it("when prompt=none finds a session and remembered consent, then it goes back with a code", async () => {
          const app = await register(owner.api);
          const visitor = await signedIn(app);
          await approve(visitor, authorizeUrl(app), owner);
          expect(errorOf(await visitor.get(authorizeUrl(app, { prompt: "none" })))).toMatchObject({
            error: null,
            code: expect.stringMatching(/^[0-9A-Za-z]{43}$/),
          });
        });

        it("when prompt=consent, then the consent page shows even when consent is remembered", async () => {
          const app = await register(owner.api);
          const visitor = await signedIn(app);
          await approve(visitor, authorizeUrl(app), owner);
          expect((await visitor.get(authorizeUrl(app))).status).toBe(302);
          const page = await visitor.get(authorizeUrl(app, { prompt: "consent" }));
          expect(page.status).toBe(200);
          expect(page.html).toContain('value="approve"');
          expect(errorOf(await visitor.submit(page, { action: "approve" })).code).toMatch(/^[0-9A-Za-z]{43}$/);
        });

        it("when prompt=login, then the password is asked again, once, even with a session", async () => {
          const app = await register(owner.api);
          const visitor = await signedIn(app);
          await approve(visitor, authorizeUrl(app), owner);
          const signIn = await visitor.get(authorizeUrl(app, { prompt: "login consent" }));
          expect(signIn.html).toContain('name="password"');
          const consent = await visitor.follow(await visitor.submit(signIn, { email: owner.account.user.email, password: PASSWORD }));
          expect(consent.status).toBe(200);
          expect(consent.html).toContain('value="approve"');
        });

        it.each(["none consent", "select_account", "nonsense"])("when prompt=%s, then the answer is invalid_request", async (prompt) => {
          const app = await register(owner.api);
          expect(errorOf(await new PageVisitor().get(authorizeUrl(app, { prompt })))).toMatchObject({ error: "invalid_request" });
        });
      });

      describe("redirect URIs", () => {
        /** Where the pages send the person back for this request: the redirect's URL, or null when they showed an error page. */
        async function landing(app: Application, params: Record<string, string>): Promise<URL | null> {
          const url = new URL(authorizeUrl(app, params));
          if (params.redirect_uri === "") url.searchParams.delete("redirect_uri");
          const visitor = new PageVisitor();
          let page = await visitor.get(url.toString());
          if (page.status === 400) return null;
          page = await visitor.follow(await visitor.submit(page, { email: owner.account.user.email, password: PASSWORD }));
          if (page.status === 200) page = await visitor.submit(page, { action: "approve" });
          expect(page.status).toBe(302);
          return new URL(page.location as string);
        }

        const exchange = (app: Application, code: string, fields: Record<string, string>) =>
          post("/api/auth/oauth/token", { grant_type: "authorization_code", code, ...fields }, basic(app));

        const LOOPBACK_REDIRECT_URIS = ["http://127.0.0.1/callback", "http://[::1]:8765/cb", "http://localhost:8765/cb"];

        it("when a loopback IP redirect URI names any port, then the code goes there and the token request must name the one used (RFC 8252 §7.3)", async () => {
          const app = await register(owner.api, { redirect_uris: LOOPBACK_REDIRECT_URIS });
          for (const used of ["http://127.0.0.1:51004/callback", "http://127.0.0.1/callback", "http://[::1]:61023/cb"]) {
            const back = (await landing(app, { redirect_uri: used })) as URL;
            expect(`${back.origin}${back.pathname}`).toBe(used);
            const code = back.searchParams.get("code") as string;
            expect((await exchange(app, code, { redirect_uri: "http://127.0.0.1:9/callback" })).body).toMatchObject({
              error: "invalid_grant",
            });
            const tokens = await exchange(app, code, { redirect_uri: used });
            expect(tokens.status).toBe(200);
          }
        });

        it("when a redirect URI differs from the registered ones in anything but a loopback IP's port, then an error page shows instead", async () => {
          const app = await register(owner.api, { redirect_uris: LOOPBACK_REDIRECT_URIS });
          for (const refused of [
            "http://127.0.0.1:51004/callback/more",
            "http://127.0.0.1:51004/Callback",
            "http://127.0.0.1:51004/callback?x=1",
            "http://127.0.0.2:51004/callback",
            "https://127.0.0.1:51004/callback",
            "http://127.0.0.1:99999/callback",
            "http://127.0.0.1:0/callback",
            "http://127.0.0.1:51004@evil.example.test/callback",
            // localhost is matched exactly: RFC 8252 §8.3 recommends the IP literals instead.
            "http://localhost:9999/cb",
          ])
            expect({ refused, landing: await landing(app, { redirect_uri: refused }) }).toEqual({ refused, landing: null });
          expect(await landing(app, { redirect_uri: "http://localhost:8765/cb" })).not.toBeNull();
        });

        it("when the request leaves out the one registered redirect URI, then the code goes there and the token request may leave it out or name it", async () => {
          const app = await register(owner.api, {});
          const codeFor = async () => ((await landing(app, { redirect_uri: "" })) as URL).searchParams.get("code") as string;
          const back = (await landing(app, { redirect_uri: "" })) as URL;
          expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
          expect(back.searchParams.get("state")).toBe("st-123");
          expect((await exchange(app, back.searchParams.get("code") as string, {})).status).toBe(200);
          expect((await exchange(app, await codeFor(), { redirect_uri: CALLBACK })).status).toBe(200);
          const code = await codeFor();
          expect((await exchange(app, code, { redirect_uri: "https://client.example.test/other" })).body).toMatchObject({
            error: "invalid_grant",
          });
          expect((await exchange(app, code, {})).status).toBe(200);
        });

        it("when the authorization request named the redirect URI, then a token request without it is invalid_request (RFC 6749 §4.1.3)", async () => {
          const app = await register(owner.api, {});
          const named = ((await landing(app, {})) as URL).searchParams.get("code") as string;
          expect((await exchange(app, named, {})).body).toMatchObject({ error: "invalid_request" });
          expect((await exchange(app, named, { redirect_uri: CALLBACK })).status).toBe(200);
        });

        it("when the request leaves the redirect URI out and the application registered more than one, then an error page shows", async () => {
          const app = await register(owner.api, { redirect_uris: [CALLBACK, "https://client.example.test/second"] });
          const url = new URL(authorizeUrl(app));
          url.searchParams.delete("redirect_uri");
          const page = await new PageVisitor().get(url.toString());
          expect(page.status).toBe(400);
          expect(page.location).toBeNull();
          expect(page.html).toContain("more than one address");
        });
      });

      it("when a person signs in for a confidential application, then its token works in both styles within its scopes", async () => {
        const app = await register(owner.api, { scopes: ["projects:read"] });
        const tokens = await signInWith(app, owner);
        expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: "projects:read" });
        expect(tokens.refresh_token).toMatch(/^ort_/);
        const api = bearer(tokens.access_token);
        expect((await api.get(`${A}/projects`)).status).toBe(200);
        expect((await api.get(`${B}/projects`)).status).toBe(200);
        const write = await api.post<StyleAError>(`${A}/projects`, { name: "Not allowed" });
        expect(write.status).toBe(403);
        expect(write.body.error.details).toMatchObject({ permission: "projects:write" });
        expect((await api.post<StyleBError>(`${B}/projects`, { name: "Not allowed" })).body.code).toBe("FORBIDDEN");
        expect((await api.get(`${A}/time-entries`)).status).toBe(403);
        // Counted like any credential, per application and user.
        expect((await api.get(`${A}/projects`)).headers.get("x-ratelimit-limit")).toBe("100");
      });

      it("when a person signs in for a public application, then PKCE without a secret is enough", async () => {
        const app = await register(owner.api, { client_type: "public", redirect_uris: [CALLBACK] });
        const tokens = await signInWith(app, owner, { scope: "projects:read" });
        expect(tokens.scope).toBe("projects:read");
        expect((await bearer(tokens.access_token).get(`${A}/projects`)).status).toBe(200);
      });

      it("when the same scopes are asked again, then consent is not asked twice and a code comes straight back", async () => {
        const app = await register(owner.api);
        await signInWith(app, owner);
        const visitor = new PageVisitor();
        const signIn = await visitor.get(authorizeUrl(app));
        const signedIn = await visitor.follow(await visitor.submit(signIn, { email: owner.account.user.email, password: PASSWORD }));
        expect(signedIn.status).toBe(302);
        expect(new URL(signedIn.location as string).searchParams.get("code")).toBeTruthy();
        // More than was granted asks again.
        const more = await register(owner.api, { scopes: ["projects:read", "projects:write"] });
        await signInWith(more, owner, { scope: "projects:read" });
        const again = await visitor.get(authorizeUrl(more, { scope: "projects:read projects:write" }));
        expect(again.status).toBe(200);
        expect(again.html).toContain("Create, change and delete projects and tasks");
      });

      it("when a person is asked to sign in and consent, then the consent page names the application, its homepage and each scope in words", async () => {
        const app = await register(owner.api, {
          name: "Invoice <Robot>",
          homepage_url: "https://robot.example.test",
          scopes: ["projects:read", "time_entries:read"],
        });
        const visitor = new PageVisitor();
        const signIn = await visitor.get(authorizeUrl(app));
        expect(signIn.status).toBe(200);
        expect(signIn.html).toContain('name="csrf_token"');
        const cookie = signIn.headers.get("set-cookie") ?? "";
        expect(cookie).toMatch(/HttpOnly/);
        expect(cookie).toMatch(/SameSite=Lax/);
        // Plain HTTP on loopback: the one case without Secure.
        expect(cookie).not.toMatch(/Secure/);
        const wrong = await visitor.submit(signIn, { email: owner.account.user.email, password: "wrong password!" });
        expect(wrong.html).toContain("The email or the password is wrong");
        const consent = await visitor.follow(await visitor.submit(signIn, { email: owner.account.user.email, password: PASSWORD }));
        expect(consent.status).toBe(200);
        expect(consent.html).toContain("Invoice &lt;Robot&gt;");
        expect(consent.html).not.toContain("<Robot>");
        expect(consent.html).toContain("https://robot.example.test");
        expect(consent.html).toContain("See your organization&#39;s projects and tasks");
        expect(consent.html).toContain("See your time entries");
        for (const page of [signIn, consent]) {
          expect(page.headers.get("x-frame-options")).toBe("DENY");
          expect(page.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
          expect(page.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
          expect(page.headers.get("cache-control")).toBe("no-store");
        }
      });

      it("when an account gets ten wrong passwords on the sign-in page from one address, then the page holds it back and says so, while another person there signs in", async () => {
        const app = await register(owner.api);
        const { account: typist } = await registerOwner(stint.url, "Typist");
        const visitor = new PageVisitor();
        const signIn = await visitor.get(authorizeUrl(app));
        // The quarter hour follows the real clock: should it end midway, the count starts again, and the 429 comes later.
        const answers = await answersUntilHeldBack(
          () => visitor.submit(signIn, { email: typist.user.email, password: "wrong password!" }),
          40,
        );
        expect(answers.filter((page) => page.html.includes("The email or the password is wrong")).length).toBeGreaterThanOrEqual(10);
        const held = answers.at(-1) as PageResponse;
        expect(held.status).toBe(429);
        expect(held.html).toMatch(/Too many failed sign-ins for this account; try again in \d+ minutes?/);
        expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
        const colleague = new PageVisitor(visitor.address);
        const consent = await colleague.follow(
          await colleague.submit(await colleague.get(authorizeUrl(app)), { email: owner.account.user.email, password: PASSWORD }),
        );
        expect(consent.status).toBe(200);
        expect(consent.html).toContain('value="approve"');
      });

      it("when a person denies, then the application gets access_denied and its state back", async () => {
        const app = await register(owner.api);
        const visitor = new PageVisitor();
        const consent = await visitor.follow(
          await visitor.submit(await visitor.get(authorizeUrl(app)), { email: owner.account.user.email, password: PASSWORD }),
        );
        const denied = await visitor.submit(consent, { action: "deny" });
        expect(denied.status).toBe(302);
        const back = new URL(denied.location as string);
        expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
        expect(back.searchParams.get("error")).toBe("access_denied");
        expect(back.searchParams.get("state")).toBe("st-123");
        expect(back.searchParams.get("code")).toBeNull();
      });
    });

    describe("security", () => {
      let app: Application;
      let visitor: PageVisitor;
      let consent: PageResponse;

      beforeAll(async () => {
        app = await register(owner.api);
        visitor = new PageVisitor();
        consent = await visitor.follow(
          await visitor.submit(await visitor.get(authorizeUrl(app)), { email: owner.account.user.email, password: PASSWORD }),
        );
      });

      it.each([
        ["an unregistered redirect URI", { redirect_uri: "https://evil.example.test/callback" }],
        ["a redirect URI with more path", { redirect_uri: `${CALLBACK}/more` }],
        ["a redirect URI with a query added", { redirect_uri: `${CALLBACK}?next=https://evil.example.test` }],
        ["an unknown client id", { client_id: "cli_0000000000000000000000" }],
        ["no client id", { client_id: "" }],
      ])("when the request has %s, then an error page shows and nothing redirects", async (_what, params) => {
        const page = await new PageVisitor().get(authorizeUrl(app, params));
        expect(page.status).toBe(400);
        expect(page.location).toBeNull();
        expect(page.html).not.toContain("evil.example.test");
      });

      it.each([
        ["an unsupported response type", { response_type: "token" }, "unsupported_response_type"],
        ["an unregistered scope", { scope: "webhooks:write" }, "invalid_scope"],
        ["an unknown scope", { scope: "admin" }, "invalid_scope"],
        ["the plain PKCE method", { code_challenge: "a".repeat(43), code_challenge_method: "plain" }, "invalid_request"],
      ])("when the request has %s, then it is sent back with an error and the state", async (_what, params, error) => {
        const page = await visitor.get(authorizeUrl(app, params));
        expect(page.status).toBe(302);
        const back = new URL(page.location as string);
        expect(back.searchParams.get("error")).toBe(error);
        expect(back.searchParams.get("state")).toBe("st-123");
      });

      it("when a public application leaves PKCE out, then the answer is invalid_request", async () => {
        const publicApp = await register(owner.api, { client_type: "public" });
        const page = await visitor.get(authorizeUrl(publicApp));
        expect(new URL(page.location as string).searchParams.get("error")).toBe("invalid_request");
      });

      it("when an approval lacks the session's CSRF token or its cookie, then it is refused with 403", async () => {
        const forged = await visitor.submit(consent, { action: "approve", csrf_token: "forged" });
        expect(forged.status).toBe(403);
        expect(forged.location).toBeNull();
        const stranger = new PageVisitor();
        const strangerPage = await stranger.get(authorizeUrl(app));
        const crossed = await visitor.submit(consent, {
          action: "approve",
          csrf_token: /name="csrf_token" value="([^"]+)"/.exec(strangerPage.html)?.[1] ?? "",
        });
        expect(crossed.status).toBe(403);
        // Without the cookie (a cross-site form), nothing is approved either.
        const cookieless = new PageVisitor();
        const noCookie = await cookieless.submit(consent, { action: "approve" });
        expect(noCookie.status).toBe(403);
        expect(noCookie.location).toBeNull();
      });

      it("when a code is used twice, then it is refused and what the first use issued is revoked", async () => {
        const verifier = oauth.generateRandomCodeVerifier();
        const callback = await approve(
          visitor,
          authorizeUrl(app, { code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" }),
          owner,
        );
        const code = callback.searchParams.get("code") as string;
        const form = { grant_type: "authorization_code", code, redirect_uri: CALLBACK, code_verifier: verifier };
        const first = await post("/api/auth/oauth/token", form, basic(app));
        expect(first.status).toBe(200);
        expect(first.headers.get("cache-control")).toBe("no-store");
        expect((await bearer(first.body.access_token as string).get(`${A}/projects`)).status).toBe(200);
        const second = await post("/api/auth/oauth/token", form, basic(app));
        expect(second.status).toBe(400);
        expect(second.body).toMatchObject({ error: "invalid_grant" });
        expect((await bearer(first.body.access_token as string).get(`${A}/projects`)).status).toBe(401);
        expect(
          (
            await post(
              "/api/auth/oauth/token",
              { grant_type: "refresh_token", refresh_token: first.body.refresh_token as string },
              basic(app),
            )
          ).body,
        ).toMatchObject({ error: "invalid_grant" });
      });

      it("when the verifier does not match the challenge (sent without one, left out, or wrong), then the code is refused", async () => {
        const noChallenge = (await approve(visitor, authorizeUrl(app), owner)).searchParams.get("code") as string;
        const downgrade = await post(
          "/api/auth/oauth/token",
          {
            grant_type: "authorization_code",
            code: noChallenge,
            redirect_uri: CALLBACK,
            code_verifier: oauth.generateRandomCodeVerifier(),
          },
          basic(app),
        );
        expect(downgrade.body).toMatchObject({ error: "invalid_grant" });
        const verifier = oauth.generateRandomCodeVerifier();
        const challenged = async () =>
          (
            await approve(
              visitor,
              authorizeUrl(app, { code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" }),
              owner,
            )
          ).searchParams.get("code") as string;
        expect(
          (
            await post(
              "/api/auth/oauth/token",
              { grant_type: "authorization_code", code: await challenged(), redirect_uri: CALLBACK },
              basic(app),
            )
          ).body,
        ).toMatchObject({ error: "invalid_grant" });
        expect(
          (
            await post(
              "/api/auth/oauth/token",
              {
                grant_type: "authorization_code",
                code: await challenged(),
                redirect_uri: CALLBACK,
                code_verifier: oauth.generateRandomCodeVerifier(),
              },
              basic(app),
            )
          ).body,
        ).toMatchObject({ error: "invalid_grant" });
      });

      it("when the token endpoint gets another redirect_uri than the request had, then the code is refused", async () => {
        const code = (await approve(visitor, authorizeUrl(app), owner)).searchParams.get("code") as string;
        const res = await post(
          "/api/auth/oauth/token",
          { grant_type: "authorization_code", code, redirect_uri: "https://evil.example.test/callback" },
          basic(app),
        );
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: "invalid_grant" });
      });

      it("when another application presents the code, then it is refused with invalid_grant", async () => {
        const code = (await approve(visitor, authorizeUrl(app), owner)).searchParams.get("code") as string;
        const other = await register(owner.api);
        expect(
          (await post("/api/auth/oauth/token", { grant_type: "authorization_code", code, redirect_uri: CALLBACK }, basic(other))).body,
        ).toMatchObject({ error: "invalid_grant" });
      });

      it("when the client secret is wrong, then the token endpoint answers 401 invalid_client with a Basic challenge", async () => {
        const code = (await approve(visitor, authorizeUrl(app), owner)).searchParams.get("code") as string;
        const wrong = await post(
          "/api/auth/oauth/token",
          { grant_type: "authorization_code", code, redirect_uri: CALLBACK },
          basic(app, "cls_wrong"),
        );
        expect(wrong.status).toBe(401);
        expect(wrong.body).toMatchObject({ error: "invalid_client" });
        expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic/);
      });

      it("when the grant type is not one Stint issues, then the answer is unsupported_grant_type", async () => {
        expect(
          (await post("/api/auth/oauth/token", { grant_type: "password", username: "x", password: "y" }, basic(app))).body,
        ).toMatchObject({ error: "unsupported_grant_type" });
      });

      it("when an application is disabled, then its tokens end at once and it is refused everywhere", async () => {
        const own = await register(owner.api);
        const tokens = await signInWith(own, owner);
        expect((await bearer(tokens.access_token).get(`${A}/projects`)).status).toBe(200);
        expect((await owner.api.patch(`${A}/oauth/applications/${own.id}`, { status: "disabled" })).status).toBe(200);
        expect((await bearer(tokens.access_token).get(`${A}/projects`)).status).toBe(401);
        const refreshed = await post(
          "/api/auth/oauth/token",
          { grant_type: "refresh_token", refresh_token: tokens.refresh_token as string },
          basic(own),
        );
        expect(refreshed.status).toBe(401);
        expect(refreshed.body).toMatchObject({ error: "invalid_client" });
        const page = await visitor.get(authorizeUrl(own));
        expect(page.status).toBe(400);
        expect(page.location).toBeNull();
      });

      it("when a user is removed, then their applications' tokens end", async () => {
        const member = await joinTeam(stint.url, owner.api, "member");
        const person = { ...member, password: PASSWORD };
        const tokens = await signInWith(app, person);
        expect((await bearer(tokens.access_token).get(`${A}/projects`)).status).toBe(200);
        expect((await owner.api.delete(`${A}/users/${member.account.user.id}`)).status).toBe(204);
        expect((await bearer(tokens.access_token).get(`${A}/projects`)).status).toBe(401);
        expect(
          (await post("/api/auth/oauth/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token as string }, basic(app)))
            .body,
        ).toMatchObject({ error: "invalid_grant" });
      });

      it("when an application asks beyond the user's role or for wider scopes on refresh, then it is not granted", async () => {
        const wide = await register(owner.api, { scopes: ["projects:read", "users:read", "users:write"] });
        const member = await joinTeam(stint.url, owner.api, "member");
        const tokens = await signInWith(wide, { ...member, password: PASSWORD });
        expect(tokens.scope).toBe("projects:read users:read");
        expect((await bearer(tokens.access_token).post(`${A}/users/invitations`, { email: "x@example.test", role: "member" })).status).toBe(
          403,
        );
        const narrow = await signInWith(wide, owner, { scope: "projects:read" });
        const widened = await post(
          "/api/auth/oauth/token",
          { grant_type: "refresh_token", refresh_token: narrow.refresh_token as string, scope: "projects:read users:write" },
          basic(wide),
        );
        expect(widened.body).toMatchObject({ error: "invalid_scope" });
        const narrowed = await signInWith(wide, owner, { scope: "projects:read users:read" });
        const fewer = await post(
          "/api/auth/oauth/token",
          { grant_type: "refresh_token", refresh_token: narrowed.refresh_token as string, scope: "users:read" },
          basic(wide),
        );
        expect(fewer.body).toMatchObject({ scope: "users:read" });
      });

      it("when wrong client secrets from an address pass the limit, then they get 429 while the right secret from there is still judged", async () => {
        const address = "192.0.2.77";
        const form = { grant_type: "refresh_token", refresh_token: "ort_nothing" };
        const answers = await answersUntilHeldBack(() =>
          post("/api/auth/oauth/token", form, { ...basic(app, "cls_wrong"), "x-forwarded-for": address }),
        );
        expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(CREDENTIAL_FAILURES_PER_MINUTE);
        const held = answers.at(-1) as (typeof answers)[number];
        expect(held.status).toBe(429);
        expect(held.body).toEqual({ error: "temporarily_unavailable", error_description: expect.stringContaining("not valid") });
        expect(held.headers.get("retry-after")).toMatch(/^\d+$/);
        // The right secret is judged, and its unknown refresh token refused as always.
        expect((await post("/api/auth/oauth/token", form, { ...basic(app), "x-forwarded-for": address })).body).toMatchObject({
          error: "invalid_grant",
        });
      });
    });

    describe("refresh, revocation and introspection", () => {
      let app: Application;
      const clientInfo = () => ({ client_id: app.client_id });

      beforeAll(async () => {
        app = await register(owner.api);
      });

      it("when a refresh token is used, then it rotates, and a spent one used again revokes the chain", async () => {
        const tokens = await signInWith(app, owner);
        const auth = oauth.ClientSecretPost(app.client_secret as string);
        const second = await oauth.processRefreshTokenResponse(
          as,
          clientInfo(),
          await oauth.refreshTokenGrantRequest(as, clientInfo(), auth, tokens.refresh_token as string, fromAnyAddress),
        );
        expect(second.refresh_token).not.toBe(tokens.refresh_token);
        expect((await bearer(second.access_token).get(`${A}/projects`)).status).toBe(200);
        await expect(
          oauth.processRefreshTokenResponse(
            as,
            clientInfo(),
            await oauth.refreshTokenGrantRequest(as, clientInfo(), auth, tokens.refresh_token as string, fromAnyAddress),
          ),
        ).rejects.toMatchObject({ error: "invalid_grant" });
        // The reuse revoked everything of the chain: the newest tokens too.
        expect((await bearer(second.access_token).get(`${A}/projects`)).status).toBe(401);
        await expect(
          oauth.processRefreshTokenResponse(
            as,
            clientInfo(),
            await oauth.refreshTokenGrantRequest(as, clientInfo(), auth, second.refresh_token as string, fromAnyAddress),
          ),
        ).rejects.toMatchObject({ error: "invalid_grant" });
      });

      it("when a refresh is refused for its scope or a missing field, then nothing is consumed: the next correct refresh works and the chain lives", async () => {
        const tokens = await signInWith(app, owner);
        const auth = oauth.ClientSecretBasic(app.client_secret as string);
        for (const scope of ["bogus", "projects:read webhooks:write"]) {
          const refused = await oauth.refreshTokenGrantRequest(as, clientInfo(), auth, tokens.refresh_token as string, {
            ...fromAnyAddress,
            additionalParameters: { scope },
          });
          await expect(oauth.processRefreshTokenResponse(as, clientInfo(), refused)).rejects.toMatchObject({ error: "invalid_scope" });
        }
        expect((await post("/api/auth/oauth/token", { grant_type: "refresh_token" }, basic(app))).body).toMatchObject({
          error: "invalid_request",
        });
        const next = await oauth.processRefreshTokenResponse(
          as,
          clientInfo(),
          await oauth.refreshTokenGrantRequest(as, clientInfo(), auth, tokens.refresh_token as string, fromAnyAddress),
        );
        expect((await bearer(next.access_token).get(`${A}/projects`)).status).toBe(200);
        expect((await bearer(tokens.access_token).get(`${A}/projects`)).status).toBe(200);
      });

      it("when a code exchange is refused for its verifier or redirect_uri, then the code is not consumed: the corrected request gets the tokens", async () => {
        const verifier = oauth.generateRandomCodeVerifier();
        const callback = await approve(
          new PageVisitor(),
          authorizeUrl(app, { code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" }),
          owner,
        );
        const code = callback.searchParams.get("code") as string;
        const exchange = (fields: Record<string, string>) =>
          post("/api/auth/oauth/token", { grant_type: "authorization_code", code, ...fields }, basic(app));
        expect((await exchange({ code_verifier: verifier })).body).toMatchObject({ error: "invalid_request" });
        expect((await exchange({ redirect_uri: CALLBACK, code_verifier: oauth.generateRandomCodeVerifier() })).body).toMatchObject({
          error: "invalid_grant",
        });
        expect((await exchange({ redirect_uri: CALLBACK })).body).toMatchObject({ error: "invalid_grant" });
        const tokens = await oauth.processAuthorizationCodeResponse(
          as,
          clientInfo(),
          await oauth.authorizationCodeGrantRequest(
            as,
            clientInfo(),
            oauth.ClientSecretBasic(app.client_secret as string),
            oauth.validateAuthResponse(as, clientInfo(), callback, "st-123"),
            CALLBACK,
            verifier,
            fromAnyAddress,
          ),
        );
        expect((await bearer(tokens.access_token).get(`${A}/projects`)).status).toBe(200);
      });

      it("when a client asks to revoke another client's token, then it gets 400 unauthorized_client and the token keeps working (RFC 7009 §2.1)", async () => {
        const tokens = await signInWith(app, owner);
        const other = await register(owner.api, {});
        for (const token of [tokens.refresh_token as string, tokens.access_token, owner.account.access_token]) {
          const response = await oauth.revocationRequest(
            as,
            { client_id: other.client_id },
            oauth.ClientSecretBasic(other.client_secret as string),
            token,
            fromAnyAddress,
          );
          expect(response.status).toBe(400);
          expect(response.headers.get("cache-control")).toBe("no-store");
          await expect(oauth.processRevocationResponse(response)).rejects.toMatchObject({ error: "unauthorized_client" });
        }
        expect((await bearer(tokens.access_token).get(`${A}/projects`)).status).toBe(200);
        expect((await owner.api.get(`${A}/projects`)).status).toBe(200);
        const refreshed = await post(
          "/api/auth/oauth/token",
          { grant_type: "refresh_token", refresh_token: tokens.refresh_token as string },
          basic(app),
        );
        expect(refreshed.status).toBe(200);
      });

      it("when a refresh token is revoked, then the access tokens of its chain go with it (RFC 7009)", async () => {
        const tokens = await signInWith(app, owner);
        const auth = oauth.ClientSecretBasic(app.client_secret as string);
        await oauth.processRevocationResponse(
          await oauth.revocationRequest(as, clientInfo(), auth, tokens.refresh_token as string, fromAnyAddress),
        );
        expect((await bearer(tokens.access_token).get(`${A}/projects`)).status).toBe(401);
        await oauth.processRevocationResponse(await oauth.revocationRequest(as, clientInfo(), auth, "ort_unknown", fromAnyAddress));
      });

      it("when an access token is revoked, then it no longer works", async () => {
        const tokens = await signInWith(app, owner);
        await oauth.processRevocationResponse(
          await oauth.revocationRequest(
            as,
            clientInfo(),
            oauth.ClientSecretBasic(app.client_secret as string),
            tokens.access_token,
            fromAnyAddress,
          ),
        );
        expect((await bearer(tokens.access_token).get(`${A}/projects`)).status).toBe(401);
      });

      it("when a confidential application introspects a token, then only its own are shown active (RFC 7662)", async () => {
        const tokens = await signInWith(app, owner);
        const auth = oauth.ClientSecretBasic(app.client_secret as string);
        const active = await oauth.processIntrospectionResponse(
          as,
          clientInfo(),
          await oauth.introspectionRequest(as, clientInfo(), auth, tokens.access_token, fromAnyAddress),
        );
        expect(active).toMatchObject({
          active: true,
          client_id: app.client_id,
          sub: owner.account.user.id,
          scope: "projects:read time_entries:read",
          token_type: "Bearer",
        });
        const refresh = await oauth.processIntrospectionResponse(
          as,
          clientInfo(),
          await oauth.introspectionRequest(as, clientInfo(), auth, tokens.refresh_token as string, fromAnyAddress),
        );
        expect(refresh).toMatchObject({ active: true, token_type: "refresh_token" });
        const other = await register(owner.api);
        const theirs = await post("/api/auth/oauth/introspect", { token: tokens.access_token }, basic(other));
        expect(theirs.body).toEqual({ active: false });
        expect((await post("/api/auth/oauth/introspect", { token: owner.account.access_token }, basic(app))).body).toEqual({
          active: false,
        });
        const publicApp = await register(owner.api, { client_type: "public" });
        const refused = await post("/api/auth/oauth/introspect", { token: tokens.access_token, client_id: publicApp.client_id });
        expect(refused.status).toBe(401);
        await oauth.processRevocationResponse(await oauth.revocationRequest(as, clientInfo(), auth, tokens.access_token, fromAnyAddress));
        expect((await post("/api/auth/oauth/introspect", { token: tokens.access_token }, basic(app))).body).toEqual({ active: false });
      });
    });

    describe("authorized applications", () => {
      it("when a person lists their authorized applications, then each shows with its name and scopes", async () => {
        const app = await register(owner.api, { name: "Calendar bridge" });
        await signInWith(app, owner);
        const listed = await owner.api.get<List<{ client_id: string; name: string; scopes: string[] }>>(`${A}/oauth/authorizations`);
        expect(listed.status).toBe(200);
        expect(listed.body.data).toEqual(
          expect.arrayContaining([expect.objectContaining({ client_id: app.client_id, name: "Calendar bridge", scopes: app.scopes })]),
        );
      });

      it("when a member reaches for another person's authorization, then they see none and revoking it is 404", async () => {
        const app = await register(owner.api);
        await signInWith(app, owner);
        const member = await joinTeam(stint.url, owner.api, "member");
        expect((await member.api.get<List<unknown>>(`${B}/oauth/authorizations`)).body.data).toEqual([]);
        expect((await member.api.delete(`${B}/oauth/authorizations/${app.client_id}`)).status).toBe(404);
      });

      it("when an authorization is revoked, then its tokens stop at once and it is gone", async () => {
        const app = await register(owner.api);
        const tokens = await signInWith(app, owner);
        expect((await owner.api.delete(`${B}/oauth/authorizations/${app.client_id}`)).status).toBe(204);
        expect((await bearer(tokens.access_token).get(`${A}/projects`)).status).toBe(401);
        expect(
          (await post("/api/auth/oauth/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token as string }, basic(app)))
            .body,
        ).toMatchObject({ error: "invalid_grant" });
        expect((await owner.api.delete(`${A}/oauth/authorizations/${app.client_id}`)).status).toBe(404);
        expect((await owner.api.delete(`${A}/oauth/authorizations/not-a-client`)).status).toBe(404);
      });
    });

    describe("the device flow (RFC 8628)", () => {
      it("when a command-line tool signs a person in, then it polls through pending and slow_down to tokens after approval", async () => {
        const app = await register(owner.api, { client_type: "public", scopes: ["time_entries:read", "time_entries:write"] });
        const clientInfo = { client_id: app.client_id };
        const started = await oauth.processDeviceAuthorizationResponse(
          as,
          clientInfo,
          await oauth.deviceAuthorizationRequest(as, clientInfo, oauth.None(), {}, fromAnyAddress),
        );
        expect(started).toMatchObject({ expires_in: 600, interval: 5, verification_uri: `${as.issuer}/api/auth/oauth/device` });
        expect(started.user_code).toMatch(/^[B-Z]{4}-[B-Z]{4}$/);
        const poll = () =>
          oauth
            .deviceCodeGrantRequest(as, clientInfo, oauth.None(), started.device_code, fromAnyAddress)
            .then((response) => oauth.processDeviceCodeResponse(as, clientInfo, response));
        await expect(poll()).rejects.toMatchObject({ error: "authorization_pending" });
        await expect(poll()).rejects.toMatchObject({ error: "slow_down" });

        const visitor = new PageVisitor();
        const signIn = await visitor.get(started.verification_uri);
        const entry = await visitor.follow(await visitor.submit(signIn, { email: owner.account.user.email, password: PASSWORD }));
        expect(entry.html).toContain('name="user_code"');
        const unknown = await visitor.submit(entry, { user_code: "BBBB-BBBB" });
        expect(unknown.html).toContain("That code is not valid");
        const confirm = await visitor.submit(entry, { user_code: started.user_code.toLowerCase() });
        expect(confirm.html).toContain(started.user_code);
        expect(confirm.html).toContain("Record, change and delete your time entries");
        const done = await visitor.submit(confirm, { action: "approve" });
        expect(done.html).toContain("Device connected");

        await new Promise((resolve) => setTimeout(resolve, 10_500));
        const tokens = await poll();
        expect(tokens.scope).toBe("time_entries:read time_entries:write");
        expect((await bearer(tokens.access_token).get(`${A}/time-entries`)).status).toBe(200);
        await expect(poll()).rejects.toMatchObject({ error: "invalid_grant" });
      }, 30_000);

      it("when the person declines the device, then the tool gets access_denied", async () => {
        const app = await register(owner.api, { client_type: "public" });
        const clientInfo = { client_id: app.client_id };
        const started = await oauth.processDeviceAuthorizationResponse(
          as,
          clientInfo,
          await oauth.deviceAuthorizationRequest(as, clientInfo, oauth.None(), {}, fromAnyAddress),
        );
        const visitor = new PageVisitor();
        // The complete URI carries the code: after signing in, the page asks straight away, showing the code to compare.
        const confirm = await visitor.follow(
          await visitor.submit(await visitor.get(started.verification_uri_complete as string), {
            email: owner.account.user.email,
            password: PASSWORD,
          }),
        );
        expect(confirm.html).toContain(started.user_code);
        expect((await visitor.submit(confirm, { action: "deny" })).html).toContain("Declined");
        const response = await oauth.deviceCodeGrantRequest(as, clientInfo, oauth.None(), started.device_code, fromAddress("192.0.2.200"));
        await expect(oauth.processDeviceCodeResponse(as, clientInfo, response)).rejects.toMatchObject({ error: "access_denied" });
      });

      it("when the device code is unknown, then the token endpoint answers invalid_grant", async () => {
        const app = await register(owner.api);
        expect(
          (
            await post(
              "/api/auth/oauth/token",
              { grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: "nothing" },
              basic(app),
            )
          ).body,
        ).toMatchObject({ error: "invalid_grant" });
      });

      it("when a device asks for a scope the application does not have, then the answer is invalid_scope", async () => {
        const app = await register(owner.api);
        expect((await post("/api/auth/oauth/device/code", { scope: "webhooks:write" }, basic(app))).body).toMatchObject({
          error: "invalid_scope",
        });
      });
    });
  });
}
