import { openEmbeddedStore, type EmbeddedStoreOptions } from "./embedded";
import type { DocumentStore } from "./port";

/**
 * MongoDB when `mongoUrl` is set, the embedded store under `dataDir` otherwise. The MongoDB
 * driver is loaded only when used: an embedded process never holds it (docs/design.md, "Memory at rest").
 */
export async function openStore(options: { mongoUrl?: string; dataDir: string } & EmbeddedStoreOptions): Promise<DocumentStore> {
  if (!options.mongoUrl) return openEmbeddedStore(options.dataDir, { onMigrated: options.onMigrated });
  const { openMongoStore } = await import("./mongo.js");
  return openMongoStore(options.mongoUrl);
}
