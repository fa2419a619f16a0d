import { buildOpenApiDocuments } from "../gateway/openapi/document";
import { ROUTES, shadowedMethodsOf } from "../gateway/routes";
import type { OpenApiDocument } from "../gateway/openapi/types";
import { STYLE_MOUNTS } from "../gateway/styles";
import { request } from "./support/http";
import { useStint } from "./support/stint";

/** What moleculer-web's `listAliases` action reports for each alias. */
interface ServedAlias {
  fullPath: string;
  methods: string;
}

/**
 * Served outside the documents: health probes, the reference page itself, the OAuth metadata
 * (RFC 8414), and the web application (its page at `/`, the files of its build, its session cookie).
 */
const NOT_IN_DOCUMENTS = /^\/(health|docs|\.well-known|web-session|assets)(\/|$)|^\/([^/]+\.[^/]+)?$/;

function documentedOperations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe("the OpenAPI documents and the reference page, as served", () => {
  // The counters read a clock that stays half a minute into one minute: "61 in a minute"
  // holds however slowly the 61 requests go, and never straddles a minute's end.
  const stint = useStint({ mode: "embedded", clock: () => Date.UTC(2031, 0, 1, 9, 0, 30) });
  const built = buildOpenApiDocuments();

  it.each(STYLE_MOUNTS.map((mount) => [mount.path, mount.style] as const))(
    "when %s/openapi.json is asked for, then the Style %s document comes, cacheable and revalidated by its ETag",
    async (base, style) => {
      const res = await request<OpenApiDocument>(stint.url, "GET", `${base}/openapi.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("public, max-age=300");
      expect(res.body).toEqual(built[style]);
      // Public, but counted per client address like sign-in.
      expect(res.headers.get("x-ratelimit-limit")).toBe("60");

      const etag = res.headers.get("etag");
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await request(stint.url, "GET", `${base}/openapi.json`, { headers: { "if-none-match": etag as string } });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
    },
  );

  it("when the documents are compared by ETag, then both Style A mounts serve the same one and Style B another", async () => {
    const etags = await Promise.all(
      STYLE_MOUNTS.map(async (mount) => (await request(stint.url, "GET", `${mount.path}/openapi.json`)).headers.get("etag")),
    );
    expect(etags[0]).toBe(etags[1]);
    expect(etags[2]).not.toBe(etags[0]);
  });

  it("when the gateway's routes are compared with the documents, then every route is documented under every mount, and nothing else is", async () => {
    const aliases = await stint.broker.call<ServedAlias[]>("gateway.listAliases");
    // A fixed path's refusals of other methods (405s) are aliases too, but serve nothing.
    const refusals = new Set(shadowedMethodsOf(ROUTES).map((shadow) => `${shadow.method} ${shadow.path}`));
    const refusal = (alias: ServedAlias) =>
      STYLE_MOUNTS.some(
        (mount) =>
          refusals.has(`${alias.methods} ${alias.fullPath.slice(mount.path.length)}`) && alias.fullPath.startsWith(`${mount.path}/`),
      );
    const served = (aliases ?? []).filter((alias) => !NOT_IN_DOCUMENTS.test(alias.fullPath) && !refusal(alias));
    expect(served.length).toBeGreaterThan(STYLE_MOUNTS.length * 20);
    // Each path belongs to the first mount it starts with, as the gateway decides its style.
    const mountOf = (path: string) => STYLE_MOUNTS.find((mount) => path.startsWith(`${mount.path}/`));
    expect(served.filter((alias) => !mountOf(alias.fullPath)).map((alias) => alias.fullPath)).toEqual([]);
    for (const mount of STYLE_MOUNTS) {
      const routes = served
        .filter((alias) => mountOf(alias.fullPath) === mount)
        .map((alias) => `${alias.methods} ${alias.fullPath.slice(mount.path.length).replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`)
        .sort();
      const document = built[mount.style];
      const documented = documentedOperations(document);
      expect({ mount: mount.path, undocumented: routes.filter((route) => !documented.includes(route)) }).toEqual({
        mount: mount.path,
        undocumented: [],
      });
      expect({ mount: mount.path, notServed: documented.filter((route) => !routes.includes(route)) }).toEqual({
        mount: mount.path,
        notServed: [],
      });
    }
  });

  it("when a caller takes gzip, then the document comes compressed", async () => {
    const res = await fetch(`${stint.url}/api/openapi.json`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    // fetch undoes the gzip; what arrives is the document.
    expect(JSON.parse(await res.text())).toEqual(built.B);
  });

  it("when /docs is served, then its Content-Security-Policy allows no inline script and nothing off the host", async () => {
    const res = await request(stint.url, "GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = new Map(
      (res.headers.get("content-security-policy") ?? "").split(";").map((directive) => {
        const [name = "", ...sources] = directive.trim().split(/\s+/);
        return [name, sources.join(" ")] as const;
      }),
    );
    expect(csp.get("default-src")).toBe("'none'");
    expect(csp.get("script-src")).toBe("'self'");
    expect(csp.get("connect-src")).toBe("'self'");
    expect([...csp.values()].join(" ")).not.toMatch(/https?:|\*/);
    const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/ src="\/docs\//);
      expect(content).toBe("");
    }
    expect(res.text).not.toMatch(/https?:\/\//);
    expect(res.text).not.toMatch(/<style/);
  });

  it("when the reference page's assets are asked for, then only the allowed files of swagger-ui-dist are served", async () => {
    const css = await request(stint.url, "GET", "/docs/assets/swagger-ui.css?v=1");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(css.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(css.text).toContain(".swagger-ui");
    const bundle = await request(stint.url, "GET", "/docs/assets/swagger-ui-bundle.js");
    expect(bundle.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const init = await request(stint.url, "GET", "/docs/init.js");
    expect(init.text).toContain("/api/v1/openapi.json");
    expect(init.text).toContain("/api/openapi.json");

    for (const path of [
      "/docs/assets/package.json",
      "/docs/assets/swagger-ui-bundle.js.map",
      "/docs/assets/..%2Fpackage.json",
      "/docs/assets/%2e%2e%2f%2e%2e%2fpackage.json",
      "/docs/assets/../../package.json",
      "/docs/assets/__proto__",
      "/docs/assets/",
    ]) {
      const res = await request<{ error: { code: string } }>(stint.url, "GET", path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.body.error.code).toBe("not_found");
    }
  });

  it("when an address asks for the reference 61 times in a minute, then the 61st is a 429 in the path's style", async () => {
    const from = { "x-forwarded-for": "192.0.2.77" };
    const answers = [];
    for (let i = 0; i < 60; i++)
      answers.push((await request(stint.url, "GET", i % 2 ? "/docs" : "/api/v1/openapi.json", { headers: from })).status);
    expect(answers.every((status) => status === 200)).toBe(true);
    const refused = await request<{ error: string; code: string }>(stint.url, "GET", "/api/openapi.json", { headers: from });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await request(stint.url, "GET", "/api/openapi.json", { headers: { "x-forwarded-for": "192.0.2.78" } })).status).toBe(200);
  });

  it("when the documents are asked with another method than GET, then the answer is a 405 that says so", async () => {
    for (const [method, path] of [
      ["POST", "/api/v1/openapi.json"],
      ["DELETE", "/api/openapi.json"],
    ]) {
      const res = await request(stint.url, method as string, path as string);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
    }
  });
});
