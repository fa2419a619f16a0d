import { describeWithServers, testServers } from "./support/servers";
import { startDistributed } from "./support/stint";
import { describeWebSession, REPEAT_SECONDS } from "./web-session.suite";

describeWithServers(["mongo", "nats", "redis"], "the web application's session cookie, distributed (MongoDB + NATS + Redis)", () => {
  describeWebSession("gateway and services as separate brokers over NATS", () =>
    startDistributed(testServers("websession"), "", { WEB_SESSION_REPEAT_SECONDS: String(REPEAT_SECONDS) }),
  );
});
