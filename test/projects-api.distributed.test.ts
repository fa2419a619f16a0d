import { randomUUID } from "node:crypto";
import { describeProjectsApi } from "./projects-api.suite";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "projects API, distributed (MongoDB + NATS + Redis)", () => {
  describeProjectsApi("gateway and services as separate brokers over NATS", () =>
    startDistributed({
      mongoUrl: mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_api_${randomUUID().slice(0, 8)}`),
      natsUrl: serverUrl("nats") as string,
      redisUrl: serverUrl("redis") as string,
    }),
  );
});
