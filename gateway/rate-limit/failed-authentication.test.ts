import { openMemoryStore } from "../../shared/kv/memory";
import type { KeyValueStore } from "../../shared/kv/port";
import { toErrorResponse } from "../error-response";
import { checkFailedAuthentication, enforceFailedAuthenticationThrottle, recordFailedAuthentication } from "./failed-authentication";
import { RateLimitedError, rateLimitHeadersOf } from "./limiter";
import { MINUTE_MS } from "./policy";

const MIDNIGHT = Date.UTC(2031, 0, 1);

describe("failed-authentication throttle", () => {
  let kv: KeyValueStore;

  beforeEach(() => {
    kv = openMemoryStore();
  });
  afterEach(async () => {
    await kv.close();
  });

  it("lets an address fail 10 times in a minute, then refuses it until the minute ends", async () => {
    const address = "203.0.113.7";
    for (let i = 1; i <= 10; i++) {
      expect(await checkFailedAuthentication(kv, address, MIDNIGHT + i)).toEqual({ allowed: true, headers: null });
      expect(await recordFailedAuthentication(kv, address, MIDNIGHT + i)).toEqual({ failures: i, blocked: i === 10 });
    }
    const refused = await checkFailedAuthentication(kv, address, MIDNIGHT + 20_000);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 40, headers: { "Retry-After": "40" } });
    // Only when to come back: no count of what is left.
    expect(Object.keys(refused.headers ?? {})).toEqual(["Retry-After"]);
    expect((await checkFailedAuthentication(kv, address, MIDNIGHT + MINUTE_MS - 1)).allowed).toBe(false);
    expect((await checkFailedAuthentication(kv, address, MIDNIGHT + MINUTE_MS)).allowed).toBe(true);
  });

  it("does not count checks, only failures, and stops counting once refused", async () => {
    const address = "203.0.113.8";
    for (let i = 0; i < 50; i++) expect((await checkFailedAuthentication(kv, address, MIDNIGHT)).allowed).toBe(true);
    for (let i = 0; i < 25; i++) await recordFailedAuthentication(kv, address, MIDNIGHT);
    expect(await recordFailedAuthentication(kv, address, MIDNIGHT)).toEqual({ failures: 10, blocked: true });
  });

  it("counts each address on its own, and an IPv6 /64 as one", async () => {
    for (let i = 0; i < 10; i++) await recordFailedAuthentication(kv, "2001:db8:1:2::1", MIDNIGHT);
    expect((await checkFailedAuthentication(kv, "2001:db8:1:2:ffff::9", MIDNIGHT)).allowed).toBe(false);
    expect((await checkFailedAuthentication(kv, "2001:db8:1:3::1", MIDNIGHT)).allowed).toBe(true);
    expect((await checkFailedAuthentication(kv, "203.0.113.9", MIDNIGHT)).allowed).toBe(true);
  });

  it("throws a 429 with Retry-After when enforced", async () => {
    const address = "198.51.100.20";
    await expect(enforceFailedAuthenticationThrottle(kv, address, MIDNIGHT)).resolves.toBeUndefined();
    for (let i = 0; i < 10; i++) await recordFailedAuthentication(kv, address, MIDNIGHT);
    const thrown = await enforceFailedAuthenticationThrottle(kv, address, MIDNIGHT + 50_000).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(RateLimitedError);
    expect(rateLimitHeadersOf(thrown)).toEqual({ "Retry-After": "10" });
    expect(toErrorResponse(thrown)).toMatchObject({
      status: 429,
      code: "rate_limited",
      details: { retry_after: 10 },
      message: expect.stringMatching(/failed authentication/),
    });
  });
});
