import type { Permission } from "../../shared/identity";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { Delimiter, ImportJob } from "./contract";

/** An import as stored: who started it, from what, and how far it has come. */
export interface ImportJobDocument extends StoredDocument, Omit<ImportJob, "id"> {
  organization_id: string;
  /** How the file's cells are separated, as its header showed. */
  delimiter: Delimiter;
  /** The last row the counts account for: where an import taken over goes on from. */
  rows_done_to: number;
  /** What the credential that started it could do: a resumed import does no more (nor more than the person's role now allows). */
  permissions: Permission[];
  /** The process running the import (`node/instance`), or `null` when none does: its process stopped, and another resumes it. */
  worker: string | null;
  /** When the running process last said it was still at work. */
  heartbeat_at: string;
  updated_at: string;
}

export const IMPORT_JOBS_COLLECTION: CollectionSpec = {
  name: "import_jobs",
  indexes: [{ fields: { organization_id: 1, created_at: -1 } }, { fields: { status: 1 } }],
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
    // Imports recorded before the format was reported read their dates the vendor's way.
    date_format: doc.date_format ?? (doc.source === "stint" ? "YYYY-MM-DD" : "MM/DD/YYYY"),
    date_format_source: doc.date_format_source ?? "default",
    created_at: doc.created_at,
    finished_at: doc.finished_at,
  };
}
