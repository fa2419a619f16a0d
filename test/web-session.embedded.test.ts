import { startEmbedded } from "./support/stint";
import { describeWebSession } from "./web-session.suite";

describeWebSession("the web application's session cookie, embedded mode", () => startEmbedded());
