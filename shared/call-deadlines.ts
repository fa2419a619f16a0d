import { Errors, type Context, type Middleware, type Service, type ServiceBroker } from "moleculer";
import { PendingRequestTable, WaitingCall, WaitingList } from "./waiting-calls";

/**
 * The bus's request timeout, without a timer for every call.
 *
 * Moleculer's own (`requestTimeout`) races every call's promise against a timer of its own:
 * four promises and a timer more per call, a sixth of the embedded app's CPU per request.
 * Here a call joins a list of waiting calls when it is made and leaves it when answered, and
 * one sweep a second gives every call older than the timeout moleculer's
 * `RequestTimeoutError`, exactly as its timer did:
 *
 * - a call to another node waits in moleculer's table of sent requests, which this
 *   middleware provides (`PendingRequestTable`), so it costs nothing more than before;
 * - a call to an action of this process is answered through a promise that the sweep can
 *   reject, since the handler's own promise cannot be;
 * - a request that arrived from another node is not timed here: its caller times it.
 *
 * A call made with a timeout of its own (uploads) keeps moleculer's timer, which also closes
 * the call's stream. Unlike moleculer's timer, the deadline is not handed on to the calls a
 * handler makes: each of those has the whole timeout of its own, and its caller still gets
 * its answer or its timeout in time.
 */
export interface CallDeadlineOptions {
  /** How long a call may wait for its answer. */
  timeoutMs: number;
  /** How often the waiting calls are looked at: a call times out `timeoutMs` to `timeoutMs + sweepEveryMs` after it was made. */
  sweepEveryMs?: number;
  now?: () => number;
}

const SWEEP_EVERY_MS = 1_000;

interface TransitWithTable {
  pendingRequests: unknown;
  removePendingRequest(id: string): void;
}

class WaitingLocalCall extends WaitingCall {
  constructor(
    startedAtMs: number,
    readonly actionName: string,
    readonly nodeID: string,
    private readonly reject: (error: Error) => void,
  ) {
    super(startedAtMs);
  }

  timeOut(error: Error): void {
    this.reject(error);
  }
}

const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as { then?: unknown } | null)?.then === "function";

export function callDeadlines(options: CallDeadlineOptions): Middleware {
  const now = options.now ?? Date.now;
  const waiting = new WaitingList();
  let sweeper: NodeJS.Timeout | undefined;
  let logger: ReturnType<ServiceBroker["getLogger"]> | undefined;
  let localNode = "";

  function sweep(): void {
    for (const call of waiting.takeStartedBy(now() - options.timeoutMs)) {
      logger?.warn({ action: call.actionName, nodeID: call.nodeID, timeoutMs: options.timeoutMs }, "a call got no answer in time");
      call.timeOut(new Errors.RequestTimeoutError({ action: call.actionName, nodeID: call.nodeID ?? "" }));
    }
  }

  /** `answer`, unless the sweep times the call out first. */
  function answerInTime(answer: Promise<unknown>, actionName: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const call = new WaitingLocalCall(now(), actionName, localNode, reject);
      waiting.add(call);
      answer.then(
        (value) => {
          waiting.remove(call);
          resolve(value);
        },
        (error: unknown) => {
          waiting.remove(call);
          reject(error);
        },
      );
    });
  }

  return {
    name: "CallDeadlines",

    created(broker: ServiceBroker) {
      logger = broker.getLogger("bus");
      localNode = broker.nodeID;
      const transit = broker.transit as unknown as TransitWithTable | undefined;
      if (transit) transit.pendingRequests = new PendingRequestTable(waiting, (id) => transit.removePendingRequest(id), now);
    },

    async started() {
      sweeper = setInterval(sweep, options.sweepEveryMs ?? SWEEP_EVERY_MS);
      sweeper.unref();
    },

    async stopped() {
      clearInterval(sweeper);
    },

    localAction(next, action) {
      const actionName = action.name ?? "";
      return function (this: Service, ctx: Context) {
        const answer: unknown = next.call(this, ctx);
        const ownTimeout = (ctx.options.timeout ?? 0) > 0;
        if (ctx.nodeID !== localNode || ownTimeout || !isPromise(answer)) return answer;
        return answerInTime(answer, actionName);
      };
    },
  };
}
