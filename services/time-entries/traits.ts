import { declareService } from "../../shared/traits";

/** What a process running the timeEntries service must open, and what its Deployment is given (docs/design.md). */
export const timeEntriesTraits = declareService({
  name: "timeEntries",
  keepsDocuments: true,
  announcesEvents: true,
  consumesEvents: false,
  sweeps: false,
  holdsSigningKey: false,
  load: async () => (await import("./time-entries.service.js")).timeEntriesService,
});
