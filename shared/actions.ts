import type { ActionSchema, Context } from "moleculer";
import type { z } from "zod";
import type { ApiContext, RequestMeta } from "./context";
import { validateRequest } from "./validation";

interface RoutedActionSpec<S extends z.ZodType, R> {
  /** Named in the 404 a bad path id gets, e.g. "Project". */
  resource: string;
  /** The one schema of this input: it validates and it is the handler's type. */
  input: S;
  handler(input: z.output<S>, ctx: ApiContext<unknown>): Promise<R>;
}

/** An action the gateway routes to: validates `{ params, query, body }`, then runs. */
export function routedAction<S extends z.ZodType, R>(spec: RoutedActionSpec<S, R>): ActionSchema {
  return {
    visibility: "published",
    handler(ctx: Context<unknown, RequestMeta>): Promise<R> {
      const input = validateRequest(spec.input, ctx.params, spec.resource);
      return spec.handler(input, ctx);
    },
  };
}

/** Asks the gateway to answer with this status (moleculer-web reads `$statusCode`). */
export function respondWithStatus(ctx: ApiContext<unknown>, status: number): void {
  ctx.meta.$statusCode = status;
}
