import { Agent as HttpAgent, request as httpRequest, type AgentOptions, type ClientRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isIP, type LookupFunction, type Socket } from "node:net";
import { allowedAddresses, hostOf, refusalOf, RefusedAddressError, type AddressPolicy, type ResolveHost } from "./address-guard";

export interface SendResult {
  /** The receiver's status, or null when no answer came (refused, unreachable, timed out). */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface Sender {
  post(url: string, headers: Record<string, string>, body: string): Promise<SendResult>;
  /** Closes idle keep-alive connections. */
  close(): void;
}

/**
 * A `lookup` for sockets: resolves the host and hands the socket only addresses the policy
 * allows, so the address checked is the address connected to (a name that resolved to a
 * public address when the webhook was saved may resolve elsewhere now).
 */
function guardedLookup(policy: AddressPolicy, resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    allowedAddresses(hostname, policy, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (wanted.length === 0) return callback(new RefusedAddressError(`${hostname} has no IPv${options.family} address`), "", 4);
        if (options.all) return (callback as unknown as (error: null, all: { address: string; family: number }[]) => void)(null, wanted);
        const first = wanted[0] as { address: string; family: 4 | 6 };
        callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, "", 4),
    );
  };
}

/** Second line of defence: the peer a socket really connected to, whatever resolved it. */
function checkPeer(socket: Socket, policy: AddressPolicy): void {
  socket.once("connect", () => {
    const peer = socket.remoteAddress ?? "";
    const refusal = refusalOf(peer, policy);
    if (refusal) socket.destroy(new RefusedAddressError(refusal));
  });
}

function guardedAgents(policy: AddressPolicy, resolve: ResolveHost): { http: HttpAgent; https: HttpsAgent } {
  const options: AgentOptions & { lookup: LookupFunction } = { keepAlive: true, lookup: guardedLookup(policy, resolve) };
  const watch = <A extends HttpAgent>(agent: A): A => {
    const create = (agent as unknown as { createConnection: (...args: unknown[]) => Socket }).createConnection.bind(agent);
    (agent as unknown as { createConnection: (...args: unknown[]) => Socket }).createConnection = (...args: unknown[]) => {
      const socket = create(...args);
      checkPeer(socket, policy);
      return socket;
    };
    return agent;
  };
  return { http: watch(new HttpAgent(options)), https: watch(new HttpsAgent(options)) };
}

function describeError(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  if (error instanceof RefusedAddressError) return `refused: ${error.message}`;
  const err = error as NodeJS.ErrnoException;
  return err.code ? `${err.code}: ${err.message}` : (err.message ?? String(error));
}

/**
 * POSTs with a deadline for the whole exchange (status and body). Redirects are not
 * followed: a 3xx is just a failed attempt. The answer's body is read and dropped.
 */
export function createSender(options: { policy: AddressPolicy; resolve: ResolveHost; timeoutMs: number; userAgent: string }): Sender {
  const agents = guardedAgents(options.policy, options.resolve);
  return {
    post(url, headers, body) {
      const started = performance.now();
      const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
      return new Promise<SendResult>((resolve) => {
        let target: URL;
        try {
          target = new URL(url);
        } catch {
          resolve({ statusCode: null, durationMs: 0, error: "invalid URL" });
          return;
        }
        const secure = target.protocol === "https:";
        if (!secure && !(options.policy.allowPrivate && target.protocol === "http:")) {
          resolve({ statusCode: null, durationMs: 0, error: `refused: ${target.protocol}// is not allowed` });
          return;
        }
        // An IP literal never goes through `lookup`: checked here, before any connection is opened.
        const literalRefusal = isIP(hostOf(target)) ? refusalOf(hostOf(target), options.policy) : null;
        if (literalRefusal) {
          resolve({ statusCode: null, durationMs: 0, error: `refused: ${literalRefusal}` });
          return;
        }
        let settled = false;
        let timedOut = false;
        let statusCode: number | null = null;
        const finish = (result: SendResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(result);
        };
        const send = secure ? httpsRequest : httpRequest;
        const req: ClientRequest = send(target, {
          method: "POST",
          agent: secure ? agents.https : agents.http,
          headers: {
            "Content-Type": "application/json",
            "Content-Length": String(Buffer.byteLength(body)),
            "User-Agent": options.userAgent,
            ...headers,
          },
        });
        const failed = (error: unknown) =>
          finish({ statusCode, durationMs: elapsed(), error: describeError(error, timedOut, options.timeoutMs) });
        const timer = setTimeout(() => {
          timedOut = true;
          req.destroy();
          failed(null);
        }, options.timeoutMs);
        req.on("response", (res: IncomingMessage) => {
          statusCode = res.statusCode ?? null;
          res.resume();
          res.on("end", () => finish({ statusCode, durationMs: elapsed(), error: null }));
          res.on("error", failed);
          res.on("close", () => {
            if (!res.complete) failed(new Error("the answer was cut off"));
          });
        });
        req.on("error", failed);
        req.end(body);
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
