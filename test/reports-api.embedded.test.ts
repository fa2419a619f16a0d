import { describeReportsApi } from "./reports-api.suite";
import { startEmbedded } from "./support/stint";

describeReportsApi("reports API, embedded mode (one process, embedded store, memory counters)", () => startEmbedded());
