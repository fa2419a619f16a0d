import { describeProjectsApi } from "./projects-api.suite";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "projects API, distributed (MongoDB + NATS + Redis)", () => {
  describeProjectsApi("gateway and services as separate brokers over NATS", () => startDistributed(testServers("api")));
});
