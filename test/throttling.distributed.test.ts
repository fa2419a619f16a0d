import { describeThrottling } from "./throttling.suite";

describeThrottling("distributed");
