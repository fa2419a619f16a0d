import { Errors } from "moleculer";
import { ApiError } from "../../shared/errors";
import { openMemoryStore } from "../../shared/kv/memory";
import type { KeyValueStore, WindowCount } from "../../shared/kv/port";
import { toErrorResponse } from "../error-response";
import {
  consume,
  decide,
  enforceRateLimit,
  RateLimitedError,
  rateLimitedError,
  rateLimitHeadersOf,
  throwIfRefused,
  windowsOf,
} from "./limiter";
import { DAY_MS, HOUR_MS, MINUTE_MS, STYLE_A_POLICY, styleBPolicy, UNAUTHENTICATED_POLICY } from "./policy";

/** Midnight UTC: the start of a minute, an hour and a day at once. */
const MIDNIGHT = Date.UTC(2031, 0, 1);
const seconds = (ms: number) => String(ms / 1000);

describe("rate limiter", () => {
  let kv: KeyValueStore;
  let n = 0;
  const subject = () => `key:key_${++n}`;

  beforeEach(() => {
    kv = openMemoryStore();
  });
  afterEach(async () => {
    await kv.close();
  });

  it("answers a first Style A request with the minute's headers, Reset in Unix seconds", async () => {
    const decision = await consume(kv, STYLE_A_POLICY, subject(), MIDNIGHT + 12_345);
    expect(decision).toEqual({
      allowed: true,
      headers: { "X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "99", "X-RateLimit-Reset": seconds(MIDNIGHT + MINUTE_MS) },
    });
  });

  it("reports the window with the fewest requests left", () => {
    const at = (limit: number, count: number, resetAtMs: number): WindowCount => ({ key: "k", limit, windowMs: 1, count, resetAtMs });
    const hourTightest = decide(
      STYLE_A_POLICY,
      true,
      [at(100, 10, MIDNIGHT + MINUTE_MS), at(5_000, 4_950, MIDNIGHT + HOUR_MS), at(50_000, 20_000, MIDNIGHT + DAY_MS)],
      MIDNIGHT,
    );
    expect(hourTightest.headers).toEqual({
      "X-RateLimit-Limit": "5000",
      "X-RateLimit-Remaining": "50",
      "X-RateLimit-Reset": seconds(MIDNIGHT + HOUR_MS),
    });
    const dayTightest = decide(
      STYLE_A_POLICY,
      true,
      [at(100, 1, MIDNIGHT + MINUTE_MS), at(5_000, 1, MIDNIGHT + HOUR_MS), at(50_000, 49_990, MIDNIGHT + DAY_MS)],
      MIDNIGHT,
    );
    expect(dayTightest.headers?.["X-RateLimit-Limit"]).toBe("50000");
    expect(dayTightest.headers?.["X-RateLimit-Remaining"]).toBe("10");
  });

  it("on a tie, reports the window that frees up last", () => {
    const at = (limit: number, count: number, resetAtMs: number): WindowCount => ({ key: "k", limit, windowMs: 1, count, resetAtMs });
    const decision = decide(
      STYLE_A_POLICY,
      true,
      [at(100, 90, MIDNIGHT + MINUTE_MS), at(5_000, 4_990, MIDNIGHT + HOUR_MS), at(50_000, 1, MIDNIGHT + DAY_MS)],
      MIDNIGHT,
    );
    expect(decision.headers).toMatchObject({ "X-RateLimit-Limit": "5000", "X-RateLimit-Reset": seconds(MIDNIGHT + HOUR_MS) });
  });

  it("counts down the minute, then refuses with Retry-After until the minute ends", async () => {
    const who = subject();
    const start = MIDNIGHT + 20_500;
    for (let i = 1; i <= 100; i++) {
      const decision = await consume(kv, STYLE_A_POLICY, who, start);
      expect(decision.allowed).toBe(true);
      expect(decision.headers?.["X-RateLimit-Remaining"]).toBe(String(100 - i));
    }
    const refused = await consume(kv, STYLE_A_POLICY, who, start);
    expect(refused).toMatchObject({
      allowed: false,
      retryAfterSeconds: 40,
      headers: {
        "X-RateLimit-Limit": "100",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": seconds(MIDNIGHT + MINUTE_MS),
        "Retry-After": "40",
      },
    });
    expect(refused.message).toMatch(/100 requests per minute/);
    expect((await consume(kv, STYLE_A_POLICY, who, MIDNIGHT + MINUTE_MS - 1)).retryAfterSeconds).toBe(1);
    expect((await consume(kv, STYLE_A_POLICY, who, MIDNIGHT + MINUTE_MS)).allowed).toBe(true);
  });

  it("does not count refused requests against the hour or the day", async () => {
    const who = subject();
    for (let i = 0; i < 100; i++) await consume(kv, STYLE_A_POLICY, who, MIDNIGHT);
    for (let i = 0; i < 500; i++) expect((await consume(kv, STYLE_A_POLICY, who, MIDNIGHT + 1_000)).allowed).toBe(false);
    const where = await kv.hitWindows(windowsOf(STYLE_A_POLICY, who), { nowMs: MIDNIGHT + 1_000, cost: 0 });
    expect(where.windows.map((w) => w.count)).toEqual([100, 100, 100]);
  });

  it("refuses for the rest of the day once the day is used up, whatever the minute", async () => {
    const who = subject();
    const day = windowsOf(STYLE_A_POLICY, who)[2];
    if (!day) throw new Error("Style A has a day window");
    await kv.hitWindows([day], { nowMs: MIDNIGHT, cost: 50_000 });
    const now = MIDNIGHT + 10 * HOUR_MS + 30_000;
    const refused = await consume(kv, STYLE_A_POLICY, who, now);
    expect(refused).toMatchObject({
      allowed: false,
      retryAfterSeconds: (MIDNIGHT + DAY_MS - now) / 1000,
      headers: { "X-RateLimit-Limit": "50000", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": seconds(MIDNIGHT + DAY_MS) },
    });
    expect(refused.message).toMatch(/per day/);
    expect((await consume(kv, STYLE_A_POLICY, who, MIDNIGHT + DAY_MS)).allowed).toBe(true);
  });

  it("limits Style B free to 100 an hour, counted apart from Style A", async () => {
    const who = subject();
    for (let i = 0; i < 100; i++) expect((await consume(kv, styleBPolicy("free"), who, MIDNIGHT + i)).allowed).toBe(true);
    const refused = await consume(kv, styleBPolicy("free"), who, MIDNIGHT + 30 * MINUTE_MS);
    expect(refused.headers).toEqual({
      "X-RateLimit-Limit": "100",
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-Reset": seconds(MIDNIGHT + HOUR_MS),
      "Retry-After": "1800",
    });
    // An upgrade within the hour keeps the count and raises the limit.
    expect((await consume(kv, styleBPolicy("standard"), who, MIDNIGHT + 30 * MINUTE_MS)).headers?.["X-RateLimit-Remaining"]).toBe("899");
    expect((await consume(kv, STYLE_A_POLICY, who, MIDNIGHT + 30 * MINUTE_MS)).headers?.["X-RateLimit-Remaining"]).toBe("99");
  });

  it("does not limit Style B enterprise, sends no headers and touches no counter", async () => {
    const untouchable = new Proxy(kv, {
      get(target, name) {
        if (name === "hitWindows") throw new Error("no counter should be touched");
        return Reflect.get(target, name) as unknown;
      },
    });
    for (let i = 0; i < 200; i++)
      expect(await consume(untouchable, styleBPolicy("enterprise"), "key:key_big", MIDNIGHT)).toEqual({ allowed: true, headers: null });
    await expect(enforceRateLimit(untouchable, styleBPolicy("enterprise"), "key:key_big", MIDNIGHT)).resolves.toBeNull();
  });

  it("limits unauthenticated requests per address by minute and hour", async () => {
    const address = "address:198.51.100.1";
    for (let i = 0; i < 60; i++) expect((await consume(kv, UNAUTHENTICATED_POLICY, address, MIDNIGHT)).allowed).toBe(true);
    expect((await consume(kv, UNAUTHENTICATED_POLICY, address, MIDNIGHT)).allowed).toBe(false);
    expect((await consume(kv, UNAUTHENTICATED_POLICY, "address:198.51.100.2", MIDNIGHT)).allowed).toBe(true);
  });

  it("throws a 429 that carries its headers and retry_after, in the error model", async () => {
    const who = subject();
    for (let i = 0; i < 100; i++) await enforceRateLimit(kv, STYLE_A_POLICY, who, MIDNIGHT);
    const thrown = await enforceRateLimit(kv, STYLE_A_POLICY, who, MIDNIGHT + 45_000).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(RateLimitedError);
    expect(thrown).toBeInstanceOf(ApiError);
    const error = thrown as RateLimitedError;
    expect(error.headers).toEqual({
      "X-RateLimit-Limit": "100",
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-Reset": seconds(MIDNIGHT + MINUTE_MS),
      "Retry-After": "15",
    });
    expect(toErrorResponse(error)).toEqual({
      status: 429,
      code: "rate_limited",
      message: expect.stringMatching(/retry in 15 seconds/),
      details: { retry_after: 15 },
    });
    expect(rateLimitHeadersOf(error)).toEqual(error.headers);
  });

  it("finds Retry-After on a rate_limited error that lost its class, and nothing on others", () => {
    const crossedTheBus = new Errors.MoleculerError("Rate limit exceeded", 429, "rate_limited", { retry_after: 30 });
    expect(rateLimitHeadersOf(crossedTheBus)).toEqual({ "Retry-After": "30" });
    expect(rateLimitHeadersOf(new ApiError("rate_limited", "slow down"))).toEqual({});
    expect(rateLimitHeadersOf(new ApiError("not_found", "nope"))).toBeNull();
    expect(rateLimitHeadersOf(new Error("boom"))).toBeNull();
    expect(rateLimitHeadersOf(undefined)).toBeNull();
  });

  it("passes an allowed decision's headers through and throws for a refused one", () => {
    const headers = { "X-RateLimit-Limit": "1" };
    expect(throwIfRefused({ allowed: true, headers })).toBe(headers);
    expect(() => throwIfRefused({ allowed: false, headers: null, retryAfterSeconds: 3 })).toThrow(RateLimitedError);
    expect(rateLimitedError({ allowed: false, headers: null, retryAfterSeconds: 3 }).headers).toEqual({ "Retry-After": "3" });
  });
});
