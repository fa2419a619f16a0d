import { declareService } from "../../shared/traits";

/** What a process running the projects service must open, and what its Deployment is given (docs/design.md). */
export const projectsTraits = declareService({
  name: "projects",
  keepsDocuments: true,
  announcesEvents: true,
  consumesEvents: true,
  sweeps: false,
  holdsSigningKey: false,
  load: async () => (await import("./projects.service.js")).projectsService,
});
