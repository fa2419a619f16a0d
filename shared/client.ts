import type { ActionSchema, Context, ServiceBroker } from "moleculer";
import type { z } from "zod";
import { validate } from "./validation";

/**
 * How services reach each other: each publishes a client (`services/<name>/client.ts`)
 * naming the actions others may call, with one input schema per action that both
 * validates the call on arrival and types it at the caller, and the result's type.
 * Nothing else of a service is visible across its folder.
 */

declare const resultType: unique symbol;

export interface InternalAction<I extends z.ZodType = z.ZodType, R = unknown> {
  input: I;
  /** Carries the result's type only; there is no value. */
  readonly [resultType]?: R;
}

/** `internalAction(schema).returning<Result>()`: an action other services may call. */
export function internalAction<I extends z.ZodType>(input: I) {
  return {
    returning<R>(): InternalAction<I, R> {
      return { input };
    },
  };
}

/** A context inside a request, or a broker outside one: anything that can call an action. */
export type Caller = Pick<Context, "call"> | Pick<ServiceBroker, "call">;

type ResultOf<A> = A extends InternalAction<z.ZodType, infer R> ? R : never;
type InputOf<A> = A extends InternalAction<infer I, unknown> ? z.input<I> : never;

export type ClientCalls<Actions extends Record<string, InternalAction>> = {
  [K in keyof Actions]: (params: InputOf<Actions[K]>) => Promise<ResultOf<Actions[K]>>;
};

export interface ServiceClient<Actions extends Record<string, InternalAction>> {
  service: string;
  actions: Actions;
  /** The calls, made through `caller` so that they carry its request's id and meta. */
  over(caller: Caller): ClientCalls<Actions>;
}

export function defineClient<Actions extends Record<string, InternalAction>>(service: string, actions: Actions): ServiceClient<Actions> {
  // The calls are made once, on a prototype; `over` only ties them to a caller. Services
  // take a client over each request's context, often without calling it.
  const calls: Record<string, (this: { caller: Caller }, params: unknown) => Promise<unknown>> = {};
  for (const name of Object.keys(actions)) {
    const action = `${service}.${name}`;
    calls[name] = function (params) {
      return (this.caller.call as (name: string, params: unknown) => Promise<unknown>).call(this.caller, action, params);
    };
  }
  return {
    service,
    actions,
    over(caller) {
      return Object.create(calls, { caller: { value: caller } }) as ClientCalls<Actions>;
    },
  };
}

export type InternalHandlers<Actions extends Record<string, InternalAction>> = {
  [K in keyof Actions]: (input: z.output<Actions[K]["input"]>, ctx: Context<unknown>) => Promise<ResultOf<Actions[K]>>;
};

/** The serving side of a client: each action validates its declared input, then runs. Not routed. */
export function internalActions<Actions extends Record<string, InternalAction>>(
  client: ServiceClient<Actions>,
  handlers: InternalHandlers<Actions>,
): Record<string, ActionSchema> {
  const byName = handlers as Record<string, (input: unknown, ctx: Context<unknown>) => Promise<unknown>>;
  return Object.fromEntries(
    Object.entries(client.actions).map(([name, action]) => {
      const handler = byName[name];
      if (!handler) throw new Error(`${client.service}.${name} has no handler`);
      const schema: ActionSchema = {
        visibility: "public",
        handler: (ctx: Context<unknown>) => handler(validate(action.input, ctx.params), ctx),
      };
      return [name, schema];
    }),
  );
}
