import { declareService } from "../../shared/traits";

/** What a process running the imports service must open, and what its Deployment is given (docs/design.md). */
export const importsTraits = declareService({
  name: "imports",
  keepsDocuments: true,
  announcesEvents: false,
  consumesEvents: false,
  sweeps: true,
  holdsSigningKey: false,
  load: async () => (await import("./imports.service.js")).importsService,
});
