import { randomUUID } from "node:crypto";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "./support/servers";
import { startDistributed } from "./support/stint";
import { describeWebhooksApi } from "./webhooks-api.suite";

describeWithServers(["mongo", "nats", "redis"], "webhooks API, distributed (MongoDB + NATS + Redis)", () => {
  describeWebhooksApi("gateway and services as separate brokers over NATS", (env) =>
    startDistributed(
      {
        mongoUrl: mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_api_${randomUUID().slice(0, 8)}`),
        natsUrl: serverUrl("nats") as string,
        redisUrl: serverUrl("redis") as string,
      },
      `-${randomUUID().slice(0, 6)}`,
      env,
    ),
  );
});
