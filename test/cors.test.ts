import { anOAuthApplication } from "./support/builders";
import { registerOwner, request, type Account, type Client } from "./support/http";
import { useStint } from "./support/stint";

/**
 * CORS over real HTTP (`CORS_ORIGINS`): preflights and answers for the API with a bearer token,
 * the OAuth token, revocation and device endpoints and the metadata, errors included; never
 * credentials by cookie, never the web application's session, the pages or introspection.
 * A real browser goes through the same in `oauth-single-page-app.test.ts`.
 */

const ALLOWED = "http://127.0.0.1:48123";
const ALSO_ALLOWED = "https://app.example.test";
const STRANGER = "https://elsewhere.example.test";

/** Each request from its own documentation address, so per-address limits bite only where a test means them to. */
const someAddress = () => `198.51.100.${Math.floor(Math.random() * 256)}`;

function preflight(base: string, path: string, origin: string, method: string, headers = "authorization") {
  return fetch(`${base}${path}`, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": method,
      "access-control-request-headers": headers,
      "x-forwarded-for": someAddress(),
    },
  });
}

const listOf = (header: string | null) => (header ?? "").split(",").map((name) => name.trim().toLowerCase());

function expectAllowed(headers: Headers, origin: string): void {
  expect(headers.get("access-control-allow-origin")).toBe(origin);
  expect(listOf(headers.get("vary"))).toContain("origin");
  expect(headers.get("access-control-allow-credentials")).toBeNull();
}

function expectNoCors(headers: Headers): void {
  expect(headers.get("access-control-allow-origin")).toBeNull();
  expect(headers.get("access-control-allow-methods")).toBeNull();
  expect(headers.get("access-control-allow-credentials")).toBeNull();
}

