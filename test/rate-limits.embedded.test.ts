import { CREDENTIAL_FAILURES_PER_MINUTE } from "../gateway/rate-limit/policy";
import { describeRateLimits } from "./rate-limits.suite";
import { client } from "./support/http";
import { useStint } from "./support/stint";

describeRateLimits("embedded");

describe("rate limits without trusted proxies", () => {
  // Counting at a fixed time: every guess lands in one window, however slow the machine.
  const stint = useStint({ mode: "embedded", env: { TRUSTED_PROXIES: "" }, clock: () => Date.UTC(2031, 0, 1, 9, 0, 30) });

  it("when no proxy is trusted, then X-Forwarded-For is ignored and a guesser cannot dodge the count of refused keys by naming other addresses", async () => {
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
