import { describeTasksApi } from "./tasks-api.suite";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "tasks API, distributed (MongoDB + NATS + Redis)", () => {
  describeTasksApi("gateway and services as separate brokers over NATS", () => startDistributed(testServers("tasks")));
});
