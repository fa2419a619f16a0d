import { declareService } from "../../shared/traits";

/**
 * What a process running the events service must open, and what its Deployment is given
 * (docs/design.md). Distributed, its history is the JetStream stream and it keeps no
 * documents. Embedded (every service in one process), it writes its log to the store the
 * process has opened for the others (docs/live-updates.md).
 */
export const eventsTraits = declareService({
  name: "events",
  keepsDocuments: false,
  announcesEvents: false,
  // It reads one organization's events back from JetStream for a stream that resumes.
  consumesEvents: true,
  // Embedded, it prunes its log.
  sweeps: true,
  holdsSigningKey: false,
  load: async () => (await import("./events.service.js")).eventsService,
});
