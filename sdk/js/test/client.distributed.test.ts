import { randomUUID } from "node:crypto";
import { describeWithServers, testServers } from "../../../test/support/servers";
import { startDistributed } from "../../../test/support/stint";
import { describeClient } from "./client.suite";

describeWithServers(["mongo", "nats", "redis"], "@stint/sdk against distributed Stint (MongoDB + NATS + Redis)", () => {
  describeClient("gateway and services as separate brokers over NATS", (env) =>
    startDistributed(testServers("sdk-js"), `-${randomUUID().slice(0, 6)}`, env),
  );
});
