import { describeImportsApi } from "./imports-api.suite";
import { startEmbedded } from "./support/stint";

describeImportsApi("imports API, embedded mode (one process, embedded store, memory counters)", () => startEmbedded());
