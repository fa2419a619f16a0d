import { declareService } from "../shared/traits";
import type { GatewayDependencies } from "./gateway.service";

/** What a process running the gateway must open, and what its Deployment is given (docs/design.md). */
export const gatewayTraits = declareService<"gateway", GatewayDependencies>({
  name: "gateway",
  keepsDocuments: false,
  announcesEvents: false,
  consumesEvents: false,
  sweeps: false,
  // It checks access tokens itself, with the key that signs them.
  holdsSigningKey: true,
  load: async () => (await import("./gateway.service.js")).gatewayService,
});
