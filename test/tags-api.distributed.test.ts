import { describeTagsApi } from "./tags-api.suite";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "tags API, distributed (MongoDB + NATS + Redis)", () => {
  describeTagsApi("gateway and services as separate brokers over NATS", () => startDistributed(testServers("api")));
});
