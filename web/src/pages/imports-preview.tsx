import type { ImportPreview } from "@stint/sdk";
import type { ReactNode } from "react";
import { hoursMinutes } from "../lib/format";

const DELIMITERS: Readonly<Record<ImportPreview["delimiter"], string>> = { ",": "commas", ";": "semicolons", "\t": "tabs" };

/** Where the date format came from, in words, and whether the reader should look twice. */
function dateSource(preview: ImportPreview): { words: string; check: boolean } {
  switch (preview.date_format_source) {
    case "file":
      return { words: "read from the file's own dates", check: false };
    case "request":
      return { words: "as you chose", check: false };
    case "default":
      return { words: "no date in the file shows the order, so the exporter's default is used", check: true };
  }
}

/** A UTC instant as a wall clock of the import's zone: the file's own times, to compare with it. */
function inZone(iso: string, zone: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(new Date(iso));
}

/** Rows refused (or that would be), each with the file's column and the reason. */
export function RowErrors({
  errors,
  region,
  caption,
  hideCaption = false,
}: {
  errors: ImportPreview["errors"];
  region: string;
  caption: ReactNode;
  hideCaption?: boolean;
}) {
  return (
    <div className="table-wrap" role="region" aria-label={region} tabIndex={0}>
      <table>
        <caption className={hideCaption ? "visually-hidden" : undefined}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="number">
              Row
            </th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((problem, index) => (
            <tr key={`${problem.row}-${index}`}>
              <td className="number">{problem.row}</td>
              <td>{problem.field}</td>
              <td>{problem.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What an import would do, shown before it is done: how the file was read, the first rows, what is made and what refused. */
export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  const dates = dateSource(preview);
  const refused = preview.errors.length;
  return (
    <section className="stack" aria-labelledby="import-preview-title">
      <h2 id="import-preview-title">Before importing: check how the file was read</h2>
      <dl className="import-counts" aria-label="How the file was read">
        <div>
          <dt>Layout</dt>
          <dd data-testid="preview-layout">{preview.layout.name}</dd>
        </div>
        <div>
          <dt>Separated by</dt>
          <dd data-testid="preview-delimiter">{DELIMITERS[preview.delimiter]}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd data-testid="preview-date-format">{preview.date_format}</dd>
        </div>
        <div>
          <dt>Rows</dt>
          <dd data-testid="preview-rows-total">{preview.rows_total}</dd>
        </div>
        <div>
          <dt>To import</dt>
          <dd data-testid="preview-rows-importable">{preview.rows_importable}</dd>
        </div>
      </dl>
      <p className={dates.check ? "notice notice-warning" : "hint"} data-testid="preview-date-source">
        Dates are read as {preview.date_format}: {dates.words}.
        {dates.check ? " Check the dates below; if they are wrong, choose the date format and preview again." : ""} Times are in{" "}
        {preview.timezone}.
      </p>
      {preview.projects_to_create.length > 0 || preview.tasks_to_create.length > 0 ? (
        <div>
          <h3>Made by the import</h3>
          <ul data-testid="preview-to-create">
            {preview.projects_to_create.map((name) => (
              <li key={`project-${name}`}>Project {name}</li>
            ))}
            {preview.tasks_to_create.map((task) => (
              <li key={`task-${task.project_name}-${task.task_name}`}>
                Task {task.task_name} in {task.project_name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.people.length > 0 ? (
        <div className="table-wrap" role="region" aria-label="People the file names" tabIndex={0}>
          <table>
            <caption>Whose time</caption>
            <thead>
              <tr>
                <th scope="col">In the file</th>
                <th scope="col">Found</th>
                <th scope="col" className="number">
                  Rows
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.people.map((person) => (
                <tr key={`${person.email ?? ""}|${person.name ?? ""}`}>
                  <td>{person.email ?? person.name ?? "(nobody named: your own time)"}</td>
                  <td>{person.user_id ? "a member of the organization" : "nobody of the organization"}</td>
                  <td className="number">{person.rows}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {preview.rows.length > 0 ? (
        <div className="table-wrap" role="region" aria-label="First rows as they would be stored" tabIndex={0}>
          <table>
            <caption>The first {preview.rows.length} rows, as they would be stored</caption>
            <thead>
              <tr>
                <th scope="col" className="number">
                  Row
                </th>
                <th scope="col">Start</th>
                <th scope="col">End</th>
                <th scope="col" className="number">
                  Hours
                </th>
                <th scope="col">Project</th>
                <th scope="col">Task</th>
                <th scope="col">Description</th>
                <th scope="col">Billable</th>
                <th scope="col">Tags</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.row}>
                  <td className="number">{row.row}</td>
                  <td>{inZone(row.start_time, preview.timezone)}</td>
                  <td>{inZone(row.end_time, preview.timezone)}</td>
                  <td className="number">{hoursMinutes(row.duration)}</td>
                  <td>
                    {row.project_name}
                    {row.project_id === null ? " (new)" : ""}
                  </td>
                  <td>{row.task_name ?? ""}</td>
                  <td>{row.description}</td>
                  <td>{row.billable ? "yes" : "no"}</td>
                  <td>{row.tags.join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {refused > 0 ? (
        <RowErrors
          errors={preview.errors}
          region="Rows that would be refused"
          caption={`Rows that would be refused${refused >= 100 ? " (the first 100)" : ""}`}
        />
      ) : null}
    </section>
  );
}
