import { startEmbedded } from "./support/stint";
import { describeWebSession, REPEAT_SECONDS } from "./web-session.suite";

describeWebSession("the web application's session cookie, embedded mode", () =>
  startEmbedded({ WEB_SESSION_REPEAT_SECONDS: String(REPEAT_SECONDS) }),
);
