import type { Context } from "moleculer";
import type { Identity } from "./identity";

/** What travels in `ctx.meta` between the gateway and the services. */
export interface RequestMeta {
  identity?: Identity;
  /** Response status a routed action asks for (moleculer-web reads it). */
  $statusCode?: number;
  $responseHeaders?: Record<string, string>;
  /** Content type of a response that is not JSON (moleculer-web reads it). */
  $responseType?: string;
  /** The API style the request came in, for answers the gateway cannot rewrite (files). */
  style?: "A" | "B";
  /**
   * Set by the gateway on a POST that carries an `Idempotency-Key`: what a created resource's
   * id is derived from, so that a repeat finds the first run's resource (`shared/creation.ts`).
   */
  creationKey?: string;
  /** The request's `If-None-Match` header, on GET only: actions that answer with an `ETag` compare it. */
  ifNoneMatch?: string;
  /** Where a 201's resource can be read (moleculer-web sends it as `Location`). */
  $location?: string;
}

/** What the gateway hands every routed action: the parts of the HTTP request. */
export interface HttpInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export type ApiContext<P = HttpInput> = Context<P, RequestMeta>;

export function identityOf(ctx: ApiContext<unknown>): Identity {
  const identity = ctx.meta.identity;
  if (!identity) throw new Error("routed action called without an identity");
  return identity;
}
