import type { ImportJob, ImportPreview } from "./contract";
import type { Readable } from "node:stream";
import { isManager } from "../../shared/access";
import type { Caller } from "../../shared/client";
import { ApiError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { Identity } from "../../shared/identity";
import { isoSeconds } from "../../shared/time";
import { decideDateFormat, type DateDecision } from "./file-values";
import { presentImportJob, type ImportJobDocument } from "./import-job";
import type { CreateImportInput } from "./inputs";
import type { JobStore } from "./job-store";
import type { KeptFiles } from "./kept-files";
import { LAYOUTS, type Layout } from "./layouts";
import { previewImport } from "./preview";
import { receiveFile, removeFile, type ReceivedFile } from "./receive";
import { runImport, type ImportRun } from "./run";

/** The imports this process runs, by id, each with the way to stop it. */
export type RunningImports = Map<string, { stop: ImportRun["stop"]; done: Promise<unknown> }>;

export interface ImportDependencies {
  jobs: JobStore;
  files: KeptFiles;
  /** Calls other services after the request has been answered. */
  caller: Caller;
  /** This process, as jobs name their worker. */
  worker: string;
  running: RunningImports;
  onFailure(error: unknown, jobId: string): void;
  /** An import whose process had gone was resumed here, or ended `failed`. */
  onTakenOver(jobId: string, outcome: "resumed" | "failed", fromRow: number): void;
}

/** How the file's dates are read: Stint's own file has UTC instants and no dates to decide. */
function datesOf(layout: Layout, received: ReceivedFile, requested: CreateImportInput["body"]["date_format"]): DateDecision {
  if (layout.times === "instants") return { format: "YYYY-MM-DD", source: "default" };
  return decideDateFormat(received.evidence, requested, layout.defaultDateFormat);
}

/** Starts a job's run in the background, known to this process until it ends. */
export function launch(deps: ImportDependencies, run: Omit<ImportRun, "stop" | "worker" | "path">): void {
  const stop = { requested: false };
  const id = run.job._id;
  const done = runImport(deps.caller, deps.jobs, { ...run, stop, worker: deps.worker, path: deps.files.pathOf(id) }, (error) =>
    deps.onFailure(error, id),
  )
    .catch((error: unknown) => deps.onFailure(error, id))
    .finally(() => deps.running.delete(id));
  deps.running.set(id, { stop, done });
}

/**
 * Receives the file, reads its header and dates, and either says what the import would do
 * (`dry_run`, nothing kept) or records the job and starts the import in the background; the
 * caller follows it with `GET /imports/:id`.
 */
export async function startImport(
  deps: ImportDependencies,
  who: Identity,
  input: CreateImportInput["body"],
  file: Readable | null,
): Promise<{ job: ImportJob } | { preview: ImportPreview }> {
  if (!file) throw ApiError.validation([{ field: "file", reason: "required", message: "is required: a form field holding the file" }]);
  const id = newId("importJob");
  const layout = LAYOUTS[input.source];
  const received = await receiveFile(file, deps.files.pathOf(id), layout);
  let dates: DateDecision;
  try {
    dates = datesOf(layout, received, input.date_format);
    if (input.dry_run) {
      return { preview: await previewImport(deps.caller, { who, layout, timezone: input.timezone, received, dates }) };
    }
  } catch (error) {
    await removeFile(received.path);
    throw error;
  } finally {
    if (input.dry_run) await removeFile(received.path);
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
    date_format: dates.format,
    date_format_source: dates.source,
    delimiter: received.header.delimiter,
    rows_done_to: 1,
    permissions: [...who.permissions],
    worker: deps.worker,
    heartbeat_at: now,
    created_at: now,
    updated_at: now,
    finished_at: null,
  };
  // Known to this process before it is stored, so that no look for abandoned imports takes it meanwhile.
  deps.running.set(id, { stop: { requested: false }, done: Promise.resolve() });
  try {
    await deps.jobs.insert(job);
  } catch (error) {
    deps.running.delete(id);
    await removeFile(received.path);
    throw error;
  }
  launch(deps, { job, who, layout: LAYOUTS[job.source] });
  return { job: presentImportJob(job) };
}

/** An import of the caller's organization: a member's own, or any for those who manage it. */
export async function getImport(jobs: JobStore, who: Identity, id: string): Promise<ImportJob> {
  const doc = await jobs.find(who.organizationId, id);
  if (!doc || (!isManager(who) && doc.user_id !== who.userId)) throw ApiError.notFound("Import");
  return presentImportJob(doc);
}
