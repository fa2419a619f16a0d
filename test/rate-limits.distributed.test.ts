import { describeRateLimits } from "./rate-limits.suite";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "rate limits, distributed (two gateway processes sharing Redis)", () => {
  describeRateLimits(
    "every request split between two gateways",
    (clock) => startDistributed(testServers("limits"), "", {}, { clock: clock.now }),
    async (stint) => [stint.url, await (stint.addGateway as () => Promise<string>)()],
  );
});
