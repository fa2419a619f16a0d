import { join } from "node:path";
import { registerOwner, request, type Client } from "./support/http";
import { createProject } from "./support/resources";
import { useStint } from "./support/stint";

/**
 * `HEAD` wherever `GET` is served (RFC 9110 §9.3.2): the same status and headers, no body;
 * over real HTTP, in both styles, and outside the API (the reference, the OAuth metadata and
 * pages, the health probes, the web application's files).
 */

/** What differs between any two answers, whatever their method: when, which request, the count left, a new page session. */
const PER_ANSWER = new Set([
  "date",
  "x-request-id",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "set-cookie",
  "connection",
  "keep-alive",
]);
/**
 * What a HEAD answer may leave out (RFC 9110 §9.3.2: "determined only while generating the
 * content"): the length of a body written in one piece, and the chunking of one written in parts.
 */
const ONLY_WITH_CONTENT = new Set(["content-length", "transfer-encoding"]);

/** The web application's own pages are outside the API's documents, which `request` checks answers against. */
async function send(base: string, method: string, path: string, headers: Record<string, string>) {
  if (path !== "/" && path !== "/timesheet") return request(base, method, path, { headers });
  const response = await fetch(`${base}${path}`, { method, headers: { "x-forwarded-for": "203.0.113.9", ...headers } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function comparable(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => !PER_ANSWER.has(name) && !ONLY_WITH_CONTENT.has(name)));
}

describe("HEAD requests", () => {
  const stint = useStint({ mode: "embedded", env: { WEB_DIR: join(__dirname, "fixtures", "web-build") } });
  let owner: Client;
  let bearer: string;
  let projectId: string;

  beforeAll(async () => {
    const registered = await registerOwner(stint.url, "Head");
    owner = registered.api;
    bearer = `Bearer ${registered.account.access_token}`;
    projectId = (await createProject(owner)).id;
  });

  it.each([
    ["Style A, a list", () => "/api/v1/projects", true],
    ["Style B, a list", () => "/api/projects", true],
    ["/v1, a list", () => "/v1/time-entries", true],
    ["one resource", () => `/api/v1/projects/${projectId}`, true],
    ["a resource that is not there", () => `/api/v1/projects/prj_${"a".repeat(22)}`, true],
    ["without a credential", () => "/api/v1/projects", false],
    ["a path nothing serves", () => "/api/v1/nothing-here", false],
    ["Style A's document", () => "/api/v1/openapi.json", false],
    ["Style B's document", () => "/api/openapi.json", false],
    ["the reference page", () => "/docs", false],
    ["the OAuth metadata", () => "/.well-known/oauth-authorization-server", false],
    ["an OAuth page with an unknown application", () => "/api/auth/oauth/authorize?client_id=cli_unknown", false],
    ["liveness", () => "/health/live", false],
    ["readiness", () => "/health/ready", false],
    ["the web application's page", () => "/", false],
    ["one of its files", () => "/assets/app-1a2b3c4d.js", false],
    ["one of its own paths", () => "/timesheet", false],
  ])("when HEAD asks for %s, then it is answered as GET is, without the body", async (_what, pathOf, withCredential) => {
    const path = pathOf();
    const headers: Record<string, string> = { accept: "text/html,application/json;q=0.9" };
    if (withCredential) headers.authorization = bearer;
    const got = await send(stint.url, "GET", path, headers);
    const head = await send(stint.url, "HEAD", path, headers);
    expect(head.status).toBe(got.status);
    expect(head.text).toBe("");
    expect(got.text).not.toBe("");
    expect(comparable(head.headers)).toEqual(comparable(got.headers));
  });

  it("when a HEAD's If-None-Match names the current version, then it is a 304, as for GET", async () => {
    const first = await request(stint.url, "GET", "/api/v1/openapi.json");
    const etag = first.headers.get("etag") as string;
    expect(etag).toBeTruthy();
    const head = await request(stint.url, "HEAD", "/api/v1/openapi.json", { headers: { "if-none-match": etag } });
    expect(head.status).toBe(304);
  });

  it("when HEAD asks for a path served only with other methods, then it is a 405 whose Allow names HEAD only beside GET", async () => {
    const login = await request(stint.url, "HEAD", "/api/v1/auth/login");
    expect(login.status).toBe(405);
    expect(login.headers.get("allow")).toBe("POST");
    expect(login.text).toBe("");
    const projects = await request(stint.url, "DELETE", "/api/v1/projects");
    expect(projects.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("when HEAD asks for an export, then it gets the file's headers without the file", async () => {
    const path = "/api/v1/reports/detailed?start_date=2024-01-01&end_date=2024-01-31&format=csv";
    const headers = { authorization: bearer };
    const got = await request(stint.url, "GET", path, { headers });
    const head = await request(stint.url, "HEAD", path, { headers });
    expect(got.status).toBe(200);
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(comparable(head.headers)).toEqual(comparable(got.headers));
  });
});
