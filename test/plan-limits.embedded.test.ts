import { describePlanLimits } from "./rate-limits.suite";
import { embeddedPlanDeployment } from "./support/plan-deployments";

describePlanLimits("plans and Style B limits, embedded mode (plan set while Stint is stopped)", embeddedPlanDeployment);
