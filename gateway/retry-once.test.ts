import type { ServerResponse } from "node:http";
import { Errors, type ServiceBroker } from "moleculer";
import type { IncomingRequest } from "moleculer-web";
import { ApiError } from "../shared/errors";
import { isSafeToRetry, retryingOnce } from "./retry-once";

interface FakeEndpoint {
  id: string;
  isAvailable: boolean;
  local: boolean;
  action: { name: string };
}

const action = { name: "timeEntries.create" };
const endpoint = (id: string, isAvailable = true): FakeEndpoint => ({ id, isAvailable, local: false, action });

/** A broker whose registry lists `endpoints` for the action; no transporter, so the bus counts as connected. */
function brokerWith(endpoints: FakeEndpoint[]): ServiceBroker {
  const logger = { warn: () => undefined };
  return { registry: { getActionEndpoints: () => ({ endpoints }) }, getLogger: () => logger } as unknown as ServiceBroker;
}

function requestTo(first: FakeEndpoint, method: string, headers: Record<string, string> = {}) {
  return { method, headers, originalUrl: "/api/v1/time-entries", $endpoint: first, $action: first.action } as unknown as IncomingRequest & {
    $endpoint: FakeEndpoint;
  };
}

const response = (headersSent = false) => ({ headersSent }) as ServerResponse;
const lost = () => new Errors.RequestRejectedError({ action: action.name, nodeID: "services-1" });

describe("one retry of a lost, safe request", () => {
  it("knows which requests are safe to run twice", () => {
    expect(isSafeToRetry(requestTo(endpoint("a"), "GET"))).toBe(true);
    expect(isSafeToRetry(requestTo(endpoint("a"), "POST", { "idempotency-key": "k-1" }))).toBe(true);
    expect(isSafeToRetry(requestTo(endpoint("a"), "POST"))).toBe(false);
    expect(isSafeToRetry(requestTo(endpoint("a"), "POST", { "idempotency-key": "" }))).toBe(false);
    expect(isSafeToRetry(requestTo(endpoint("a"), "PATCH", { "idempotency-key": "k-1" }))).toBe(false);
    expect(isSafeToRetry(requestTo(endpoint("a"), "DELETE"))).toBe(false);
  });

  it("sends a lost GET, and a lost POST with a key, once more to another node", async () => {
    for (const req of [requestTo(endpoint("services-1"), "GET"), requestTo(endpoint("services-1"), "POST", { "idempotency-key": "k-1" })]) {
      const tried: string[] = [];
      const result = await retryingOnce(brokerWith([endpoint("services-1"), endpoint("services-2")]), req, response(), async () => {
        tried.push(req.$endpoint.id);
        if (tried.length === 1) throw lost();
        return "answer";
      });
      expect(result).toBe("answer");
      expect(tried).toEqual(["services-1", "services-2"]);
    }
  });

  it("tries only once more: a second loss is the caller's", async () => {
    const req = requestTo(endpoint("services-1"), "GET");
    let calls = 0;
    const attempt = async () => {
      calls += 1;
      throw lost();
    };
    await expect(
      retryingOnce(brokerWith([endpoint("services-1"), endpoint("services-2")]), req, response(), attempt),
    ).rejects.toBeInstanceOf(Errors.RequestRejectedError);
    expect(calls).toBe(2);
  });

  it("does not retry a POST without a key, an error of the request itself, or an answer already begun", async () => {
    const broker = brokerWith([endpoint("services-1"), endpoint("services-2")]);
    const cases: [IncomingRequest, ServerResponse, Error][] = [
      [requestTo(endpoint("services-1"), "POST"), response(), lost()],
      [requestTo(endpoint("services-1"), "GET"), response(), ApiError.notFound("Project")],
      [requestTo(endpoint("services-1"), "GET"), response(true), lost()],
    ];
    for (const [req, res, error] of cases) {
      let calls = 0;
      await expect(
        retryingOnce(broker, req, res, async () => {
          calls += 1;
          throw error;
        }),
      ).rejects.toBe(error);
      expect(calls).toBe(1);
    }
  });

  it("does not send a timed-out request to the same node again when no other serves it", async () => {
    const only = endpoint("services-1");
    let calls = 0;
    const timeout = new Errors.RequestTimeoutError({ action: action.name, nodeID: "services-1" });
    await expect(
      retryingOnce(brokerWith([only]), requestTo(only, "GET"), response(), async () => {
        calls += 1;
        throw timeout;
      }),
    ).rejects.toBe(timeout);
    expect(calls).toBe(1);
  });
});
