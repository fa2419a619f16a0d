import { describeTasksApi } from "./tasks-api.suite";
import { startEmbedded } from "./support/stint";

describeTasksApi("tasks API, embedded mode (one process, embedded store, memory counters)", () => startEmbedded());
