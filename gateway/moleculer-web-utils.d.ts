/** The part of moleculer-web's own helpers (`src/utils.js`) the gateway reuses; the package's typings do not name them. */
declare module "moleculer-web/src/utils" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Middleware = (this: unknown, ...args: never[]) => void;

  /** Runs the middlewares in order, as moleculer-web runs a route's, then calls `done` with the first error or none. */
  export function compose(
    this: unknown,
    ...middlewares: Middleware[]
  ): (req: IncomingMessage, res: ServerResponse, done: (err?: unknown) => void) => void;
}
