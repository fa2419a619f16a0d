import { randomUUID } from "node:crypto";
import { describeReportsApi } from "./reports-api.suite";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "reports API, distributed (MongoDB + NATS + Redis)", () => {
  describeReportsApi("gateway and services as separate brokers over NATS", () =>
    startDistributed({
      mongoUrl: mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_rep_${randomUUID().slice(0, 8)}`),
      natsUrl: serverUrl("nats") as string,
      redisUrl: serverUrl("redis") as string,
    }),
  );
});
