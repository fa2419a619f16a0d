import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import { isManager } from "../../shared/access";
import type { Caller } from "../../shared/client";
import type { Identity } from "../../shared/identity";
import { isoSeconds } from "../../shared/time";
import { authClient } from "../auth/client";
import { projectsClient, type ProjectsByName } from "../projects/client";
import { timeEntriesClient, type ImportedEntry } from "../time-entries/client";
import { importedEntryId, Occurrences } from "./entry-ids";
import type { ImportJobDocument } from "./import-job";
import type { JobStore } from "./job-store";
import type { Cells, Layout, ParsedRow } from "./layouts";
import { removeFile, type ReceivedFile } from "./receive";
import { MAX_REPORTED_ERRORS, type RowError } from "./contract";

/** Rows per turn: one question to each service and one write of the job per batch. */
const BATCH_ROWS = 500;

export interface ImportRun {
  job: ImportJobDocument;
  who: Identity;
  layout: Layout;
  file: ReceivedFile;
}

type Project = ProjectsByName[string];

/** What one import has learnt so far, so that each name is asked about once. */
interface Known {
  emails: Map<string, string | null>;
  names: Map<string, string | null>;
  projects: Map<string, Project | null>;
}

const nameKey = (name: string) => name.toLocaleLowerCase("en-US");
const personName = (name: string) => name.trim().replace(/\s+/g, " ").toLocaleLowerCase("en-US");

class Progress {
  total = 0;
  imported = 0;
  skipped = 0;
  readonly errors: RowError[] = [];

  refuse(error: RowError): void {
    this.skipped += 1;
    if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push(error);
  }

  counts(): Pick<ImportJobDocument, "rows_total" | "rows_imported" | "rows_skipped" | "errors"> {
    return { rows_total: this.total, rows_imported: this.imported, rows_skipped: this.skipped, errors: [...this.errors] };
  }
}

async function learnPeople(caller: Caller, organizationId: string, rows: readonly ParsedRow[], known: Known): Promise<void> {
  const emails = [
    ...new Set(
      rows.flatMap((row) => (row.person && "email" in row.person && !known.emails.has(row.person.email) ? [row.person.email] : [])),
    ),
  ];
  const names = [
    ...new Set(
      rows.flatMap((row) =>
        row.person && "name" in row.person && !known.names.has(personName(row.person.name)) ? [personName(row.person.name)] : [],
      ),
    ),
  ];
  if (emails.length === 0 && names.length === 0) return;
  const found = await authClient.over(caller).resolveUsers({ organizationId, emails, names });
  for (const email of emails) known.emails.set(email, found.emails[email] ?? null);
  for (const name of names) known.names.set(name, found.names[name] ?? null);
}

async function learnProjects(
  caller: Caller,
  organizationId: string,
  rows: readonly ParsedRow[],
  known: Known,
  create: boolean,
): Promise<void> {
  const wanted = new Map<string, { name: string; tasks: Map<string, string> }>();
  for (const row of rows) {
    const key = nameKey(row.project);
    const project = known.projects.get(key);
    const taskMissing = row.task !== null && project && !(nameKey(row.task) in project.tasks);
    if (project === null || (project && !taskMissing)) continue;
    const entry = wanted.get(key) ?? { name: row.project, tasks: new Map<string, string>() };
    if (row.task !== null) entry.tasks.set(nameKey(row.task), row.task);
    wanted.set(key, entry);
  }
  if (wanted.size === 0) return;
  const found = await projectsClient.over(caller).ensureByNames({
    organizationId,
    create,
    projects: [...wanted.values()].map((project) => ({ name: project.name, tasks: [...project.tasks.values()] })),
  });
  for (const key of wanted.keys()) {
    const answer = found[key];
    const before = known.projects.get(key);
    known.projects.set(key, answer ? { ...answer, tasks: { ...before?.tasks, ...answer.tasks } } : null);
  }
}

/** Who a row's time belongs to, or why it cannot be imported by this caller. */
function ownerOf(row: ParsedRow, who: Identity, known: Known): string | { reason: string } {
  let userId: string | null;
  if (row.person === null) userId = who.userId;
  else if ("email" in row.person) userId = known.emails.get(row.person.email) ?? null;
  else {
    userId = known.names.get(personName(row.person.name)) ?? null;
    if (userId === null && known.names.has(personName(row.person.name))) return { reason: "names no single person of this organization" };
  }
  if (userId === null) return { reason: "is not a user of this organization" };
  if (userId !== who.userId && !isManager(who)) return { reason: "names another person: a member imports only their own time" };
  return userId;
}

