import type { ImportDateFormat, ImportJob, ImportPreview, ImportSource } from "@stint/sdk";
import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "wouter";
import { Page } from "../components/page";
import { ErrorNotice, Success } from "../components/status";
import { TimeZoneSelect } from "../components/time-zone-select";
import { announceChange } from "../lib/changes";
import { browserTimeZone, showDateTime } from "../lib/format";
import { useStint } from "../session/session-context";
import { ImportPreviewView, RowErrors } from "./imports-preview";
import "./imports.css";

const SOURCES: readonly { id: ImportSource; label: string }[] = [
  { id: "stint", label: "Stint (detailed report CSV)" },
  { id: "toggl", label: "Toggl Track" },
  { id: "clockify", label: "Clockify" },
  { id: "harvest", label: "Harvest" },
];
const DATE_FORMATS: readonly { id: ImportDateFormat; label: string }[] = [
  { id: "auto", label: "As the file shows" },
  { id: "MM/DD/YYYY", label: "MM/DD/YYYY" },
  { id: "DD/MM/YYYY", label: "DD/MM/YYYY" },
  { id: "DD.MM.YYYY", label: "DD.MM.YYYY" },
  { id: "YYYY-MM-DD", label: "YYYY-MM-DD" },
];
const POLL_MS = 1000;

function kibibytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KiB` : `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/**
 * The import whose id is in the address, looked at until it finishes, so a reload (or a
 * bookmark) picks a running import up again.
 */
