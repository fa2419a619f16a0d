import { backoffMs, isRetriedStatus } from "../src/core";
import { errorForStatus, errorFieldsOf, RateLimitError, retryAfterSeconds } from "../src/errors";
import { snakeCase, toSnakeKeys } from "../src/casing";

describe("the transport's rules, one by one", () => {
  it("retries 408, 409, 429 and every 5xx, and nothing else", () => {
    expect([408, 409, 429, 500, 502, 503, 504, 599].every(isRetriedStatus)).toBe(true);
    expect([400, 401, 403, 404, 413, 415, 422].some(isRetriedStatus)).toBe(false);
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
