import { randomUUID } from "node:crypto";
import { describeLiveEventsApi } from "./live-events.suite";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "live event streams, distributed (MongoDB + NATS JetStream + Redis)", () => {
  describeLiveEventsApi("gateway and services as separate brokers over NATS", (env) =>
    startDistributed(testServers("live"), `-${randomUUID().slice(0, 6)}`, env),
  );
});
