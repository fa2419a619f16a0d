import { declareService } from "../../shared/traits";

/** What a process running the oauth service must open, and what its Deployment is given (docs/design.md). */
export const oauthTraits = declareService({
  name: "oauth",
  keepsDocuments: true,
  announcesEvents: false,
  consumesEvents: false,
  sweeps: true,
  holdsSigningKey: true,
  load: async () => (await import("./oauth.service.js")).oauthService,
});
