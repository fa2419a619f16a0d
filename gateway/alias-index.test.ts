import { pathToRegexp } from "path-to-regexp";
import { indexedAliasResolver, type MatchableAlias } from "./alias-index";

/** An alias as moleculer-web makes one: a method and a path compiled by path-to-regexp (no case). */
function alias(method: string, fullPath: string): MatchableAlias & { name: string } {
  const { regexp, keys } = pathToRegexp(fullPath);
  return {
    name: `${method} ${fullPath}`,
    fullPath,
    isMethod: (wanted) => method === "*" || method === wanted,
    match(url) {
      const found = regexp.exec(url);
      if (!found) return false;
      return Object.fromEntries(keys.map((key, index) => [key.name, found[index + 1] ?? ""]));
    },
  };
}

const ALIASES = [
  alias("PUT", "/api/v1/time-entries/current"),
  alias("GET", "/api/v1/time-entries/current"),
  alias("GET", "/api/v1/time-entries"),
  alias("GET", "/api/v1/time-entries/:id"),
  alias("PUT", "/api/v1/time-entries/:id"),
  alias("GET", "/api/v1/projects/:id/tasks/:taskId"),
  alias("GET", "/v2/projects"),
  alias("*", "/api/v1/reference/*path"),
  alias("GET", "/api/v1/version"),
  alias("GET", "/:anything"),
];

/** moleculer-web's own lookup: every alias in order. */
function linear(url: string, method: string) {
  for (const candidate of ALIASES) {
    if (!candidate.isMethod(method)) continue;
    const params = candidate.match(url);
    if (params) return { alias: candidate, params };
  }
  return false;
}

const URLS = [
  "/api/v1/time-entries",
  "/api/v1/time-entries/",
  "/API/V1/Time-Entries/current",
  "/api/v1/time-entries/current",
  "/api/v1/time-entries/te_123",
  "/api/v1/time-entries/te_123/extra",
  "/api/v1/projects/prj_1/tasks/tsk_2",
  "/api/v1/reference/index.html",
  "/api/v1/reference",
  "/api/v1/version",
  "/v2/projects",
  "/v2",
  "/",
  "",
  "/api",
  "/nothing-here",
  "/api/v1/time-entries/caf\u00e9",
  "/\u0130/x",
];

describe("indexed alias lookup", () => {
  it.each(["GET", "PUT", "POST", "DELETE"])("finds the alias moleculer-web's scan finds, for %s", (method) => {
    const resolve = indexedAliasResolver<MatchableAlias>();
    const service = { aliases: ALIASES };
    for (const url of URLS) {
      // Twice: the second answer comes from the kept candidates.
      for (let round = 0; round < 2; round++) {
        const expected = linear(url, method);
        const found = resolve.call(service, url, method);
        expect({ url, found: found ? (found.alias as { name?: string }).name : false }).toEqual({
          url,
          found: expected ? (expected.alias as { name?: string }).name : false,
        });
        if (found && expected) expect(found.params).toEqual(expected.params);
      }
    }
  });

  it("answers a path an alias without parameters matched from memory, and only such a path", () => {
    const resolve = indexedAliasResolver<MatchableAlias>();
    const tried: string[] = [];
    const counted = ALIASES.map((entry) => ({ ...entry, match: (url: string) => (tried.push(url), entry.match(url)) }));
    const service = { aliases: counted };
    const triesOf = (url: string) => tried.filter((tried) => tried === url).length;
    resolve.call(service, "/api/v1/version", "GET");
    resolve.call(service, "/api/v1/time-entries/te_123", "GET");
    const [versionTries, entryTries] = [triesOf("/api/v1/version"), triesOf("/api/v1/time-entries/te_123")];
    expect(resolve.call(service, "/api/v1/version", "GET")).toEqual({ alias: counted[8], params: {} });
    expect(resolve.call(service, "/api/v1/time-entries/te_123", "GET")).toEqual({ alias: counted[3], params: { id: "te_123" } });
    expect(triesOf("/api/v1/version")).toBe(versionTries);
    expect(triesOf("/api/v1/time-entries/te_123")).toBe(2 * entryTries);
  });

  it("finds for HEAD what GET finds, unless an alias names HEAD itself", () => {
    const resolve = indexedAliasResolver<MatchableAlias>();
    const page = alias("HEAD", "/api/v1/version");
    const service = { aliases: [page, ...ALIASES] };
    for (const url of URLS) {
      const expected = url === "/api/v1/version" ? page.name : ((linear(url, "GET") || undefined)?.alias as { name?: string })?.name;
      const found = resolve.call(service, url, "HEAD");
      expect({ url, found: found ? (found.alias as { name?: string }).name : undefined }).toEqual({ url, found: expected });
    }
    expect(resolve.call(service, "/api/v1/time-entries/te_1", "POST")).toBe(false);
  });

  it("sees aliases moleculer-web adds or removes later", () => {
    const resolve = indexedAliasResolver<MatchableAlias>();
    const service = { aliases: ALIASES.slice(0, 3) };
    expect(resolve.call(service, "/api/v1/version", "GET")).toBe(false);
    service.aliases.push(alias("GET", "/api/v1/version"));
    expect(resolve.call(service, "/api/v1/version", "GET")).not.toBe(false);
    service.aliases = service.aliases.filter((entry) => !entry.fullPath.endsWith("/version"));
    expect(resolve.call(service, "/api/v1/version", "GET")).toBe(false);
  });
});
