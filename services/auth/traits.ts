import { declareService } from "../../shared/traits";

/** What a process running the auth service must open, and what its Deployment is given (docs/design.md). */
export const authTraits = declareService({
  name: "auth",
  keepsDocuments: true,
  announcesEvents: false,
  consumesEvents: false,
  sweeps: true,
  holdsSigningKey: true,
  load: async () => (await import("./auth.service.js")).authService,
});
