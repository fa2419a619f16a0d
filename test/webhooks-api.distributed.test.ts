import { randomUUID } from "node:crypto";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";
import { describeWebhooksApi } from "./webhooks-api.suite";

describeWithServers(["mongo", "nats", "redis"], "webhooks API, distributed (MongoDB + NATS + Redis)", () => {
  describeWebhooksApi("gateway and services as separate brokers over NATS", (env) =>
    startDistributed(testServers("api"), `-${randomUUID().slice(0, 6)}`, env),
  );
});
