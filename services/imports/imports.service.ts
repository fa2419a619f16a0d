import { join } from "node:path";
import type { Readable } from "node:stream";
import type { Context, ServiceBroker, ServiceSchema } from "moleculer";
import { runMode } from "../../shared/config";
import { routedActions, withStatus } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { sweepPeriodically } from "../../shared/sweep";
import { workerNameOf, workerState } from "../../shared/workers";
import { IMPORT_JOBS_COLLECTION, type ImportJobDocument } from "./import-job";
import { getImport, startImport, type ImportDependencies } from "./imports";
import { JobStore } from "./job-store";
import { KeptFiles } from "./kept-files";
import { importOperations } from "./operations";
import { recoverImports, type Liveness } from "./recovery";
import { HEARTBEAT_MS } from "./run";

interface ImportsState extends ImportDependencies {
  /** Looks for imports whose process is gone (one look at a time in this process). */
  lookForAbandoned(): Promise<object>;
  stopLooking(): void;
}

/** The services an import calls. */
const CALLED = ["auth", "projects", "timeEntries"];

/** Whether the process a job names as its worker (`node/instance`) is still on the bus. */
function livenessOf(broker: ServiceBroker, alone: boolean): Liveness {
  return {
    alone,
    servicesReady: () =>
      broker.waitForServices(CALLED, 10_000).then(
        () => true,
        () => false,
      ),
    isAlive: (worker) => workerState(broker, worker) === "alive",
  };
}

/**
 * Wiring only: the operations table, the use cases behind it, the jobs collection, the kept
 * files, and the look for imports whose process is gone (at start, when a node leaves the
 * bus, and every few seconds).
 */
export function importsService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  return stintService<ImportsState>({
    name: importOperations.service,

    async open(service) {
      const jobs = new JobStore(await store.collection<ImportJobDocument>(IMPORT_JOBS_COLLECTION));
      const files = new KeptFiles(join(deps.config.dataDir, "imports"));
      await files.open();
      const broker = service.broker;
      const use: ImportDependencies = {
        jobs,
        files,
        caller: broker,
        worker: workerNameOf(broker),
        running: new Map(),
        onFailure: (error, jobId) => service.logger.error({ err: error, jobId }, "import failed"),
        onTakenOver: (jobId, outcome, fromRow) =>
          service.logger.info(
            { jobId, outcome, fromRow },
            outcome === "resumed"
              ? "resumed an import whose process had stopped"
              : "ended an import whose process had stopped: its file is not here",
          ),
      };
      const liveness = livenessOf(broker, runMode(deps.config) === "embedded");
      let looking: Promise<object> | null = null;
      const lookForAbandoned = () =>
        (looking ??= (async () => {
          const counts = await recoverImports(use, liveness);
          const leftOvers = await files.removeLeftOvers((id) => jobs.isRunning(id), Date.now());
          return { ...counts, leftOvers };
        })().finally(() => (looking = null)));
      // The first look comes once every service of this process has started ($broker.started), then every few seconds.
      const stopLooking = sweepPeriodically("imports", lookForAbandoned, service.logger, HEARTBEAT_MS);
      return { ...use, lookForAbandoned, stopLooking };
    },

    async close(state) {
      state.stopLooking();
      // Each import stops after its batch and is left for the next process to resume.
      for (const run of state.running.values()) run.stop.requested = true;
      await Promise.all([...state.running.values()].map((run) => run.done));
    },

    events: (started) => {
      const look = () => {
        try {
          started()
            .lookForAbandoned()
            .catch(() => undefined);
        } catch {
          // Not started yet: the periodic look comes anyway.
        }
      };
      return {
        "$broker.started": { handler: (_ctx: Context) => look() },
        "$node.disconnected": { handler: (_ctx: Context) => look() },
      };
    },

    actions: (started) =>
      routedActions(importOperations, {
        async create(input, who, ctx) {
          const started_ = await startImport(started(), who, input.body, ctx.stream as Readable | null);
          return "preview" in started_ ? withStatus(200, { data: started_.preview }) : { data: started_.job };
        },
        get: async (input, who) => ({ data: await getImport(started().jobs, who, input.params.id) }),
      }),
  });
}
