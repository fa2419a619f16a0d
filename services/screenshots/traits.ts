import { declareService } from "../../shared/traits";

/** What a process running the screenshots service must open, and what its Deployment is given (docs/design.md). */
export const screenshotsTraits = declareService({
  name: "screenshots",
  keepsDocuments: true,
  announcesEvents: true,
  consumesEvents: false,
  sweeps: true,
  holdsSigningKey: false,
  load: async () => (await import("./screenshots.service.js")).screenshotsService,
});
