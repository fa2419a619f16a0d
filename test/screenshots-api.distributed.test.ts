import { describeScreenshotsApi } from "./screenshots-api.suite";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "screenshots API, distributed (MongoDB + NATS + Redis)", () => {
  describeScreenshotsApi("gateway and services as separate brokers over NATS, blobs in GridFS", () =>
    startDistributed(testServers("scr"), "", { WEBHOOK_ALLOW_PRIVATE_URLS: "true" }),
  );
});
