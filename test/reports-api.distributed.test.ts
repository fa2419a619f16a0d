import { describeReportsApi } from "./reports-api.suite";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "reports API, distributed (MongoDB + NATS + Redis)", () => {
  describeReportsApi("gateway and services as separate brokers over NATS", () => startDistributed(testServers("rep")));
});
