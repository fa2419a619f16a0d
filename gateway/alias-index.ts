/**
 * moleculer-web finds a request's alias by trying every alias's regular expression in
 * turn, well over a hundred of them here (every operation in two styles, their 405s, the
 * reference and OAuth pages). This finds the same alias, the first in moleculer-web's order
 * that matches, trying only the aliases that can match: those whose literal beginning is
 * compatible with the first segments of the path. The candidates are worked out once per
 * method and leading segments and kept. A path that an alias without parameters matched
 * (`/api/v1/version`, `/api/v1/organization`) is answered from memory the next time.
 *
 * `HEAD` finds what `GET` finds when no alias names `HEAD` itself (RFC 9110 §9.3.2: the same
 * answer without its content), so every path served to `GET` is served to `HEAD` too. The
 * body is left out below: moleculer-web skips it for `HEAD`, and Node's server drops what a
 * handler of the gateway's own writes.
 */

/** What an alias moleculer-web made offers. */
export interface MatchableAlias {
  fullPath: string;
  isMethod(method: string): boolean;
  match(url: string): Record<string, string> | false;
}

export interface ResolvedAlias<A> {
  alias: A;
  params: Record<string, string>;
}

/** Characters that begin something other than literal text in a path-to-regexp path. */
const PATTERN_SYNTAX = /[:*{}()\\?+![\]]/;
/** The key is the path up to its fourth slash: `/api/v1/time-entries`. */
const KEY_SEGMENTS = 3;
/** Distinct keys kept; a flood of made-up paths falls back to the plain scan, never grows memory. */
const MAX_KEYS = 1_000;
const NON_ASCII = /[^\x20-\x7e]/;

/** The literal text every match of an alias begins with, lower-cased (path-to-regexp matches without case). */
function literalPrefix(fullPath: string): string {
  const at = fullPath.search(PATTERN_SYNTAX);
  return (at === -1 ? fullPath : fullPath.slice(0, at)).toLowerCase();
}

function leadingSegments(url: string): string {
  let at = 0;
  for (let seen = 0; seen <= KEY_SEGMENTS; seen++) {
    at = url.indexOf("/", at + 1);
    if (at === -1) return url;
  }
  return url.slice(0, at);
}

function scan<A extends MatchableAlias>(aliases: readonly A[], url: string, method: string): ResolvedAlias<A> | false {
  for (const alias of aliases) {
    if (!alias.isMethod(method)) continue;
    const params = alias.match(url);
    if (params) return { alias, params };
  }
  return false;
}

/**
 * A `resolveAlias` with moleculer-web's signature and answers, for a service whose
 * `aliases` it reads. The index is rebuilt whenever moleculer-web replaces or changes its
 * list of aliases.
 */
export function indexedAliasResolver<A extends MatchableAlias>() {
  let indexed: readonly A[] | undefined;
  let indexedLength = 0;
  let prefixes: string[] = [];
  let withoutParameters = new Set<A>();
  const candidates = new Map<string, A[]>();
  /** By method, then path: the alias without parameters a path resolved to. */
  const resolvedPaths = new Map<string, Map<string, A>>();
  let resolvedCount = 0;

  /** Keeps what `url` resolved to when that can never differ: an alias without parameters. */
  function remember(method: string, url: string, alias: A): void {
    if (!withoutParameters.has(alias) || resolvedCount >= MAX_KEYS) return;
    let byPath = resolvedPaths.get(method);
    if (!byPath) resolvedPaths.set(method, (byPath = new Map()));
    byPath.set(url, alias);
    resolvedCount += 1;
  }

  function candidatesFor(aliases: readonly A[], method: string, key: string): A[] {
    const cacheKey = `${method} ${key}`;
    const known = candidates.get(cacheKey);
    if (known) return known;
    // An alias matches only paths that begin with its prefix; `key` begins the path, so the
    // two must agree over the shorter of them.
    const found = aliases.filter((alias, index) => {
      const prefix = prefixes[index] ?? "";
      return alias.isMethod(method) && (key.startsWith(prefix) || prefix.startsWith(key));
    });
    if (candidates.size < MAX_KEYS) candidates.set(cacheKey, found);
    return found;
  }

  return function resolveAlias(this: { aliases: A[] }, url: string, method = "GET"): ResolvedAlias<A> | false {
    const aliases = this.aliases;
    if (aliases !== indexed || aliases.length !== indexedLength) {
      indexed = aliases;
      indexedLength = aliases.length;
      prefixes = aliases.map((alias) => literalPrefix(alias.fullPath));
      withoutParameters = new Set(aliases.filter((alias) => !PATTERN_SYNTAX.test(alias.fullPath)));
      candidates.clear();
      resolvedPaths.clear();
      resolvedCount = 0;
    }
    const known = resolvedPaths.get(method)?.get(url);
    if (known) return { alias: known, params: {} };
    const key = leadingSegments(url);
    // Lower-casing text outside ASCII can change its length: such paths take the plain scan.
    const found = NON_ASCII.test(key) ? scan(aliases, url, method) : scan(candidatesFor(aliases, method, key.toLowerCase()), url, method);
    if (found) remember(method, url, found.alias);
    if (!found && method === "HEAD") return resolveAlias.call(this, url, "GET");
    return found;
  };
}
