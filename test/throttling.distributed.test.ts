import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";
import { describeThrottling } from "./throttling.suite";

describeWithServers(["mongo", "nats", "redis"], "failed sign-ins and refused credentials, distributed (Redis counters)", () => {
  describeThrottling(
    "sign-ins taking turns between two gateways",
    (clock) => startDistributed(testServers("throttling"), "", {}, { clock: clock.now }),
    async (stint) => [stint.url, await (stint.addGateway as () => Promise<string>)()],
  );
});
