import { declareService } from "../../shared/traits";

/** What a process running the users service must open, and what its Deployment is given (docs/design.md). */
export const usersTraits = declareService({
  name: "users",
  keepsDocuments: true,
  announcesEvents: true,
  consumesEvents: false,
  sweeps: true,
  holdsSigningKey: false,
  load: async () => (await import("./users.service.js")).usersService,
});
