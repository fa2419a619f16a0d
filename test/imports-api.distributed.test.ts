import { randomUUID } from "node:crypto";
import { describeImportsApi } from "./imports-api.suite";
import { describeImportFilesApi } from "./imports-files.suite";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "./support/servers";
import { startDistributed } from "./support/stint";

describeWithServers(["mongo", "nats", "redis"], "imports API, distributed (MongoDB + NATS + Redis)", () => {
  const deployment = () =>
    startDistributed({
      mongoUrl: mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_imp_${randomUUID().slice(0, 8)}`),
      natsUrl: serverUrl("nats") as string,
      redisUrl: serverUrl("redis") as string,
    });
  describeImportsApi("gateway and services as separate brokers over NATS", deployment);
  describeImportFilesApi("imports of real-world files, gateway and services as separate brokers over NATS", deployment);
});
