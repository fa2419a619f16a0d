import { client } from "./support/http";
import { describeRateLimits } from "./rate-limits.suite";
import { CREDENTIAL_FAILURES_PER_MINUTE } from "../gateway/rate-limit/policy";
import { startEmbedded, type TestStint } from "./support/stint";

describeRateLimits(
  "rate limits, embedded mode (memory counters)",
  (clock) => startEmbedded({}, undefined, { clock: clock.now }),
  async (stint) => [stint.url],
);

describe("rate limits without trusted proxies", () => {
  let stint: TestStint;

  beforeAll(async () => {
    // Counting at a fixed time: every guess lands in one window, however slow the machine.
    stint = await startEmbedded({ TRUSTED_PROXIES: "" }, undefined, { clock: () => Date.UTC(2031, 0, 1, 9, 0, 30) });
  });

  afterAll(async () => {
    await stint?.stop();
  });

  it("ignores X-Forwarded-For, so a guesser cannot dodge the count of refused keys by naming other addresses", async () => {
    for (let i = 0; i < CREDENTIAL_FAILURES_PER_MINUTE; i += 1) {
      const guess = await client(stint.url).get("/api/v1/projects", {
        headers: { "x-forwarded-for": `192.0.2.${100 + i}`, "x-api-key": `tt_live_${String(i).padStart(40, "1")}` },
      });
      expect(guess.status).toBe(401);
    }
    const next = await client(stint.url).get("/api/v1/projects", {
      headers: { "x-forwarded-for": "192.0.2.200", "x-api-key": `tt_live_${"2".repeat(40)}` },
    });
    expect(next.status).toBe(429);
  });
});
