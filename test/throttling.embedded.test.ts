import { startEmbedded } from "./support/stint";
import { describeThrottling } from "./throttling.suite";

describeThrottling("failed sign-ins and refused credentials, embedded mode (memory counters)", (clock) =>
  startEmbedded({}, undefined, { clock: clock.now }),
);
