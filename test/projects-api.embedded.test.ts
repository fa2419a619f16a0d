import { describeProjectsApi } from "./projects-api.suite";
import { startEmbedded } from "./support/stint";

describeProjectsApi("projects API, embedded mode (one process, embedded store, memory counters)", () => startEmbedded());
