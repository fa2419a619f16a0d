import { Errors, ServiceBroker, type Context } from "moleculer";
import { callDeadlines } from "./call-deadlines";
import { PendingRequestTable, WaitingList, type SentRequest } from "./waiting-calls";

const TIMEOUT_MS = 1_000;
const SWEEP_EVERY_MS = 5;

/** A clock the test moves by hand, so that nothing here depends on how fast the machine is. */
function handClock() {
  const clock = { ms: 0, now: () => clock.ms };
  return clock;
}

/** Long enough for the sweep to have run several times. */
const sweeps = () => new Promise((resolve) => setTimeout(resolve, SWEEP_EVERY_MS * 6));

type Settled = { state: "pending" } | { state: "answered"; value: unknown } | { state: "failed"; error: Error };

/** The error a failed call was given. */
const errorOf = (settled: Settled) => (settled.state === "failed" ? (settled.error as Errors.MoleculerError) : undefined);

function watch(promise: Promise<unknown>): { settled: Settled } {
  const watched: { settled: Settled } = { settled: { state: "pending" } };
  promise.then(
    (value) => (watched.settled = { state: "answered", value }),
    (error: Error) => (watched.settled = { state: "failed", error }),
  );
  return watched;
}

/** An action that answers only when the test says so. */
function heldAnswers() {
  const waiting: ((value: string) => void)[] = [];
  return {
    handler: () => new Promise<string>((resolve) => waiting.push(resolve)),
    answerAll: (value: string) => waiting.splice(0).forEach((answer) => answer(value)),
  };
}

function broker(clock: { now: () => number }, options: { nodeID: string; namespace?: string; transporter?: "Fake" }) {
  return new ServiceBroker({
    nodeID: options.nodeID,
    namespace: options.namespace,
    transporter: options.transporter,
    logger: false,
    requestTimeout: 0,
    middlewares: [callDeadlines({ timeoutMs: TIMEOUT_MS, sweepEveryMs: SWEEP_EVERY_MS, now: clock.now })],
  });
}

describe("call deadlines in one process", () => {
  const clock = handClock();
  const held = heldAnswers();
  const local = broker(clock, { nodeID: "local" });
  local.createService({
    name: "work",
    actions: {
      held: held.handler,
      quick: () => "done",
      nested: (ctx: Context) => ctx.call("work.held"),
    },
  });

  beforeAll(() => local.start());
  afterAll(() => local.stop());
  beforeEach(() => {
    clock.ms = 0;
  });
  afterEach(() => held.answerAll("late"));

  it("answers a call that ends in time with its own answer", async () => {
    await expect(local.call("work.quick")).resolves.toBe("done");
  });

  it("gives a call with no answer moleculer's RequestTimeoutError once the timeout has passed, and not before", async () => {
    const call = watch(local.call("work.held"));
    clock.ms = TIMEOUT_MS - 1;
    await sweeps();
    expect(call.settled.state).toBe("pending");
    clock.ms = TIMEOUT_MS;
    await sweeps();
    expect(call.settled).toEqual({ state: "failed", error: expect.any(Errors.RequestTimeoutError) });
    expect(errorOf(call.settled)?.data).toEqual({ action: "work.held", nodeID: "local" });
  });

  it("times out each call from its own start, however many were answered in between", async () => {
    const first = watch(local.call("work.held"));
    clock.ms = 400;
    await expect(local.call("work.quick")).resolves.toBe("done");
    const second = watch(local.call("work.held"));
    clock.ms = TIMEOUT_MS;
    await sweeps();
    expect(first.settled.state).toBe("failed");
    expect(second.settled.state).toBe("pending");
    clock.ms = 400 + TIMEOUT_MS;
    await sweeps();
    expect(second.settled.state).toBe("failed");
  });

  it("leaves a call with a timeout of its own to moleculer's timer", async () => {
    const call = watch(local.call("work.held", {}, { timeout: 30 }));
    await new Promise((resolve) => setTimeout(resolve, 80));
    // The hand clock never moved: only moleculer's own timer can have ended it.
    expect(call.settled).toEqual({ state: "failed", error: expect.any(Errors.RequestTimeoutError) });
  });

  it("gives the caller of a handler that waits on another call its timeout too", async () => {
    const call = watch(local.call("work.nested"));
    clock.ms = TIMEOUT_MS;
    await sweeps();
    expect(call.settled).toEqual({ state: "failed", error: expect.any(Errors.RequestTimeoutError) });
  });
});

