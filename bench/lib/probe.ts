import { isDeepStrictEqual } from "node:util";
import type { LoadRequest } from "./load";
import type { ManagedProcess } from "./processes";
import type { ExpectedResponse } from "./scenario";

/** One response to the scenario's request, as seen before the load starts. */
export interface ProbedResponse {
  status: number;
  /** Header names in lower case, sorted; values vary per request (dates, ids), names should not. */
  headerNames: string[];
  contentType: string | undefined;
  body: string;
}

export async function probe(baseUrl: string, request: LoadRequest): Promise<ProbedResponse> {
  const response = await fetch(new URL(request.path, baseUrl), {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(5000),
  });
  return {
    status: response.status,
    headerNames: [...response.headers.keys()].sort(),
    contentType: response.headers.get("content-type") ?? undefined,
    body: await response.text(),
  };
}

/** Differences between a response and what the scenario expects; empty when it matches. */
export function mismatches(response: ProbedResponse, expect: ExpectedResponse): string[] {
  const problems: string[] = [];
  if (response.status !== expect.status) problems.push(`status ${response.status}, expected ${expect.status}`);
  if (response.contentType !== expect.contentType)
    problems.push(`content-type ${JSON.stringify(response.contentType)}, expected ${JSON.stringify(expect.contentType)}`);
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  if (!isDeepStrictEqual(body, expect.body)) problems.push(`body ${response.body.slice(0, 300)}, expected ${JSON.stringify(expect.body)}`);
  return problems;
}

/**
 * Repeats the request until it answers the expected status, because a gateway can be
 * ready before it has discovered the services behind it; then returns that response.
 */
export async function probeUntil(
  baseUrl: string,
  request: LoadRequest,
  status: number,
  timeoutMs: number,
  watch: readonly ManagedProcess[],
): Promise<ProbedResponse> {
  const deadline = Date.now() + timeoutMs;
  let last: ProbedResponse | undefined;
  let lastError = "";
  do {
    const gone = watch.find((child) => child.exitedWith !== undefined);
    if (gone)
      throw new Error(
        `${gone.label} exited (${gone.exitedWith}) before ${request.method} ${request.path} answered ${status}\n${gone.output()}`,
      );
    try {
      last = await probe(baseUrl, request);
      if (last.status === status) return last;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  if (last) return last;
  throw new Error(`${request.method} ${request.path} never answered within ${timeoutMs} ms: ${lastError}`);
}
