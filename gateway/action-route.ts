import type { IncomingMessage, ServerResponse } from "node:http";
import { Errors } from "moleculer";
import { compose } from "moleculer-web/src/utils";

/** What moleculer-web's alias lookup found: the alias and the values of its path parameters. */
export interface FoundAlias {
  alias: { action?: string; handler?: unknown };
  params: Record<string, string>;
}

interface Route {
  middlewares: Parameters<typeof compose>;
  opts: { mergeParams?: boolean };
}

/** The gateway's methods this uses: moleculer-web's own. */
export interface RoutingGateway {
  logRequest(req: IncomingMessage): void;
  corsHandler(route: unknown, req: IncomingMessage, res: ServerResponse): boolean;
  aliasHandler(req: IncomingMessage, res: ServerResponse, alias: unknown): Promise<unknown>;
}

type RoutedRequest = IncomingMessage & { $route?: unknown; $params?: unknown; $alias?: unknown; body?: unknown; query?: unknown };

/** Whether an alias only names an action: the API's operations, not a handler of the gateway's own nor an upload's form reader. */
export function callsActionOnly(route: Route, found: FoundAlias | undefined): found is FoundAlias {
  return (
    found !== undefined &&
    typeof found.alias.action === "string" &&
    typeof found.alias.handler !== "function" &&
    route.opts.mergeParams === false
  );
}

/** As moleculer-web turns a route middleware's failure into the error its error handler is given. */
function middlewareFailure(err: unknown): Error {
  if (err instanceof Errors.MoleculerError) return err;
  if (err instanceof Error) {
    const { code, status, type } = err as Error & { code?: number; status?: number; type?: string };
    // MoleculerError's own defaults when neither is given.
    return new Errors.MoleculerError(err.message, code || status || 500, type ?? "");
  }
  return new Errors.MoleculerError(String(err));
}

/**
 * moleculer-web's `routeHandler` for an alias that names an action, with one promise where
 * moleculer-web makes three and listens for the response's end besides: the same steps in
 * the same order (the route's middlewares, CORS, the parameters as `mergeParams: false` gives
 * them, then `aliasHandler`: authentication and the call), settled when the call has been
 * answered. moleculer-web also settles a route when its response ends, for aliases whose
 * handler answers without calling on; these aliases always call on, and their errors still
 * reach the route's `onError`. A listener for the response's `error` stays, as moleculer-web
 * has one: without any, such an event would end the process.
 */
export function routeToAction(
  this: RoutingGateway,
  route: Route,
  req: RoutedRequest,
  res: ServerResponse & { $route?: unknown },
  found: FoundAlias,
): Promise<unknown> {
  req.$route = route;
  res.$route = route;
  this.logRequest(req);
  return new Promise((resolve, reject) => {
    res.once("error", reject);
    compose.call(this, ...route.middlewares)(req, res, (err) => {
      if (err) {
        reject(middlewareFailure(err));
        return;
      }
      if (this.corsHandler(route, req, res)) {
        resolve(true);
        return;
      }
      req.$params = { body: req.body, query: req.query, params: found.params };
      req.$alias = found.alias;
      this.aliasHandler(req, res, found.alias).then(resolve, reject);
    });
  });
}