describe("call deadlines between nodes", () => {
  const namespace = `deadlines-${process.pid}`;
  const callerClock = handClock();
  const serverClock = handClock();
  const held = heldAnswers();
  const caller = broker(callerClock, { nodeID: "caller", namespace, transporter: "Fake" });
  const server = broker(serverClock, { nodeID: "server", namespace, transporter: "Fake" });
  server.createService({ name: "remote", actions: { held: held.handler } });
  const pending = () => (caller.transit as unknown as { pendingRequests: { size: number } }).pendingRequests.size;

  beforeAll(async () => {
    await Promise.all([caller.start(), server.start()]);
    await caller.waitForServices("remote");
  });
  afterAll(() => Promise.all([caller.stop(), server.stop()]));
  beforeEach(() => {
    callerClock.ms = 0;
    serverClock.ms = 0;
  });
  afterEach(() => held.answerAll("late"));

  it("keeps sent requests where the sweep can see them, and forgets each once answered", async () => {
    const call = caller.call("remote.held");
    await sweeps();
    expect(pending()).toBe(1);
    held.answerAll("answer");
    await expect(call).resolves.toBe("answer");
    expect(pending()).toBe(0);
  });

  it("times out a request the other node does not answer, and forgets it", async () => {
    const call = watch(caller.call("remote.held"));
    await sweeps();
    callerClock.ms = TIMEOUT_MS;
    await sweeps();
    expect(call.settled).toEqual({ state: "failed", error: expect.any(Errors.RequestTimeoutError) });
    expect(errorOf(call.settled)?.data).toEqual({ action: "remote.held", nodeID: "server" });
    expect(pending()).toBe(0);
  });

  it("leaves a request that came from another node to its caller's deadline", async () => {
    const call = watch(caller.call("remote.held"));
    await sweeps();
    serverClock.ms = 10 * TIMEOUT_MS;
    await sweeps();
    expect(call.settled.state).toBe("pending");
    held.answerAll("answer");
    await sweeps();
    expect(call.settled).toEqual({ state: "answered", value: "answer" });
  });
});

describe("a node leaving while its requests wait", () => {
  it("rejects them as moleculer does, through the table's forEach and delete", async () => {
    const namespace = `deadlines-leave-${process.pid}`;
    const clock = handClock();
    const held = heldAnswers();
    const caller = broker(clock, { nodeID: "caller", namespace, transporter: "Fake" });
    const server = broker(clock, { nodeID: "server", namespace, transporter: "Fake" });
    server.createService({ name: "remote", actions: { held: held.handler } });
    await Promise.all([caller.start(), server.start()]);
    await caller.waitForServices("remote");
    const calls = [watch(caller.call("remote.held")), watch(caller.call("remote.held"))];
    await sweeps();
    await server.stop();
    await sweeps();
    expect(calls.map((call) => call.settled)).toEqual([
      { state: "failed", error: expect.any(Errors.RequestRejectedError) },
      { state: "failed", error: expect.any(Errors.RequestRejectedError) },
    ]);
    await caller.stop();
  });
});

describe("the table of sent requests", () => {
  const request = (name: string, timeout: number | null = null): SentRequest & { rejected: Error[] } => {
    const rejected: Error[] = [];
    return { action: { name }, nodeID: "server", ctx: { options: { timeout } }, reject: (error) => rejected.push(error), rejected };
  };

  it("reads, counts and forgets like the Map it replaces, visiting in the order sent", () => {
    const table = new PendingRequestTable(new WaitingList());
    const [a, b, c] = [request("a"), request("b"), request("c")];
    table.set("a", a).set("b", b).set("c", c);
    expect(table.size).toBe(3);
    expect(table.get("b")).toBe(b);
    expect(table.has("c")).toBe(true);
    const visited: string[] = [];
    table.forEach((_request, id) => {
      visited.push(id);
      if (id === "a") table.delete("b");
    });
    expect(visited).toEqual(["a", "c"]);
    expect(table.delete("b")).toBe(false);
    expect(table.size).toBe(2);
    expect(table.get("b")).toBeUndefined();
  });

  it("lists for the sweep only requests without a timeout of their own, and only until forgotten", () => {
    const waiting = new WaitingList();
    let now = 0;
    const table = new PendingRequestTable(waiting, undefined, () => now);
    const [plain, ownTimeout, answered] = [request("plain"), request("own", 30_000), request("answered")];
    table.set("plain", plain).set("own", ownTimeout).set("answered", answered);
    table.delete("answered");
    now = 10;
    const due = waiting.takeStartedBy(0);
    expect(due.map((call) => [call.actionName, call.nodeID])).toEqual([["plain", "server"]]);
    due.forEach((call) => call.timeOut(new Error("late")));
    expect(plain.rejected).toEqual([new Error("late")]);
    expect([ownTimeout.rejected, answered.rejected]).toEqual([[], []]);
    expect(table.has("plain")).toBe(false);
    expect(table.has("own")).toBe(true);
  });
});