async function importBatch(
  caller: Caller,
  run: ImportRun,
  batch: readonly { row: number; reading: ReturnType<Layout["read"]> }[],
  known: Known,
  occurrences: Occurrences,
  progress: Progress,
): Promise<void> {
  const { who, layout, job } = run;
  const refused: RowError[] = [];
  const readable: { row: number; parsed: ParsedRow }[] = [];
  for (const { row, reading } of batch) {
    if ("field" in reading) refused.push({ row, field: reading.field, reason: reading.reason });
    else readable.push({ row, parsed: reading.row });
  }
  const rows = readable.map((item) => item.parsed);
  // A member may not make projects by hand, nor by import; an API key needs projects:write too.
  const mayCreate = isManager(who) && who.permissions.includes("projects:write");
  await Promise.all([
    learnPeople(caller, who.organizationId, rows, known),
    learnProjects(caller, who.organizationId, rows, known, mayCreate),
  ]);
  const missingPlace = mayCreate
    ? "could not be found or made"
    : "is not a project of this organization (only an admin's import makes projects)";
  const entries: ImportedEntry[] = [];
  for (const { row, parsed } of readable) {
    const owner = ownerOf(parsed, who, known);
    if (typeof owner !== "string") {
      refused.push({ row, field: layout.fields.person, reason: owner.reason });
      continue;
    }
    const project = known.projects.get(nameKey(parsed.project));
    if (!project) {
      refused.push({ row, field: layout.fields.project, reason: missingPlace });
      continue;
    }
    const task = parsed.task === null ? null : project.tasks[nameKey(parsed.task)];
    if (task === undefined) {
      refused.push({
        row,
        field: layout.fields.task,
        reason: mayCreate ? "could not be found or made" : "is not a task of this project (only an admin's import makes tasks)",
      });
      continue;
    }
    const identity = [
      owner,
      parsed.start,
      parsed.end,
      nameKey(parsed.project),
      parsed.task === null ? "" : nameKey(parsed.task),
      parsed.description,
    ].join("\n");
    entries.push({
      id: importedEntryId(who.organizationId, job.source, occurrences.next(identity)),
      user_id: owner,
      project_id: project.id,
      task_id: task?.id ?? null,
      description: parsed.description,
      start_time: parsed.start,
      end_time: parsed.end,
      billable: parsed.billable ?? task?.billable ?? project.billable,
    });
  }
  const { inserted } =
    entries.length === 0
      ? { inserted: 0 }
      : await timeEntriesClient.over(caller).importEntries({ organizationId: who.organizationId, entries });
  // Errors in the file's order, whichever check found them.
  for (const error of refused.sort((a, b) => a.row - b.row)) progress.refuse(error);
  progress.imported += inserted;
  // Rows already imported before (a re-import) are skipped without an error.
  progress.skipped += entries.length - inserted;
}

/**
 * Reads the received file row by row and imports it in batches, keeping the job's counts
 * up to date after each. Runs after the request has been answered; whatever happens, the
 * job ends `succeeded` or `failed` and the file is removed.
 */
export async function runImport(caller: Caller, jobs: JobStore, run: ImportRun): Promise<void> {
  const progress = new Progress();
  const known: Known = { emails: new Map(), names: new Map(), projects: new Map() };
  const occurrences = new Occurrences();
  let status: "succeeded" | "failed" = "succeeded";
  try {
    const parser = createReadStream(run.file.path).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
    let index: Map<string, number> | undefined;
    let rowNumber = 0;
    let batch: { row: number; reading: ReturnType<Layout["read"]> }[] = [];
    const flush = async () => {
      await importBatch(caller, run, batch, known, occurrences, progress);
      batch = [];
      await jobs.update(run.job._id, { ...progress.counts(), updated_at: isoSeconds() });
    };
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      if (!index) {
        index = new Map(record.map((column, at) => [column.trim().toLowerCase(), at]));
        continue;
      }
      const cells: Cells = (header) => {
        const at = index?.get(header);
        return at === undefined ? "" : (record[at] ?? "");
      };
      progress.total += 1;
      batch.push({ row: rowNumber, reading: run.layout.read(cells, run.job.timezone) });
      if (batch.length >= BATCH_ROWS) await flush();
    }
    if (batch.length > 0) await flush();
  } catch (error) {
    status = "failed";
    const reason =
      error instanceof Error && "code" in error && typeof error.code === "string" && error.code.startsWith("CSV_")
        ? `is not a readable CSV from here on: ${error.message}`
        : "could not be imported to its end";
    if (progress.errors.length < MAX_REPORTED_ERRORS) progress.errors.push({ row: progress.total + 2, field: "file", reason });
    throw error;
  } finally {
    const now = isoSeconds();
    await jobs.update(run.job._id, { ...progress.counts(), status, updated_at: now, finished_at: now }).catch(() => undefined);
    await removeFile(run.file);
  }
}
