import { describeRateLimits } from "./rate-limits.suite";

describeRateLimits("distributed");
