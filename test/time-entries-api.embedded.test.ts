import { startEmbedded } from "./support/stint";
import { describeTimeEntriesApi } from "./time-entries-api.suite";

describeTimeEntriesApi("time entries API, embedded mode (one process, embedded store, memory counters)", () => startEmbedded());
