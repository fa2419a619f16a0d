import type { ExportFormat, ReportFile } from "@stint/sdk";
import { useEffect, useRef, useState } from "react";
import { ErrorNotice } from "../components/status";

export type ExportKind = "summary" | "detailed";

interface Ready {
  url: string;
  filename: string;
}

const MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Hands a file to the browser's download, through a link a script clicks for the person. */
function offer(ready: Ready): void {
  const link = document.createElement("a");
  link.href = ready.url;
  link.download = ready.filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads of the report as it is selected, CSV or XLSX, summary or every entry. The file
 * stays offered as a link until the next download or until the page is left, when its
 * object URL is given back.
 */
export function ReportExport({ download }: { download(kind: ExportKind, format: ExportFormat, signal: AbortSignal): Promise<ReportFile> }) {
  const [kind, setKind] = useState<ExportKind>("summary");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [ready, setReady] = useState<Ready | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);
  useEffect(() => {
    if (!ready) return;
    return () => URL.revokeObjectURL(ready.url);
  }, [ready]);

  const start = async (format: ExportFormat) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(`Preparing the ${kind === "summary" ? "summary" : "entries"} as ${format.toUpperCase()}…`);
    setError(null);
    try {
      const file = await download(kind, format, controller.signal);
      if (controller.signal.aborted) return;
      const filename = file.filename ?? `stint-${kind}.${format}`;
      const blob = new Blob([file.data as BlobPart], { type: file.contentType ?? MEDIA_TYPES[format] });
      const next = { url: URL.createObjectURL(blob), filename };
      setReady(next);
      offer(next);
    } catch (failure) {
      if (!controller.signal.aborted) setError(failure);
    } finally {
      if (running.current === controller) {
        running.current = null;
        setBusy(null);
      }
    }
  };

  return (
    <section className="card stack report-export" aria-labelledby="report-export-title">
      <h2 id="report-export-title">Download</h2>
      <div className="row">
        <div className="field">
          <label className="field-label" htmlFor="report-export-report-to-download">
            Report to download
          </label>
          <select id="report-export-report-to-download" value={kind} onChange={(event) => setKind(event.target.value as ExportKind)}>
            <option value="summary">Summary (one row per group)</option>
            <option value="detailed">Every entry</option>
          </select>
        </div>
        <button type="button" className="button-secondary" disabled={busy !== null} onClick={() => void start("csv")}>
          Download CSV
        </button>
        <button type="button" className="button-secondary" disabled={busy !== null} onClick={() => void start("xlsx")}>
          Download XLSX
        </button>
      </div>
      <div role="status" aria-live="polite" className="stack">
        {busy ? (
          <>
            <p>{busy}</p>
            <progress aria-label="Download in progress" />
          </>
        ) : ready ? (
          <p>
            Downloaded{" "}
            <a href={ready.url} download={ready.filename}>
              {ready.filename}
            </a>
            .
          </p>
        ) : null}
      </div>
      <ErrorNotice error={error} />
    </section>
  );
}
