import { declareService } from "../shared/traits";
import type { GatewayDependencies } from "./gateway.service";

/** What a process running the gateway must open, and what its Deployment is given (docs/design.md). */
export const gatewayTraits = declareService<"gateway", GatewayDependencies>({
  name: "gateway",
  keepsDocuments: false,
  announcesEvents: false,
  // Distributed, it follows the JetStream stream into its process's live feed (docs/live-updates.md).
  consumesEvents: true,
  sweeps: false,
  // It checks access tokens itself, with the key that signs them.
  holdsSigningKey: true,
  load: async () => (await import("./gateway.service.js")).gatewayService,
});
