import { randomUUID } from "node:crypto";
import { describePlanLimits } from "./rate-limits.suite";
import { distributedPlanDeployment } from "./support/plan-deployments";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "./support/servers";

describeWithServers(["mongo", "nats", "redis"], "plans and Style B limits, distributed (plan set while Stint runs)", () => {
  describePlanLimits("every gateway told through Redis", () =>
    distributedPlanDeployment({
      mongoUrl: mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_plans_${randomUUID().slice(0, 8)}`),
      natsUrl: serverUrl("nats") as string,
      redisUrl: serverUrl("redis") as string,
    }),
  );
});
