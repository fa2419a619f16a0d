import type { Readable } from "node:stream";
import { isManager } from "../../shared/access";
import type { Caller } from "../../shared/client";
import { ApiError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { Identity } from "../../shared/identity";
import { isoSeconds } from "../../shared/time";
import { presentImportJob, type ImportJobDocument } from "./import-job";
import type { CreateImportInput } from "./inputs";
import type { JobStore } from "./job-store";
import { LAYOUTS } from "./layouts";
import { checkColumns, receiveFile, removeFile } from "./receive";
import { runImport } from "./run";
import type { ImportJob } from "./contract";

export interface ImportDependencies {
  jobs: JobStore;
  /** Calls other services after the request has been answered. */
  caller: Caller;
  onFailure(error: unknown, jobId: string): void;
}

/**
 * Receives the file, checks its header, records the job and starts the import in the
 * background; the caller follows it with `GET /imports/:id`.
 */
export async function startImport(
  deps: ImportDependencies,
  who: Identity,
  input: CreateImportInput["body"],
  file: Readable | null,
): Promise<ImportJob> {
  if (!file) throw ApiError.validation([{ field: "file", reason: "required", message: "is required: a form field holding the file" }]);
  const id = newId("importJob");
  const layout = LAYOUTS[input.source];
  const received = await receiveFile(file, id);
  try {
    checkColumns(received, layout, input.source);
  } catch (error) {
    await removeFile(received);
    throw error;
  }
  const now = isoSeconds();
  const job: ImportJobDocument = {
    _id: id,
    organization_id: who.organizationId,
    user_id: who.userId,
    source: input.source,
    timezone: input.timezone,
    status: "running",
    rows_total: 0,
    rows_imported: 0,
    rows_skipped: 0,
    errors: [],
    created_at: now,
    updated_at: now,
    finished_at: null,
  };
  await deps.jobs.insert(job);
  void runImport(deps.caller, deps.jobs, { job, who, layout, file: received }).catch((error: unknown) => deps.onFailure(error, id));
  return presentImportJob(job);
}

/** An import of the caller's organization: a member's own, or any for those who manage it. */
export async function getImport(jobs: JobStore, who: Identity, id: string): Promise<ImportJob> {
  const doc = await jobs.find(who.organizationId, id);
  if (!doc || (!isManager(who) && doc.user_id !== who.userId)) throw ApiError.notFound("Import");
  return presentImportJob(doc);
}
