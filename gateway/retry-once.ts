import type { ServerResponse } from "node:http";
import type { ServiceBroker } from "moleculer";
import type { IncomingRequest } from "moleculer-web";
import { busConnected } from "../shared/bus-resilience";
import { ApiError } from "../shared/errors";
import { isLostRequest } from "../shared/outage";
import { idempotencyKeyFrom } from "./idempotency/idempotency";

/**
 * One more try, on another node, for a request the bus lost: its node died while serving it
 * (`RequestRejectedError`), did not answer in time, or could not be reached. Only requests
 * that are safe to run twice are retried: reads (GET, HEAD), and POSTs that carry an
 * `Idempotency-Key`, which the services turn into the created resource's id so that a second
 * run finds the first one's resource instead of making another (see docs/reliability.md).
 * Anything else answers 503 at once and leaves the decision to the caller.
 */

interface Endpoint {
  id: string;
  local?: boolean;
  isAvailable: boolean;
  action: unknown;
}

interface ActionEndpoints {
  endpoints: Endpoint[];
}

interface Routed {
  $endpoint?: Endpoint;
  $action?: unknown;
}

/** Whether running the request twice does no harm. */
export function isSafeToRetry(req: IncomingRequest): boolean {
  if (req.method === "GET" || req.method === "HEAD") return true;
  if (req.method !== "POST") return false;
  try {
    return idempotencyKeyFrom(req.headers["idempotency-key"]) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Where to send the second try: an available node other than the one that failed, else that
 * one again when it is still listed and did not merely time out (its answer was lost, but it
 * lives). `undefined` when there is nowhere to go.
 */
function nextEndpoint(broker: ServiceBroker, failed: Endpoint, error: unknown): Endpoint | undefined {
  const name = (failed.action as { name?: string } | undefined)?.name;
  if (!name) return undefined;
  const list = (broker.registry as unknown as { getActionEndpoints(name: string): ActionEndpoints | undefined }).getActionEndpoints(name);
  const available = (list?.endpoints ?? []).filter((endpoint) => endpoint.isAvailable);
  const others = available.filter((endpoint) => endpoint.id !== failed.id);
  if (others.length > 0) return others[Math.floor(Math.random() * others.length)];
  const timedOut = (error as { name?: unknown } | null)?.name === "RequestTimeoutError";
  return !timedOut && available.some((endpoint) => endpoint === failed) ? failed : undefined;
}

/**
 * Runs `attempt`; when the bus lost a safe request and nothing was sent yet, runs it once more
 * elsewhere. While this process has lost NATS, a request for another process is refused at
 * once with a 503 rather than left to wait for the request timeout.
 */
export async function retryingOnce<T>(
  broker: ServiceBroker,
  req: IncomingRequest,
  res: ServerResponse,
  attempt: () => Promise<T>,
): Promise<T> {
  if ((req as unknown as Routed).$endpoint?.local === false && !busConnected(broker)) {
    throw new ApiError("service_unavailable", "The service bus is not reachable; try again shortly");
  }
  try {
    return await attempt();
  } catch (error) {
    const routed = req as unknown as Routed;
    const failed = routed.$endpoint;
    if (!failed || res.headersSent || !isLostRequest(error) || !isSafeToRetry(req)) throw error;
    const next = nextEndpoint(broker, failed, error);
    if (!next) throw error;
    broker
      .getLogger("gateway")
      .warn(
        { err: { name: (error as Error).name }, failedNode: failed.id, retryNode: next.id, path: req.originalUrl },
        "request lost on the bus; trying once more",
      );
    routed.$endpoint = next;
    routed.$action = next.action;
    return attempt();
  }
}
