import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { styleOfPath } from "../gateway/styles";
import { WEB_APP_CONTENT_SECURITY_POLICY } from "../gateway/web-app/headers";
import { describeStint, temporaryDir, useStint } from "./support/stint";

/**
 * The web application's built files as the gateway serves them, over real HTTP: caching per
 * kind of file, validators, compression, security headers, the page for the application's
 * own paths, and the JSON 404 everywhere else.
 */

const BUILD = join(__dirname, "fixtures", "web-build");
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  text: string;
}

/** Each call from its own documentation address, so per-address limits bite only where a test means them to. */
function someAddress(): string {
  return `203.0.113.${Math.floor(Math.random() * 256)}`;
}

/** A request with its path sent exactly as written (fetch would tidy `..` away), the body not decompressed. */
function send(base: string, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers: { "x-forwarded-for": someAddress(), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, text: bytes.toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const NOT_FOUND = { error: { code: "not_found", message: "No such route", details: {} } };
const NOT_FOUND_B = { error: "No such route", code: "NOT_FOUND", details: {} };

function expectPageHeaders(answer: Answer): void {
  expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(answer.headers["content-security-policy"]).toBe(WEB_APP_CONTENT_SECURITY_POLICY);
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["referrer-policy"]).toBe("same-origin");
  expect(answer.headers["x-frame-options"]).toBe("DENY");
}

describeStint("embedded", "the web application served by the gateway", () => {
  const stint = useStint({ mode: "embedded", env: { WEB_DIR: BUILD } });
  const get = (path: string, headers?: Record<string, string>): Promise<Answer> => send(stint.url, "GET", path, headers);

  it("when / is asked for, then the page comes with no-cache, its ETag and the security headers, counted against the address", async () => {
    const page = await get("/", { accept: BROWSER });
    expect(page.status).toBe(200);
    expectPageHeaders(page);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(page.headers["x-ratelimit-limit"]).toBe("60");
    expect(page.text).toContain('<script type="module" src="/assets/app-1a2b3c4d.js">');

    const again = await get("/", { accept: BROWSER, "if-none-match": String(page.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.etag).toBe(page.headers.etag);
    expect((await get("/", { "if-none-match": '"something-else"' })).status).toBe(200);
    const named = await get("/index.html");
    expect(named.status).toBe(200);
    expect(named.headers.etag).toBe(page.headers.etag);
    expect(named.headers["cache-control"]).toBe("no-cache");
  });

  it("when the page is asked with HEAD, then it answers like GET, without a body", async () => {
    const head = await send(stint.url, "HEAD", "/", { accept: BROWSER });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expectPageHeaders(head);
  });

  it("when files of the build are served, then hashed ones are cached for a year and the others for five minutes", async () => {
    const script = await get("/assets/app-1a2b3c4d.js");
    expect(script.status).toBe(200);
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(script.headers["content-security-policy"]).toBeUndefined();
    // Only the page counts against the address: the files an opening of the app fetches do not.
    expect(script.headers["x-ratelimit-limit"]).toBeUndefined();
    expect(script.text).toContain("Stint test build");
    expect((await get("/assets/app-1a2b3c4d.js", { "if-none-match": `W/${String(script.headers.etag)}` })).status).toBe(304);

    const icon = await get("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=300");
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
  });

  it("when a client takes gzip, then the answer is compressed and says it varies by it", async () => {
    const plain = await get("/assets/app-1a2b3c4d.js");
    const zipped = await get("/assets/app-1a2b3c4d.js", { "accept-encoding": "gzip, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("Accept-Encoding");
    expect(gunzipSync(zipped.bytes).equals(plain.bytes)).toBe(true);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect((await get("/assets/app-1a2b3c4d.js", { "accept-encoding": "gzip;q=0" })).headers["content-encoding"]).toBeUndefined();
  });

  it("when a browser opens one of the application's paths, then the page is answered", async () => {
    const index = await get("/");
    for (const path of ["/timesheet", "/projects/abc", "/settings/api-keys", "/timesheet/?week=2026-W48"]) {
      const page = await get(path, { accept: BROWSER });
      expect([path, page.status]).toEqual([path, 200]);
      expectPageHeaders(page);
      expect(page.headers["cache-control"]).toBe("no-cache");
      expect(page.headers.vary).toBe("Accept, Accept-Encoding");
      expect(page.bytes.equals(index.bytes)).toBe(true);
    }
    const cached = await get("/projects/abc", { accept: BROWSER, "if-none-match": String(index.headers.etag) });
    expect(cached.status).toBe(304);
    expect((await send(stint.url, "HEAD", "/timesheet", { accept: BROWSER })).status).toBe(200);
  });

  it("when a request is not an HTML navigation, then an unknown path is the JSON 404", async () => {
    const cases: [string, string, Record<string, string>][] = [
      ["GET", "/api/v1/nope", { accept: BROWSER }],
      ["GET", "/api/v1/nope", {}],
      ["GET", "/v1/nope", { accept: BROWSER }],
      ["GET", "/api/nope", { accept: BROWSER }],
      ["GET", "/nope", { accept: "application/json" }],
      ["GET", "/nope", {}],
      ["GET", "/nope", { accept: "*/*" }],
      ["POST", "/timesheet", { accept: BROWSER }],
      ["DELETE", "/projects/abc", { accept: BROWSER }],
      ["GET", "/robots.txt", { accept: BROWSER }],
      ["GET", "/docs/nope", { accept: BROWSER }],
      ["GET", "/health/nope", { accept: BROWSER }],
      ["GET", "/web-session/nope", { accept: BROWSER }],
      ["GET", "/assets/nope.js", { accept: BROWSER }],
      ["GET", "/assets/nope", { accept: BROWSER }],
    ];
    for (const [method, path, headers] of cases) {
      const answer = await send(stint.url, method, path, headers);
      expect([method, path, answer.status, answer.headers["content-type"]]).toEqual([method, path, 404, "application/json; charset=utf-8"]);
      expect(JSON.parse(answer.text)).toEqual(styleOfPath(path) === "B" ? NOT_FOUND_B : NOT_FOUND);
    }
    // A path of the API served with other methods keeps its 405.
    const refused = await send(stint.url, "DELETE", "/api/v1/projects", { accept: BROWSER });
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe("GET, HEAD, POST");
  });

  it("when a path reaches outside the build (parent segments, encoded slashes, NUL, very long), then it is a 404", async () => {
    const paths = [
      "/../package.json",
      "/assets/../../package.json",
      "/assets/..%2f..%2fpackage.json",
      "/assets/%2e%2e%2fpackage.json",
      "/assets/..%5c..%5cpackage.json",
      "/..%2f..%2fpackage.json",
      "/%2e%2e/%2e%2e/package.json",
      "/assets/app-1a2b3c4d.js%00.html",
      "/projects%2f..%2f..%2fpackage",
      "/a/%2e%2e/%2e%2e/etc/passwd",
      "/timesheet%00",
      `/${"long".repeat(1000)}`,
      "/.env",
      "/assets/.hidden",
    ];
    for (const path of paths) {
      const answer = await get(path, { accept: BROWSER });
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.text).not.toContain('"name": "stint"');
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
  });

  it("when the application is served, then the API, the reference and the health probes answer as before", async () => {
    expect((await get("/health/live")).status).toBe(200);
    expect((await get("/docs", { accept: BROWSER })).headers["content-security-policy"]).toContain("'unsafe-inline'");
    const document = await get("/api/v1/openapi.json", { accept: BROWSER });
    expect(document.headers["content-type"]).toBe("application/json; charset=utf-8");
    const unauthenticated = await get("/api/v1/projects", { accept: BROWSER });
    expect(unauthenticated.status).toBe(401);
  });

  it("when the page is asked with another method, then the answer is a 405 naming GET and HEAD", async () => {
    const answer = await send(stint.url, "POST", "/", { accept: BROWSER });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD");
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: "method_not_allowed" } });
  });
});

describe("the web application before it is built", () => {
  const empty = temporaryDir("web-not-built");
  const stint = useStint({ mode: "embedded", env: { WEB_DIR: empty.path } });

  afterAll(() => empty.remove());

  it("when the application is not built, then / and its paths answer a short 503 page saying to build it", async () => {
    for (const path of ["/", "/timesheet"]) {
      const page = await send(stint.url, "GET", path, { accept: BROWSER });
      expect([path, page.status]).toEqual([path, 503]);
      expectPageHeaders(page);
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.text).toContain("not built");
      expect(page.text).toContain("npm run build");
    }
  });

  it("when the application is not built, then the API still answers and files are the JSON 404", async () => {
    expect((await send(stint.url, "GET", "/health/ready")).status).toBe(200);
    const asset = await send(stint.url, "GET", "/assets/app-1a2b3c4d.js");
    expect(asset.status).toBe(404);
    expect(JSON.parse(asset.text)).toEqual(NOT_FOUND);
  });
});

describeStint("distributed", "the web application served by a gateway process", () => {
  const stint = useStint({ mode: "distributed", env: { WEB_DIR: BUILD } });

  it("when the gateway runs apart from the services, then it serves the page, its files and paths, and the JSON 404 elsewhere", async () => {
    const page = await send(stint.url, "GET", "/", { accept: BROWSER });
    expect(page.status).toBe(200);
    expectPageHeaders(page);
    expect((await send(stint.url, "GET", "/assets/app-1a2b3c4d.js")).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const navigation = await send(stint.url, "GET", "/projects/abc", { accept: BROWSER });
    expect(navigation.bytes.equals(page.bytes)).toBe(true);
    const missing = await send(stint.url, "GET", "/nope", { accept: "application/json" });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual(NOT_FOUND);
  });
});
