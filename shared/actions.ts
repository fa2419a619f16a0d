import type { ActionSchema, Context } from "moleculer";
import type { z } from "zod";
import { requireAccess } from "./access";
import { identityOf, type ApiContext, type RequestMeta } from "./context";
import type { Identity, Permission, Role } from "./identity";
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

/** Who may call an action: the credential's permission and the user's role (decisions §4). */
export interface ActionAccess {
  permission: Permission;
  roles: readonly Role[];
}

interface GuardedActionSpec<S extends z.ZodType, R> {
  resource: string;
  input: S;
  access: ActionAccess;
  /** The status of a success, when it is not 200. */
  status?: 201 | 204;
  handler(input: z.output<S>, who: Identity, ctx: ApiContext<unknown>): Promise<R>;
}

/** A routed action that checks the caller's access before it runs, and answers with `status`. */
export function guardedAction<S extends z.ZodType, R>(spec: GuardedActionSpec<S, R>): ActionSchema {
  return routedAction({
    resource: spec.resource,
    input: spec.input,
    async handler(input, ctx) {
      const who = identityOf(ctx);
      requireAccess(who, spec.access.permission, spec.access.roles);
      const result = await spec.handler(input, who, ctx);
      if (spec.status) respondWithStatus(ctx, spec.status);
      return result;
    },
  });
}
