import { startEmbedded } from "./support/stint";
import { describeWebhooksApi } from "./webhooks-api.suite";

describeWebhooksApi("webhooks API, embedded mode (one process, embedded store, memory counters)", (env) => startEmbedded(env));
