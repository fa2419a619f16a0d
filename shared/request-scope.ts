import { AsyncLocalStorage } from "node:async_hooks";
import type { Context, Middleware, Service } from "moleculer";

/**
 * Carries the request id through every await of a request, so that each log line
 * written while serving it (gateway or service) can name it.
 */
interface RequestScope {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function runInRequestScope<T>(requestId: string | undefined | null, work: () => T): T {
  if (!requestId) return work();
  // An action called within its own request (every call in one process) is already in
  // the scope: entering it again would cost a scope change for nothing.
  if (storage.getStore()?.requestId === requestId) return work();
  return storage.run({ requestId }, work);
}

/** Moleculer middleware: local actions and events run inside their context's request scope. */
export const RequestScopeMiddleware: Middleware = {
  name: "RequestScope",
  localAction(next) {
    return function (this: Service, ctx: Context) {
      return runInRequestScope(ctx.requestID, () => next.call(this, ctx));
    };
  },
  localEvent(next) {
    return function (this: Service, ctx: Context) {
      return runInRequestScope(ctx.requestID, () => next.call(this, ctx));
    };
  },
};
