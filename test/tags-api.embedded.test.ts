import { describeTagsApi } from "./tags-api.suite";
import { startEmbedded } from "./support/stint";

describeTagsApi("tags API, embedded mode (one process, embedded store, memory counters)", () => startEmbedded());
