import { declareService } from "../../shared/traits";

/** What a process running the webhooks service must open, and what its Deployment is given (docs/design.md). */
export const webhooksTraits = declareService({
  name: "webhooks",
  keepsDocuments: true,
  announcesEvents: false,
  consumesEvents: true,
  sweeps: true,
  holdsSigningKey: false,
  load: async () => (await import("./webhooks.service.js")).webhooksService,
});
