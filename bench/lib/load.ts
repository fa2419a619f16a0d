import autocannon from "autocannon";
import { nearestRankOfSorted } from "./percentile";

export interface LoadRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Headers added to the request in turn: the next request on any connection takes the
   * next set, starting again after the last (for example one API key each, so that load
   * spreads evenly over many credentials). One turn for all connections, not one each: ten
   * connections in step would send every set ten times at once, which no real set of
   * clients does.
   */
  headerVariants?: ReadonlyArray<Record<string, string>>;
  /**
   * Paths (with their query strings) taken in turn like `headerVariants`, in step with
   * them: with lists of the same length, request n has path n and headers n (one user's
   * own query with that user's credential). `path` should be the first of them.
   */
  pathVariants?: readonly string[];
}

export interface LoadOptions {
  baseUrl: string;
  request: LoadRequest;
  connections: number;
  durationSec: number;
  /** Requests a second over all connections; 0 or absent: each connection sends as fast as it is answered. */
  rate?: number;
}

export interface LoadResult {
  /** Mean of the per-second response counts, as autocannon reports `Req/Sec`. */
  requestsPerSec: number;
  /** Percentiles of 2xx response times, in milliseconds, from each response's own timing. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** autocannon's own percentiles; its histogram has whole-millisecond resolution. */
  autocannonP50Ms: number;
  autocannonP99Ms: number;
  totalResponses: number;
  responses2xx: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationSec: number;
  /** Why this load does not count: errors, non-2xx answers, or nothing answered. Empty when it counts. */
  problems: string[];
}

/** Response times collected in a growing typed array, so a long run does not box a million numbers. */
class Timings {
  private values = new Float64Array(1 << 16);
  private count = 0;

  add(value: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = value;
  }

  /** Nearest-rank percentiles over everything added. */
  percentiles(ranks: readonly number[]): number[] {
    const sorted = this.values.slice(0, this.count).sort();
    return ranks.map((rank) => nearestRankOfSorted(sorted, rank));
  }
}

function problemsOf(result: autocannon.Result, responses2xx: number): string[] {
  const problems: string[] = [];
  if (result.errors > 0) problems.push(`${result.errors} connection errors (${result.timeouts} timeouts)`);
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx responses`);
  if (responses2xx === 0) problems.push("no successful responses");
  return problems;
}

/** autocannon's `requests` for a request with header variants: each request built with the next variant. */
function rotatingRequests(request: LoadRequest): autocannon.Request[] | undefined {
  const variants = request.headerVariants ?? [];
  const paths = request.pathVariants ?? [];
  if (variants.length === 0 && paths.length === 0) return undefined;
  let next = 0;
  const setupRequest = (built: autocannon.Request): autocannon.Request => {
    const turn = next++;
    const variant = variants.length > 0 ? (variants[turn % variants.length] ?? {}) : {};
    const path = paths.length > 0 ? paths[turn % paths.length] : undefined;
    return { ...built, ...(path === undefined ? {} : { path }), headers: { ...built.headers, ...variant } };
  };
  return [{ method: request.method, path: request.path, body: request.body, setupRequest }];
}

/** Runs autocannon in this process against `baseUrl` for a fixed time and summarises it. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const timings = new Timings();
  const statusCodes: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: new URL(options.request.path, options.baseUrl).toString(),
        method: options.request.method,
        headers: options.request.headers,
        body: options.request.body,
        requests: rotatingRequests(options.request),
        connections: options.connections,
        pipelining: 1,
        duration: options.durationSec,
        ...(options.rate ? { overallRate: options.rate } : {}),
        timeout: 10,
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        const [p50 = Number.NaN, p99 = Number.NaN, max = Number.NaN] = timings.percentiles([50, 99, 100]);
        const responses2xx = result["2xx"];
        resolve({
          requestsPerSec: result.requests.average,
          latencyP50Ms: p50,
          latencyP99Ms: p99,
          latencyMaxMs: max,
          autocannonP50Ms: result.latency.p50,
          autocannonP99Ms: result.latency.p99,
          totalResponses: result.requests.total,
          responses2xx,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCodes,
          durationSec: result.duration,
          problems: problemsOf(result, responses2xx),
        });
      },
    );
    instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      const key = String(statusCode);
      statusCodes[key] = (statusCodes[key] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) timings.add(responseTime);
    });
  });
}
