import { describeThrottling } from "./throttling.suite";

describeThrottling("embedded");
