import type { ServerResponse } from "node:http";
import type { IncomingRequest } from "moleculer-web";
import type { RequestMeta } from "../shared/context";
import type { Identity } from "../shared/identity";
import type { KeyValueStore } from "../shared/kv/port";
import { toErrorResponse } from "./error-response";
import { creationKeyOf } from "../shared/creation";
import { fingerprintOf } from "./idempotency/fingerprint";
import { begin, idempotencyKeyFrom, type IdempotencyOptions } from "./idempotency/idempotency";
import { credentialSubject } from "./rate-limit/policy";
import { errorBody, styleOfPath } from "./styles";

/** What `onAfterCall` leaves on the request: the body as it was sent. */
export interface SentBody {
  $sentBody?: unknown;
}

type GatewayRequest = IncomingRequest & SentBody & { body?: unknown };
type ActionCall = () => Promise<unknown>;

/** Who this gateway is, and how it tells whether another holder of a claim still lives. */
export type ClaimHolders = Pick<IdempotencyOptions, "holder" | "isHolderAlive">;

function storedHeaders(res: ServerResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ["Location", "Content-Type"]) {
    const value = res.getHeader(name);
    if (typeof value === "string") headers[name] = value;
  }
  return headers;
}

/**
 * Runs a POST at most once per `Idempotency-Key` and caller: a repeat with the same body
 * gets the first answer again without the action running (see `idempotency/`).
 */
export function callIdempotently(
  kv: KeyValueStore,
  req: GatewayRequest,
  res: ServerResponse,
  call: ActionCall,
  claims: ClaimHolders = {},
): Promise<unknown> {
  const identity = (req.$ctx.meta as RequestMeta).identity;
  if (req.method !== "POST" || !identity) return call();
  // A malformed key is refused as a rejection, as from the rest of this function.
  let key: string | undefined;
  try {
    key = idempotencyKeyFrom(req.headers["idempotency-key"]);
  } catch (error) {
    return Promise.reject(error);
  }
  return key === undefined ? call() : callOnce(kv, req, res, call, claims, identity, key);
}

async function callOnce(
  kv: KeyValueStore,
  req: GatewayRequest,
  res: ServerResponse,
  call: ActionCall,
  claims: ClaimHolders,
  identity: Identity,
  key: string,
): Promise<unknown> {
  const meta = req.$ctx.meta as RequestMeta;
  const scope = credentialSubject(identity);
  const path = req.originalUrl ?? req.url ?? "";
  const body = req.body ?? null;
  const outcome = await begin(kv, { scope, key, method: "POST", path, body }, claims);
  if (outcome.kind === "replay") {
    const { status, headers, body } = outcome.response;
    res.writeHead(status, headers);
    res.end(body === undefined || body === null ? undefined : JSON.stringify(body));
    return true;
  }
  // The service derives what it creates from this, so that no repeat creates it twice.
  meta.creationKey = creationKeyOf({
    organizationId: identity.organizationId,
    scope,
    idempotencyKey: key,
    fingerprint: fingerprintOf("POST", path, body),
  });
  try {
    const result = await call();
    await outcome.complete({ status: res.statusCode, headers: storedHeaders(res), body: req.$sentBody ?? null });
    return result;
  } catch (error) {
    const shown = toErrorResponse(error);
    if (shown.status < 500) {
      await outcome.complete({
        status: shown.status,
        headers: { "Content-Type": "application/json; charset=utf-8" },
        body: errorBody(styleOfPath(path), shown),
      });
    } else {
      await outcome.abandon();
    }
    throw error;
  }
}
