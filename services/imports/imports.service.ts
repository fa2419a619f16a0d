import type { Readable } from "node:stream";
import type { ServiceSchema } from "moleculer";
import { routedActions } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { IMPORT_JOBS_COLLECTION, type ImportJobDocument } from "./import-job";
import { getImport, startImport, type ImportDependencies } from "./imports";
import { JobStore } from "./job-store";
import { importOperations } from "./operations";

/** Wiring only: the operations table, the use cases behind it, and the jobs collection. */
export function importsService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  return stintService<ImportDependencies>({
    name: importOperations.service,

    async open(service) {
      const jobs = new JobStore(await store.collection<ImportJobDocument>(IMPORT_JOBS_COLLECTION));
      return {
        jobs,
        caller: service.broker,
        onFailure: (error, jobId) => service.logger.error({ err: error, jobId }, "import failed"),
      };
    },

    actions: (started) =>
      routedActions(importOperations, {
        create: async (input, who, ctx) => ({ data: await startImport(started(), who, input.body, ctx.stream as Readable | null) }),
        get: async (input, who) => ({ data: await getImport(started().jobs, who, input.params.id) }),
      }),
  });
}
