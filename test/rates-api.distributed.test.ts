import { describeRatesApi } from "./rates-api.suite";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "rates API, distributed (MongoDB + NATS + Redis)", () => {
  describeRatesApi("gateway and services as separate brokers over NATS", () => startDistributed(testServers("api")));
});