describe("CORS, with CORS_ORIGINS set", () => {
  const stint = useStint({ mode: "embedded", env: { CORS_ORIGINS: `${ALLOWED},${ALSO_ALLOWED}` } });
  let owner: { account: Account; api: Client };
  let app: { client_id: string; client_secret: string };

  beforeAll(async () => {
    owner = await registerOwner(stint.url, "Cors");
    app = (
      await owner.api.post<{ data: { client_id: string; client_secret: string } }>(
        "/api/v1/oauth/applications",
        anOAuthApplication({ name: "Browser app", redirect_uris: [`${ALLOWED}/callback`], scopes: ["projects:read"] }),
      )
    ).body.data;
  });

  const bearer = () => ({ authorization: `Bearer ${owner.account.access_token}` });

  it.each([
    ["the API in Style A", "/api/v1/projects", "GET"],
    ["the API in Style B", "/api/projects", "POST"],
    ["the API under /v1", "/v1/time-entries/current", "GET"],
    ["the token endpoint", "/api/auth/oauth/token", "POST"],
    ["the revocation endpoint", "/api/auth/oauth/revoke", "POST"],
    ["the device endpoint", "/api/v1/auth/oauth/device/code", "POST"],
    ["the OAuth metadata", "/.well-known/oauth-authorization-server", "GET"],
  ])(
    "when an allowed origin sends a preflight for %s, then it gets the methods, the headers, how long to keep them, and no credentials",
    async (_what, path, method) => {
      const answer = await preflight(stint.url, path, ALLOWED, method, "authorization, content-type, idempotency-key");
      expect(answer.status).toBe(204);
      expectAllowed(answer.headers, ALLOWED);
      expect(listOf(answer.headers.get("access-control-allow-methods"))).toEqual(
        expect.arrayContaining(["get", "head", "post", "put", "patch", "delete"]),
      );
      expect(listOf(answer.headers.get("access-control-allow-headers"))).toEqual(
        expect.arrayContaining(["authorization", "content-type", "idempotency-key", "if-none-match", "x-request-id"]),
      );
      expect(Number(answer.headers.get("access-control-max-age"))).toBeGreaterThan(0);
      expect(await answer.text()).toBe("");
    },
  );

  it("when an allowed origin calls with a bearer token, then it may read the answer and the headers a client needs", async () => {
    const answer = await request(stint.url, "GET", "/api/v1/projects", { headers: { ...bearer(), origin: ALSO_ALLOWED } });
    expect(answer.status).toBe(200);
    expectAllowed(answer.headers, ALSO_ALLOWED);
    expect(listOf(answer.headers.get("access-control-expose-headers"))).toEqual(
      expect.arrayContaining([
        "x-request-id",
        "x-ratelimit-limit",
        "x-ratelimit-remaining",
        "x-ratelimit-reset",
        "retry-after",
        "location",
        "etag",
      ]),
    );
    const created = await request(stint.url, "POST", "/api/v1/projects", {
      headers: { ...bearer(), origin: ALLOWED },
      body: { name: "From the browser" },
    });
    expect(created.status).toBe(201);
    expectAllowed(created.headers, ALLOWED);
    expect(created.headers.get("location")).toMatch(/^\/api\/v1\/projects\/prj_/);
  });

  it("when an allowed origin's request fails (401, 400, 404, 405), then the error carries the CORS headers too, for the application to read", async () => {
    const headers = { origin: ALLOWED };
    const unauthorized = await request(stint.url, "GET", "/api/v1/projects", { headers });
    expect(unauthorized.status).toBe(401);
    expectAllowed(unauthorized.headers, ALLOWED);
    const malformed = await request(stint.url, "POST", "/api/v1/projects", {
      headers: { ...headers, ...bearer(), "content-type": "application/json" },
      raw: "{not json",
    });
    expect(malformed.status).toBe(400);
    expectAllowed(malformed.headers, ALLOWED);
    const missing = await request(stint.url, "GET", "/api/v1/nothing-here", { headers });
    expect(missing.status).toBe(404);
    expectAllowed(missing.headers, ALLOWED);
    const wrongMethod = await request(stint.url, "DELETE", "/api/v1/projects", { headers: { ...headers, ...bearer() } });
    expect(wrongMethod.status).toBe(405);
    expectAllowed(wrongMethod.headers, ALLOWED);
    const refused = await request(stint.url, "POST", "/api/auth/oauth/token", {
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      raw: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "ort_nothing", client_id: "cli_unknown" }).toString(),
    });
    expect(refused.status).toBe(401);
    expectAllowed(refused.headers, ALLOWED);
    expect(listOf(refused.headers.get("access-control-expose-headers"))).toContain("www-authenticate");
  });

  it("when an allowed origin calls the token, revocation or device endpoint or reads the metadata, then the answer carries the CORS headers", async () => {
    const form = (fields: Record<string, string>) => ({
      headers: { origin: ALLOWED, "content-type": "application/x-www-form-urlencoded" },
      raw: new URLSearchParams({ client_id: app.client_id, client_secret: app.client_secret, ...fields }).toString(),
    });
    const revoked = await request(stint.url, "POST", "/api/auth/oauth/revoke", form({ token: "ort_unknown" }));
    expect(revoked.status).toBe(200);
    expectAllowed(revoked.headers, ALLOWED);
    const device = await request(stint.url, "POST", "/api/auth/oauth/device/code", form({ scope: "projects:read" }));
    expect(device.status).toBe(200);
    expectAllowed(device.headers, ALLOWED);
    const token = await request(stint.url, "POST", "/api/auth/oauth/token", form({ grant_type: "refresh_token", refresh_token: "ort_x" }));
    expect(token.status).toBe(400);
    expectAllowed(token.headers, ALLOWED);
    const metadata = await fetch(`${stint.url}/.well-known/oauth-authorization-server`, { headers: { origin: ALLOWED } });
    expectAllowed(metadata.headers, ALLOWED);
  });

  it("when a document that varies by encoding is read from an allowed origin, then Vary names Origin beside the document's own", async () => {
    const document = await request(stint.url, "GET", "/api/v1/openapi.json", { headers: { origin: ALLOWED, "accept-encoding": "gzip" } });
    expectAllowed(document.headers, ALLOWED);
    expect(listOf(document.headers.get("vary"))).toEqual(expect.arrayContaining(["origin", "accept-encoding"]));
  });

  it("when an origin not allowed calls or sends a preflight, then no CORS headers come back, which the browser takes as a refusal", async () => {
    const answer = await request(stint.url, "GET", "/api/v1/projects", { headers: { ...bearer(), origin: STRANGER } });
    expect(answer.status).toBe(200);
    expectNoCors(answer.headers);
    expect(listOf(answer.headers.get("vary"))).toContain("origin");
    const refused = await preflight(stint.url, "/api/v1/projects", STRANGER, "GET");
    expect(refused.status).toBe(204);
    expectNoCors(refused.headers);
    // Nor a look-alike of an allowed one.
    expectNoCors((await preflight(stint.url, "/api/v1/projects", `${ALLOWED}.example.test`, "GET")).headers);
    expectNoCors((await preflight(stint.url, "/api/v1/projects", ALLOWED.replace("http:", "https:"), "GET")).headers);
  });

  it.each([
    ["the web application's session (cookies)", "/web-session", "POST"],
    ["the web application's session refresh", "/web-session/refresh", "POST"],
    ["the authorization page", "/api/auth/oauth/authorize", "POST"],
    ["the device page", "/api/v1/auth/oauth/device", "POST"],
    ["introspection, which is for servers", "/api/auth/oauth/introspect", "POST"],
    ["the API's password sign-in", "/api/v1/auth/login", "POST"],
    ["sign-up", "/api/auth/register", "POST"],
    ["the web application's page", "/", "GET"],
  ])("when even an allowed origin asks for %s, then no CORS headers come back", async (_what, path, method) => {
    const answered = await preflight(stint.url, path, ALLOWED, method, "content-type");
    expect(answered.status).toBe(204);
    expectNoCors(answered.headers);
    const direct = await fetch(`${stint.url}${path}`, {
      method,
      headers: { origin: ALLOWED, "x-forwarded-for": someAddress(), "content-type": "application/json" },
      body: method === "POST" ? "{}" : undefined,
    });
    expectNoCors(direct.headers);
  });
});

describe("CORS, with CORS_ORIGINS unset", () => {
  const stint = useStint({ mode: "embedded" });

  it("when another origin calls or sends a preflight, then neither CORS headers nor Vary come back, and the preflight reaches no route", async () => {
    const answer = await request(stint.url, "GET", "/api/v1/projects", { headers: { origin: ALLOWED } });
    expect(answer.status).toBe(401);
    expectNoCors(answer.headers);
    expect(answer.headers.get("vary")).toBeNull();
    const refused = await preflight(stint.url, "/api/auth/oauth/token", ALLOWED, "POST");
    expect(refused.status).toBe(204);
    expectNoCors(refused.headers);
  });
});
