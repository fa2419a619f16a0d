import { openMemoryStore } from "../../shared/kv/memory";
import type { KeyValueStore } from "../../shared/kv/port";
import { toErrorResponse } from "../error-response";
import { countRefusedCredential } from "./credential-failures";
import { rateLimitHeadersOf } from "./limiter";
import { HOUR_MS, MINUTE_MS } from "./policy";

const NINE = Date.UTC(2031, 0, 1, 9);

describe("refused keys and tokens per address", () => {
  let kv: KeyValueStore;

  beforeEach(() => {
    kv = openMemoryStore();
  });
  afterEach(async () => {
    await kv.close();
  });

  const count = (address: string, nowMs: number) =>
    countRefusedCredential(kv, address, nowMs).then(
      () => null,
      (error: unknown) => error,
    );

  it("when an address has had 30 refused in a minute, then the next is a 429 saying when to come back, until the minute ends", async () => {
    for (let i = 0; i < 30; i++) expect(await count("203.0.113.7", NINE + i)).toBeNull();
    const held = await count("203.0.113.7", NINE + 20_000);
    expect(toErrorResponse(held)).toEqual({
      status: 429,
      code: "rate_limited",
      message: "Too many requests with a key or token that is not valid came from this address; try again in 40 seconds",
      details: { retry_after: 40 },
    });
    expect(rateLimitHeadersOf(held)).toEqual({ "Retry-After": "40" });
    expect(await count("203.0.113.7", NINE + MINUTE_MS - 1)).not.toBeNull();
    expect(await count("203.0.113.7", NINE + MINUTE_MS)).toBeNull();
  });

  it("when an address has had 300 refused in an hour, then it waits for the hour's end, whatever the minute", async () => {
    for (let minute = 0; minute < 10; minute++)
      for (let i = 0; i < 30; i++) expect(await count("203.0.113.8", NINE + minute * MINUTE_MS)).toBeNull();
    const held = await count("203.0.113.8", NINE + 30 * MINUTE_MS);
    expect(rateLimitHeadersOf(held)).toEqual({ "Retry-After": String(30 * 60) });
    expect(await count("203.0.113.8", NINE + HOUR_MS)).toBeNull();
  });

  it("counts each address on its own, and an IPv6 /64 as one", async () => {
    for (let i = 0; i < 30; i++) await count("2001:db8:1:2::1", NINE);
    expect(await count("2001:db8:1:2:ffff::9", NINE)).not.toBeNull();
    expect(await count("2001:db8:1:3::1", NINE)).toBeNull();
    expect(await count("203.0.113.9", NINE)).toBeNull();
  });
});
