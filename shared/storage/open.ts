import { openEmbeddedStore, type EmbeddedStoreOptions } from "./embedded";
import { openMongoStore } from "./mongo";
import type { DocumentStore } from "./port";

/** MongoDB when `mongoUrl` is set, the embedded store under `dataDir` otherwise. */
export function openStore(options: { mongoUrl?: string; dataDir: string } & EmbeddedStoreOptions): Promise<DocumentStore> {
  return options.mongoUrl ? openMongoStore(options.mongoUrl) : openEmbeddedStore(options.dataDir, { onMigrated: options.onMigrated });
}
