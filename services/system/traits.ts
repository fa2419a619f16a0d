import { declareService } from "../../shared/traits";

/** What a process running the system service must open, and what its Deployment is given (docs/design.md). */
export const systemTraits = declareService({
  name: "system",
  keepsDocuments: false,
  announcesEvents: false,
  consumesEvents: false,
  sweeps: false,
  holdsSigningKey: false,
  load: async () => (await import("./system.service.js")).systemService,
});
