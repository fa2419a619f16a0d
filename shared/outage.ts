/**
 * Errors that mean "a dependency is away for now", not "this request is wrong" nor "our code is
 * wrong": the bus lost a node or its server, MongoDB or Redis does not answer. Callers get a 503
 * with `Retry-After` for these, and the gateway may try a safe request once more.
 *
 * They are recognised by name (and for ioredis, whose errors are plain `Error`s, by message),
 * because a service's error crosses the bus as its name, message and code: the gateway sees the
 * MongoDB driver's `MongoServerSelectionError` by that name even when it was thrown in
 * another process.
 */

/** Moleculer's errors for a request whose node died, timed out or was never reachable. */
const BUS_ERRORS = new Set([
  "RequestRejectedError",
  "RequestTimeoutError",
  "ServiceNotAvailableError",
  "ServiceNotFoundError",
  "BrokerDisconnectedError",
  "QueueIsFullError",
  "RequestSkippedError",
  // moleculer-web's own 503 when no node serves a route's action.
  "ServiceUnavailableError",
]);

/** The MongoDB driver's (and mongoose's) errors for a server it cannot reach or lost. */
const STORE_ERRORS = new Set([
  "MongoServerSelectionError",
  "MongoNetworkError",
  "MongoNetworkTimeoutError",
  "MongoNotConnectedError",
  "MongoTopologyClosedError",
  "MongoPoolClearedError",
  "MongoWaitQueueTimeoutError",
]);

/** ioredis: a command given up after its reconnection attempts, or sent on a closed connection. */
const COUNTER_ERRORS = new Set(["MaxRetriesPerRequestError"]);
const COUNTER_MESSAGES = [/^Connection is closed\.?$/, /^Stream isn't writeable/, /^Reached the max retries per request limit/];

export type OutageKind = "bus" | "store" | "counters";

/** Which dependency an error says is away, or `undefined` when it says nothing of the kind. */
export function outageOf(error: unknown): OutageKind | undefined {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (typeof name === "string") {
    if (BUS_ERRORS.has(name)) return "bus";
    if (STORE_ERRORS.has(name)) return "store";
    if (COUNTER_ERRORS.has(name)) return "counters";
  }
  if (typeof message === "string" && COUNTER_MESSAGES.some((pattern) => pattern.test(message))) return "counters";
  return undefined;
}

/**
 * Whether the request may not have reached a service at all, or reached one that died before
 * answering: the errors after which a safe request is tried once more, on another node.
 */
export function isLostRequest(error: unknown): boolean {
  const { name } = (error ?? {}) as { name?: unknown };
  return (
    name === "RequestRejectedError" ||
    name === "RequestTimeoutError" ||
    name === "ServiceNotAvailableError" ||
    name === "BrokerDisconnectedError" ||
    name === "QueueIsFullError"
  );
}
