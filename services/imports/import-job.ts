import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { ImportJob } from "./contract";

/** An import as stored: who started it, from what, and how far it has come. */
export interface ImportJobDocument extends StoredDocument, Omit<ImportJob, "id"> {
  organization_id: string;
  updated_at: string;
}

export const IMPORT_JOBS_COLLECTION: CollectionSpec = {
  name: "import_jobs",
  indexes: [{ fields: { organization_id: 1, created_at: -1 } }],
};

export function presentImportJob(doc: ImportJobDocument): ImportJob {
  return {
    id: doc._id,
    user_id: doc.user_id,
    source: doc.source,
    timezone: doc.timezone,
    status: doc.status,
    rows_total: doc.rows_total,
    rows_imported: doc.rows_imported,
    rows_skipped: doc.rows_skipped,
    errors: doc.errors,
    created_at: doc.created_at,
    finished_at: doc.finished_at,
  };
}
