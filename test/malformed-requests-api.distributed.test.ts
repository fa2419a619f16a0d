import { randomUUID } from "node:crypto";
import { describeMalformedRequests } from "./malformed-requests-api.suite";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "malformed requests, distributed (MongoDB + NATS + Redis)", () => {
  describeMalformedRequests("gateway and services as separate brokers over NATS", () =>
    startDistributed({
      mongoUrl: mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_malformed_${randomUUID().slice(0, 8)}`),
      natsUrl: serverUrl("nats") as string,
      redisUrl: serverUrl("redis") as string,
    }),
  );
});
