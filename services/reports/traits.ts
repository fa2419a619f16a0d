import { declareService } from "../../shared/traits";

/** What a process running the reports service must open, and what its Deployment is given (docs/design.md). */
export const reportsTraits = declareService({
  name: "reports",
  keepsDocuments: false,
  announcesEvents: false,
  consumesEvents: false,
  sweeps: false,
  holdsSigningKey: false,
  load: async () => (await import("./reports.service.js")).reportsService,
});