function useImportJob(id: string): { job: ImportJob | null; error: unknown; retry(): void } {
  const client = useStint();
  const [state, setState] = useState<{ id: string; job: ImportJob | null; error: unknown }>({ id, job: null, error: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    let timer: number | undefined;
    const look = async () => {
      try {
        const job = await client.imports.get(id, { signal: controller.signal });
        if (controller.signal.aborted) return;
        setState({ id, job, error: null });
        if (job.status === "running") timer = window.setTimeout(() => void look(), POLL_MS);
        else announceChange("time-entries");
      } catch (error) {
        if (!controller.signal.aborted) setState((previous) => ({ id, job: previous.id === id ? previous.job : null, error }));
      }
    };
    void look();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [client, id, round]);
  const current = state.id === id ? state : { job: null, error: null };
  return { job: current.job, error: current.error, retry: () => setRound((value) => value + 1) };
}

export default function ImportsPage() {
  const client = useStint();
  const [params, setParams] = useSearchParams();
  const jobId = params.get("job") ?? "";
  const [source, setSource] = useState<ImportSource>("stint");
  const [timezone, setTimezone] = useState(browserTimeZone);
  const [dateFormat, setDateFormat] = useState<ImportDateFormat>("auto");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<"previewing" | "uploading" | null>(null);
  const [uploadError, setUploadError] = useState<unknown>(null);
  // The preview of exactly what the form holds now; any change asks for a new one.
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const { job, error: jobError, retry } = useImportJob(jobId);

  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
    };
  const request = () => (file ? { source, file, filename: file.name, timezone, dateFormat } : null);

  const previewFile = async (event: FormEvent) => {
    event.preventDefault();
    const params = request();
    if (!params) return;
    setBusy("previewing");
    setUploadError(null);
    setPreview(null);
    try {
      setPreview(await client.imports.preview(params));
    } catch (failure) {
      setUploadError(failure);
    } finally {
      setBusy(null);
    }
  };

  const importFile = async () => {
    const params = request();
    if (!params) return;
    setBusy("uploading");
    setUploadError(null);
    try {
      const started = await client.imports.create(params);
      setPreview(null);
      setParams(new URLSearchParams({ job: started.id }));
    } catch (failure) {
      setUploadError(failure);
    } finally {
      setBusy(null);
    }
  };

  const running = busy !== null || (jobId !== "" && (job === null || job.status === "running") && !jobError);
  return (
    <Page title="Imports">
      <form className="card stack import-form" aria-labelledby="import-form-title" onSubmit={(event) => void previewFile(event)}>
        <h2 id="import-form-title">Import time entries from a CSV file</h2>
        <p className="hint">
          Projects and tasks are matched by name and people by email; importing the same file again adds nothing twice. You see what the
          import would do before it does it.
        </p>
        <div className="row">
          <div className="field">
            <label className="field-label" htmlFor="import-exported-from">
              Exported from
            </label>
            <select id="import-exported-from" value={source} onChange={(event) => changed(setSource)(event.target.value as ImportSource)}>
              {SOURCES.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <TimeZoneSelect label="Time zone of the file's times" value={timezone} onChange={changed(setTimezone)} />
          <div className="field">
            <label className="field-label" htmlFor="import-date-format">
              Dates like 03/04/2026
            </label>
            <select
              id="import-date-format"
              value={dateFormat}
              onChange={(event) => changed(setDateFormat)(event.target.value as ImportDateFormat)}
            >
              {DATE_FORMATS.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {source === "stint" ? (
          <p className="hint">Stint's own files are in UTC; the time zone and date format are not used for them.</p>
        ) : null}
        <div className="field">
          <label className="field-label" htmlFor="import-csv-file">
            CSV file (at most 100 MiB)
          </label>
          <input
            id="import-csv-file"
            type="file"
            accept=".csv,.tsv,.txt,text/csv"
            required
            onChange={(event) => changed(setFile)(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="row">
          <button type="submit" disabled={!file || running}>
            Preview
          </button>
        </div>
        <ErrorNotice error={uploadError} />
      </form>

      {preview ? (
        <div className="card stack">
          <ImportPreviewView preview={preview} />
          <div className="row">
            <button
              type="button"
              className="button-primary"
              disabled={running || preview.rows_importable === 0}
              onClick={() => void importFile()}
            >
              Import {preview.rows_importable} {preview.rows_importable === 1 ? "row" : "rows"}
            </button>
            <button type="button" className="button-secondary" disabled={running} onClick={() => setPreview(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}

      <div role="status" aria-live="polite" className="stack">
        {busy && file ? (
          <>
            <p>
              {busy === "previewing" ? "Reading" : "Uploading"} {file.name} ({kibibytes(file.size)})…
            </p>
            <progress aria-label={busy === "previewing" ? "Reading the file" : "Uploading the file"} />
          </>
        ) : job?.status === "running" ? (
          <>
            <p>Importing: {job.rows_total} rows read so far…</p>
            <progress aria-label="Import in progress" />
          </>
        ) : null}
      </div>
      <ErrorNotice error={jobError} onRetry={retry} />
      {job && job.status !== "running" ? <ImportResult job={job} /> : null}
    </Page>
  );
}

function ImportResult({ job }: { job: ImportJob }) {
  const refused = job.errors.length;
  return (
    <section className="stack" aria-labelledby="import-result-title">
      <h2 id="import-result-title">Result</h2>
      {job.status === "succeeded" ? (
        <Success lasting>The import finished {showDateTime(job.finished_at)}.</Success>
      ) : (
        <div className="notice notice-error" role="alert">
          <p>
            The import stopped part-way, at the row the last problem names. The rows before it are imported; importing the file again
            finishes it without adding them twice.
          </p>
        </div>
      )}
      <dl className="import-counts">
        <div>
          <dt>Rows read</dt>
          <dd data-testid="rows-total">{job.rows_total}</dd>
        </div>
        <div>
          <dt>Imported</dt>
          <dd data-testid="rows-imported">{job.rows_imported}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd data-testid="rows-skipped">{job.rows_skipped}</dd>
        </div>
        <div>
          <dt>Refused</dt>
          <dd data-testid="rows-refused">{refused}</dd>
        </div>
      </dl>
      <p className="hint">
        Skipped rows are those imported before and those refused.{refused >= 100 ? " Only the first 100 refusals are listed." : ""}
      </p>
      {refused > 0 ? <RowErrors errors={job.errors} region="Refused rows" caption="Rows that were refused" hideCaption /> : null}
    </section>
  );
}
