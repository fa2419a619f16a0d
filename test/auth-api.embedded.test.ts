import { describeAuthApi } from "./auth-api.suite";
import { startEmbedded } from "./support/stint";

describeAuthApi("accounts, sessions and credentials, embedded mode", () => startEmbedded());
