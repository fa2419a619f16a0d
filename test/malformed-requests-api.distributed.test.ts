import { describeMalformedRequests } from "./malformed-requests-api.suite";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "malformed requests, distributed (MongoDB + NATS + Redis)", () => {
  describeMalformedRequests("gateway and services as separate brokers over NATS", () => startDistributed(testServers("malformed")));
});
