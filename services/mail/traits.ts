import { declareService } from "../../shared/traits";

/** What a process running the mail service must open, and what its Deployment is given (docs/design.md). */
export const mailTraits = declareService({
  name: "mail",
  keepsDocuments: true,
  announcesEvents: false,
  consumesEvents: false,
  sweeps: true,
  holdsSigningKey: false,
  load: async () => (await import("./mail.service.js")).mailService,
});
