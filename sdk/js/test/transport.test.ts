import { IN_PROGRESS_REASON as GATEWAY_IN_PROGRESS_REASON } from "../../../gateway/idempotency/idempotency";
import { backoffMs, IN_PROGRESS_REASON, isRetried } from "../src/core";
import { errorForStatus, errorFieldsOf, RateLimitError, retryAfterSeconds } from "../src/errors";
import { snakeCase, toSnakeKeys } from "../src/casing";

describe("the transport's rules, one by one", () => {
  it("retries 408, 429 and every 5xx whatever the method, and nothing else but a 409 that is not a conflict", () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      expect([408, 429, 500, 502, 503, 504, 599].every((status) => isRetried(method, status, undefined))).toBe(true);
      expect([400, 401, 403, 404, 409, 413, 415, 422].some((status) => isRetried(method, status, undefined))).toBe(false);
    }
  });

  it("retries a 409 only when it says the first attempt of the same POST is still running, in either style", () => {
    const running = { error: { code: "conflict", message: "Still being processed", details: { reason: IN_PROGRESS_REASON } } };
    const runningB = { error: "Still being processed", code: "CONFLICT", details: { reason: IN_PROGRESS_REASON } };
    expect(isRetried("POST", 409, running)).toBe(true);
    expect(isRetried("POST", 409, runningB)).toBe(true);
    // A real conflict is final, and only a POST can meet the idempotency claim of another attempt.
    expect(isRetried("POST", 409, { error: { code: "conflict", message: "Name in use", details: {} } })).toBe(false);
    for (const method of ["PATCH", "PUT", "DELETE", "GET"] as const) expect(isRetried(method, 409, running)).toBe(false);
  });

  it("knows the reason Stint's gateway gives a request whose first attempt is still running", () => {
    expect(IN_PROGRESS_REASON).toBe(GATEWAY_IN_PROGRESS_REASON);
  });

  it("backs off with full jitter: anywhere from nothing to 0.5 s doubled per retry, at most 8 s", () => {
    expect(backoffMs(0, () => 0)).toBe(0);
    expect(backoffMs(0, () => 0.999)).toBeCloseTo(499.5);
    expect(backoffMs(2, () => 0.5)).toBe(1000);
    expect(backoffMs(10, () => 0.999)).toBeCloseTo(7992);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterSeconds(new Headers({ "retry-after": "7" }), now)).toBe(7);
    expect(retryAfterSeconds(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(30);
    expect(retryAfterSeconds(new Headers({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(retryAfterSeconds(new Headers(), now)).toBeUndefined();
  });

  it("reads every error shape Stint answers with: Style A, Style B and OAuth's", () => {
    expect(errorFieldsOf({ error: { code: "not_found", message: "No project", details: { id: "x" } } })).toEqual({
      code: "not_found",
      message: "No project",
      details: { id: "x" },
    });
    expect(errorFieldsOf({ error: "No project", code: "NOT_FOUND", details: {} })).toEqual({
      code: "NOT_FOUND",
      message: "No project",
      details: {},
    });
    expect(errorFieldsOf({ error: "invalid_grant", error_description: "The code was used" })).toEqual({
      code: "invalid_grant",
      message: "The code was used",
      details: undefined,
    });
    expect(errorFieldsOf("<html>Bad gateway</html>")).toEqual({ code: undefined, message: undefined, details: undefined });
  });

  it("takes a 429's retryAfter from the body when the header is missing", () => {
    const error = errorForStatus(429, { error: "Slow down", code: "RATE_LIMIT_EXCEEDED", details: { retry_after: 12 } }, new Headers());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(12);
  });

  it("sends camelCase names as the API's snake_case, leaving out what is undefined", () => {
    expect(snakeCase("roundingMinutes")).toBe("rounding_minutes");
    expect(toSnakeKeys({ projectId: "prj_1", taskId: undefined, description: "x", start_date: "2026-01-01" })).toEqual({
      project_id: "prj_1",
      description: "x",
      start_date: "2026-01-01",
    });
  });
});
