import { randomUUID } from "node:crypto";
import { describeTasksApi } from "./tasks-api.suite";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "tasks API, distributed (MongoDB + NATS + Redis)", () => {
  describeTasksApi("gateway and services as separate brokers over NATS", () =>
    startDistributed({
      mongoUrl: mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_tasks_${randomUUID().slice(0, 8)}`),
      natsUrl: serverUrl("nats") as string,
      redisUrl: serverUrl("redis") as string,
    }),
  );
});
