import { MAX_REPORTED_ERRORS, type RowError } from "./contract";
import type { Caller } from "../../shared/client";
import type { Identity } from "../../shared/identity";
import { isoSeconds } from "../../shared/time";
import { projectsClient } from "../projects/client";
import { timeEntriesClient, type ImportedEntry } from "../time-entries/client";
import { importedEntryId, Occurrences } from "./entry-ids";
import { FileRows } from "./file-rows";
import { type ImportJobDocument } from "./import-job";
import type { JobStore } from "./job-store";
import { headerOf, type Layout } from "./layouts";
import { nameKey, Placer, type PlacedRow } from "./placing";
import { removeFile } from "./receive";
import { readRow, type RowContext, type RowReading } from "./rows";

/** Rows per turn: one question to each service and one write of the job per batch. */
const BATCH_ROWS = 500;

/** How often a running import says that it is still at work, for other processes to see. */
export const HEARTBEAT_MS = 5_000;

export interface ImportRun {
  job: ImportJobDocument;
  who: Identity;
  layout: Layout;
  /** The kept file. */
  path: string;
  /** This process, as jobs name their worker. */
  worker: string;
  /** Set when the service stops: the import stops after its batch and is left for a process to resume. */
  stop: { requested: boolean };
}

/** How a run ended: the job ended (`succeeded` or `failed`), was left for another process, or was taken by one. */
export type RunOutcome = "ended" | "released" | "taken";

class Progress {
  total: number;
  imported: number;
  skipped: number;
  doneTo: number;
  readonly errors: RowError[];

  constructor(job: ImportJobDocument) {
    this.total = job.rows_total;
    this.imported = job.rows_imported;
    this.skipped = job.rows_skipped;
    this.doneTo = job.rows_done_to;
    this.errors = [...job.errors];
  }

  refuse(error: RowError): void {
    this.skipped += 1;
    if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push(error);
  }

  /** Why the import stopped: said whatever the number of refusals before it. */
  stoppedBy(error: RowError): void {
    this.errors.push(error);
  }

  counts(): Pick<ImportJobDocument, "rows_total" | "rows_imported" | "rows_skipped" | "errors" | "rows_done_to"> {
    return {
      rows_total: this.total,
      rows_imported: this.imported,
      rows_skipped: this.skipped,
      errors: [...this.errors],
      rows_done_to: this.doneTo,
    };
  }
}

/** A job written by another process since: this one stops without a further word. */
class TakenOver extends Error {}

interface BatchRow {
  row: number;
  reading: RowReading;
  /** A row an earlier process already counted: placed again only so that equal rows keep their numbers. */
  replay: boolean;
}

/** The entry a placed row becomes; its id is derived from what it is, so importing it again finds it. */
function entryOf(run: ImportRun, placed: PlacedRow, occurrences: Occurrences): ImportedEntry | null {
  const { parsed, project } = placed;
  if (!project) return null;
  const identity = [
    placed.userId,
    parsed.start,
    parsed.end,
    nameKey(parsed.project),
    parsed.task === null ? "" : nameKey(parsed.task),
    parsed.description,
  ].join("\n");
  return {
    id: importedEntryId(run.who.organizationId, run.job.source, occurrences.next(identity)),
    user_id: placed.userId,
    project_id: project.id,
    task_id: placed.task?.id ?? null,
    description: parsed.description,
    start_time: parsed.start,
    end_time: parsed.end,
    billable: parsed.billable ?? placed.task?.billable ?? project.billable,
    tags: parsed.tags,
  };
}

/**
 * Imported time is announced by no event, so the budgets it may have moved are checked
 * here, once per project and month of the batch (docs/api.md#budgets).
 */
async function checkBudgets(caller: Caller, organizationId: string, entries: readonly ImportedEntry[]): Promise<void> {
  const checks = new Map<string, { projectId: string; at: string }>();
  for (const entry of entries)
    checks.set(`${entry.project_id} ${entry.start_time.slice(0, 7)}`, { projectId: entry.project_id, at: entry.start_time });
  if (checks.size > 0) await projectsClient.over(caller).checkBudgets({ organizationId, checks: [...checks.values()] });
}

