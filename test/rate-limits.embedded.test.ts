import { client } from "./support/http";
import { awayFromMinuteEnd, describeRateLimits } from "./rate-limits.suite";
import { useStint } from "./support/stint";

describeRateLimits("embedded");

describe("rate limits without trusted proxies", () => {
  const stint = useStint({ mode: "embedded", env: { TRUSTED_PROXIES: "" } });

  it("when no proxy is trusted, then X-Forwarded-For is ignored and a guesser cannot dodge the throttle by naming other addresses", async () => {
    await awayFromMinuteEnd();
    for (let i = 0; i < 10; i += 1) {
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
