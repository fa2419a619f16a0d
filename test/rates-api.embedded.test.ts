import { describeRatesApi } from "./rates-api.suite";
import { startEmbedded } from "./support/stint";

describeRatesApi("rates API, embedded mode (one process, embedded store, memory counters)", () => startEmbedded());
