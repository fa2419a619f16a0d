import { describeImportsApi } from "./imports-api.suite";
import { describeImportFilesApi } from "./imports-files.suite";
import { startEmbedded } from "./support/stint";

describeImportsApi("imports API, embedded mode (one process, embedded store, memory counters)", () => startEmbedded());
describeImportFilesApi("imports of real-world files, embedded mode", () => startEmbedded());
