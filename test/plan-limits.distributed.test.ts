import { describePlanLimits } from "./rate-limits.suite";

describePlanLimits("distributed");
