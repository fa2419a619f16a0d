import { describeBudgetsApi } from "./budgets-api.suite";
import { startEmbedded } from "./support/stint";

describeBudgetsApi("budgets API, embedded mode (one process, embedded store, memory counters)", (env) => startEmbedded(env));
