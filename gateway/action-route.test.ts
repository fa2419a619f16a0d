import type { IncomingMessage, ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import { Errors } from "moleculer";
import { callsActionOnly, routeToAction, type FoundAlias, type RoutingGateway } from "./action-route";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

const actionAlias: FoundAlias = { alias: { action: "projects.get" }, params: { id: "prj_1" } };

function route(middlewares: Middleware[], mergeParams = false) {
  return { middlewares: middlewares as never, opts: { mergeParams } };
}

function gateway(answer: unknown = "answered") {
  const seen: { params?: unknown; cors: number } = { cors: 0 };
  const instance: RoutingGateway = {
    logRequest: () => undefined,
    corsHandler: () => {
      seen.cors += 1;
      return false;
    },
    aliasHandler: async (req) => {
      seen.params = (req as IncomingMessage & { $params?: unknown }).$params;
      return answer;
    },
  };
  return { instance, seen };
}

const request = (fields: Record<string, unknown> = {}) =>
  Object.assign(new PassThrough(), { headers: {} }, fields) as unknown as IncomingMessage;
const response = () => new PassThrough() as unknown as ServerResponse;

describe("which aliases take the action route", () => {
  it("takes an alias that only names an action, on a route that keeps parameters apart", () => {
    expect(callsActionOnly(route([]), actionAlias)).toBe(true);
  });

  it("leaves gateway handlers, upload readers, merged parameters and unrouted requests to moleculer-web", () => {
    expect(callsActionOnly(route([]), { alias: { handler: () => undefined }, params: {} })).toBe(false);
    expect(callsActionOnly(route([]), { alias: { action: "imports.create", handler: () => undefined }, params: {} })).toBe(false);
    expect(callsActionOnly(route([], true), actionAlias)).toBe(false);
    expect(callsActionOnly(route([]), undefined)).toBe(false);
  });
});

describe("the action route", () => {
  it("runs the route's middlewares in order, then calls the alias with the body, query and path parameters apart", async () => {
    const order: string[] = [];
    const { instance, seen } = gateway();
    const parse: Middleware = (req, _res, next) => {
      order.push("parse");
      (req as IncomingMessage & { body?: unknown }).body = { name: "x" };
      next();
    };
    const check: Middleware = (_req, _res, next) => {
      order.push("check");
      next();
    };
    await expect(
      routeToAction.call(instance, route([parse, check]), request({ query: { page: "2" } }), response(), actionAlias),
    ).resolves.toBe("answered");
    expect(order).toEqual(["parse", "check"]);
    expect(seen).toEqual({ cors: 1, params: { body: { name: "x" }, query: { page: "2" }, params: { id: "prj_1" } } });
  });

  it("hands on a middleware's failure as moleculer-web does: its status and type kept, and the alias never called", async () => {
    const { instance, seen } = gateway();
    const tooLarge: Middleware = (_req, _res, next) =>
      next(Object.assign(new Error("request entity too large"), { status: 413, type: "entity.too.large" }));
    const failure = routeToAction.call(instance, route([tooLarge]), request(), response(), actionAlias);
    await expect(failure).rejects.toBeInstanceOf(Errors.MoleculerError);
    await expect(failure).rejects.toMatchObject({ message: "request entity too large", code: 413, type: "entity.too.large" });
    expect(seen.params).toBeUndefined();
  });

  it("passes a MoleculerError from a middleware on as it is", async () => {
    const { instance } = gateway();
    const refusal = new Errors.MoleculerError("no", 415, "UNSUPPORTED");
    await expect(
      routeToAction.call(instance, route([(_req, _res, next) => next(refusal)]), request(), response(), actionAlias),
    ).rejects.toBe(refusal);
  });

  it("fails with an error the response emits instead of letting it end the process", async () => {
    const { instance } = gateway(new Promise(() => undefined));
    const res = response();
    const routed = routeToAction.call(instance, route([]), request(), res, actionAlias);
    const broken = new Error("socket gone");
    res.emit("error", broken);
    await expect(routed).rejects.toBe(broken);
  });
});
