import { describeOAuthApi } from "./oauth-api.suite";
import { startEmbedded } from "./support/stint";

describeOAuthApi("OAuth 2.0, embedded mode", (env, clock) => startEmbedded(env, undefined, { clock }));
