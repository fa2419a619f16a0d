import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, ServiceBroker } from "moleculer";
import ApiGateway, { type IncomingRequest } from "moleculer-web";
import { runInRequestScope } from "../shared/request-scope";

/**
 * What the gateway's own `httpHandler` needs of the service it runs in: moleculer-web's
 * methods and settings, as the mixin gives them.
 */
export interface GatewayInstance {
  broker: ServiceBroker;
  settings: { rootCallOptions?: unknown };
  serve?: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  logger: { debug(...args: unknown[]): void };
  corsHandler(settings: unknown, req: IncomingMessage, res: ServerResponse): boolean;
  send404(req: IncomingMessage, res: ServerResponse): void;
  /** The CORS step (`cors.ts`): true when it answered the request (a preflight). */
  answerCrossOrigin?(req: IncomingMessage, res: ServerResponse): boolean;
  errorHandler(req: IncomingMessage, res: ServerResponse, err: unknown): void;
}

type RootCallOptions = (this: GatewayInstance, options: { requestID?: string }, req: IncomingMessage, res: ServerResponse) => void;
type RestHandler = (this: GatewayInstance, ctx: Context<{ req: IncomingMessage; res: ServerResponse }>) => Promise<unknown> | unknown;

/** moleculer-web's `rest` action as written: its handler alone, without the action around it. */
const restHandler = (ApiGateway.actions as unknown as { rest: { handler: RestHandler } }).rest.handler;

/**
 * The gateway's entry for every HTTP request, in place of moleculer-web's `httpHandler`.
 *
 * moleculer-web answers a request by calling its own `rest` action through the broker: one
 * context more per request, passed through every action middleware (error handling,
 * fallback, timeout, context tracking, the request scope, access), before the route's own
 * call of the target action makes the context that matters. Here the request's context is
 * made directly and moleculer-web's `rest` handler runs on it: the same routing, alias
 * matching, body parsing, authentication and call of the target action as before, with the
 * target's context a child of this one as it was a child of the `rest` action's.
 *
 * What the skipped middlewares gave the `rest` context is provided here or was not used:
 * the request scope (log lines name the request id) is entered here; draining at shutdown
 * counts requests itself (`InFlightRequests`) rather than relying on the broker's context
 * tracking; errors go to moleculer-web's error handler exactly as the action's rejection
 * did; `rest` has no timeout, no access and no fallback of its own.
 */
export async function gatewayHttpHandler(this: GatewayInstance, req: IncomingMessage, res: ServerResponse, next?: unknown): Promise<void> {
  const request = req as Omit<IncomingRequest, "$service"> & { $startTime?: [number, number]; $next?: unknown };
  request.$startTime = process.hrtime();
  (request as { $service?: unknown }).$service = this;
  request.$next = next;
  const response = res as ServerResponse & { $service?: unknown; locals?: Record<string, unknown> };
  response.$service = this;
  response.locals ??= {};

  const options: { requestID?: string } = {};
  (this.settings.rootCallOptions as RootCallOptions | undefined)?.call(this, options, req, res);
  // Before routing, so that every answer (an error too) carries the CORS headers, and a preflight reaches no route.
  if (this.answerCrossOrigin?.(req, res)) return;
  // No endpoint: the context belongs to no action, as the `rest` action's did to one nobody else calls.
  const createContext = this.broker.ContextFactory.create as (
    broker: ServiceBroker,
    endpoint: null,
    params: unknown,
    options: object,
  ) => Context<{ req: IncomingMessage; res: ServerResponse }>;
  const ctx = createContext(this.broker, null, { req, res }, options);
  // The target's context names the gateway as its caller, as it did under the `rest` action.
  (ctx as { service: unknown }).service = this;

  try {
    const result = await runInRequestScope(ctx.requestID, () => restHandler.call(this, ctx));
    if (result == null) {
      // Not routed: as moleculer-web does it, CORS first, then static files, then a 404.
      if (this.corsHandler(this.settings, req, res)) return;
      if (this.serve) {
        this.serve(req, res, (err) => {
          this.logger.debug(err);
          this.send404(req, res);
        });
        return;
      }
      this.send404(req, res);
    }
  } catch (err) {
    this.errorHandler(req, res, err);
  }
}
