import { randomUUID } from "node:crypto";
import { describeRateLimits } from "./rate-limits.suite";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "rate limits, distributed (two gateway processes sharing Redis)", () => {
  describeRateLimits(
    "every request split between two gateways",
    () =>
      startDistributed({
        mongoUrl: mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_limits_${randomUUID().slice(0, 8)}`),
        natsUrl: serverUrl("nats") as string,
        redisUrl: serverUrl("redis") as string,
      }),
    async (stint) => [stint.url, await (stint.addGateway as () => Promise<string>)()],
  );
});
