import { randomUUID } from "node:crypto";
import { describeBudgetsApi } from "./budgets-api.suite";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "budgets API, distributed (MongoDB + NATS + Redis)", () => {
  describeBudgetsApi("gateway and services as separate brokers over NATS", (env) =>
    startDistributed(testServers("api"), `-${randomUUID().slice(0, 6)}`, env),
  );
});