async function importBatch(
  caller: Caller,
  run: ImportRun,
  placer: Placer,
  batch: readonly BatchRow[],
  occurrences: Occurrences,
  progress: Progress,
): Promise<void> {
  const replayed = new Set(batch.filter((item) => item.replay).map((item) => item.row));
  const { placed, refused } = await placer.place(batch);
  const entries: ImportedEntry[] = [];
  for (const row of placed) {
    const entry = entryOf(run, row, occurrences);
    if (replayed.has(row.row)) continue;
    if (entry) entries.push(entry);
    else refused.push({ row: row.row, field: headerOf({}, run.layout, "project"), reason: "could not be found or made" });
  }
  const { inserted } =
    entries.length === 0
      ? { inserted: 0 }
      : await timeEntriesClient.over(caller).importEntries({ organizationId: run.who.organizationId, entries });
  // Before the batch counts as done: a process that dies first leaves the batch to be run
  // again by the one that takes the import over, checks included.
  await checkBudgets(caller, run.who.organizationId, entries);
  for (const error of refused) if (!replayed.has(error.row)) progress.refuse(error);
  progress.imported += inserted;
  // Rows already imported before (a re-import) are skipped without an error.
  progress.skipped += entries.length - inserted;
}

/**
 * Reads the kept file row by row and imports it in batches, keeping the job's counts up to
 * date after each, from where an earlier process left it if one did. Runs after the request
 * has been answered. The job ends `succeeded` or `failed` (the file then goes), unless the
 * service stops first: the import is then left `running` for a process to resume, its file kept.
 */
export async function runImport(caller: Caller, jobs: JobStore, run: ImportRun, onError: (error: unknown) => void): Promise<RunOutcome> {
  const { job, worker } = run;
  const progress = new Progress(job);
  const occurrences = new Occurrences();
  const file = new FileRows(run.path, job.delimiter, run.layout);
  let taken = false;
  const save = async (changes: Partial<ImportJobDocument>) => {
    const now = isoSeconds();
    if (!(await jobs.update(job._id, worker, { ...changes, heartbeat_at: now, updated_at: now }))) throw new TakenOver();
  };
  const heartbeat = setInterval(() => {
    save({}).catch((error: unknown) => {
      if (error instanceof TakenOver) taken = true;
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = async (): Promise<RunOutcome> => {
    await save({ worker: null }).catch(() => undefined);
    return "released";
  };
  let status: "succeeded" | "failed" = "succeeded";
  try {
    let context: RowContext | undefined;
    let placer: Placer | undefined;
    let batch: BatchRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await importBatch(caller, run, placer as Placer, batch, occurrences, progress);
      progress.doneTo = Math.max(progress.doneTo, (batch.at(-1) as BatchRow).row);
      batch = [];
      await save(progress.counts());
    };
    for await (const record of file.records()) {
      context ??= { layout: run.layout, columns: file.columns, zone: job.timezone, dateFormat: job.date_format };
      placer ??= new Placer(
        caller,
        run.who,
        { project: headerOf(file.columns, run.layout, "project"), task: headerOf(file.columns, run.layout, "task") },
        true,
      );
      const replay = record.row <= job.rows_done_to;
      if (!replay) progress.total += 1;
      batch.push({ row: record.row, reading: readRow(record.cells, context), replay });
      if (batch.length >= BATCH_ROWS) {
        await flush();
        if (taken) throw new TakenOver();
        if (run.stop.requested) return await release();
      }
    }
    await flush();
    if (file.broken) {
      status = "failed";
      progress.stoppedBy({
        row: file.broken.row,
        field: "file",
        reason: `${file.broken.reason}: the file is not readable from this row on; the rows before it are imported`,
      });
    }
  } catch (error) {
    if (error instanceof TakenOver) {
      taken = true;
      return "taken";
    }
    if (run.stop.requested) return await release();
    status = "failed";
    progress.stoppedBy({
      row: progress.doneTo + 1,
      field: "file",
      reason:
        "could not be imported from this row on, as a service did not answer; the rows before it are imported. Import the file again to finish: rows imported already are skipped",
    });
    onError(error);
  } finally {
    clearInterval(heartbeat);
  }
  if (taken) return "taken";
  const now = isoSeconds();
  const ended = await jobs
    .update(job._id, worker, { ...progress.counts(), status, updated_at: now, heartbeat_at: now, finished_at: now })
    .catch(() => false);
  if (ended) await removeFile(run.path);
  return "ended";
}
