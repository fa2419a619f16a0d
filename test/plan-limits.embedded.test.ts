import { describePlanLimits } from "./rate-limits.suite";

describePlanLimits("embedded");
