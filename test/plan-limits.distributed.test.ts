import { describePlanLimits } from "./rate-limits.suite";
import { distributedPlanDeployment } from "./support/plan-deployments";
import { describeWithServers, testServers } from "./support/servers";

describeWithServers(["mongo", "nats", "redis"], "plans and Style B limits, distributed (plan set while Stint runs)", () => {
  describePlanLimits("every gateway told through Redis", () => distributedPlanDeployment(testServers("plans")));
});
