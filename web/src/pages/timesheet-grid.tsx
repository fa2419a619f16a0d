import type { Project, TimeEntry } from "@stint/sdk";
import { useId, useState, type KeyboardEvent } from "react";
import { ProjectPicker } from "../components/project-picker";
import { ErrorNotice } from "../components/status";
import { announceChange } from "../lib/changes";
import { hoursMinutes } from "../lib/format";
import { useStint } from "../session/session-context";
import { cellChange, gridOf, isEditable, parseDuration, type GridCell } from "./timesheet-grid-model";
import type { Day } from "./timesheet-week";

const shortDay = new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric" });
const longDay = new Intl.DateTimeFormat(undefined, { weekday: "long", day: "numeric", month: "long" });

/** Where new time in an empty cell starts: 9:00, or after the day's last entry when that ends later. */
function startOfNewTime(day: Day<TimeEntry>): Date {
  const nine = new Date(day.day.getFullYear(), day.day.getMonth(), day.day.getDate(), 9);
  const ends = day.entries.map((entry) => Date.parse(entry.end_time ?? entry.start_time));
  return new Date(Math.max(nine.getTime(), ...ends));
}

/**
 * The week as a grid of projects by days, as a timesheet on paper: type a day's hours for a
 * project into its cell ("1:30", "1.5", "90m"), and the totals of the row, the column and the
 * week follow. A cell with no entry gets one (from 9:00, or after the day's last entry); in a
 * cell with entries the latest takes up the difference (`cellChange`); a running one is
 * changed once stopped.
 */
export function WeekGrid({
  days,
  catalog,
  projects,
  now,
}: {
  days: Day<TimeEntry>[];
  catalog: Map<string, Project>;
  projects: Project[];
  now: number;
}) {
  const client = useStint();
  const [extraRows, setExtraRows] = useState<string[]>([]);
  const [adding, setAdding] = useState("");
  const [error, setError] = useState<unknown>(null);
  const rows = gridOf(days, extraRows, now);
  const weekSeconds = rows.reduce((sum, row) => sum + row.seconds, 0);

  const save = async (projectId: string, cell: GridCell<TimeEntry>, seconds: number) => {
    setError(null);
    const change = cellChange(cell, seconds);
    if (change.kind === "below-the-others") {
      setError(new Error(`The earlier entries of this day already make ${hoursMinutes(change.othersSeconds)}: change them in the list.`));
      return false;
    }
    try {
      if (change.kind === "delete") await client.timeEntries.delete(change.entry.id);
      if (change.kind === "resize") {
        const end = new Date(Date.parse(change.entry.start_time) + change.seconds * 1000);
        await client.timeEntries.update(change.entry.id, { endTime: end.toISOString() });
      }
      if (change.kind === "create") {
        const day = days.find((candidate) => candidate.key === cell.dayKey)!;
        const start = startOfNewTime(day);
        const project = catalog.get(projectId);
        await client.timeEntries.create({
          projectId,
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + change.seconds * 1000).toISOString(),
          billable: project?.billable ?? true,
        });
      }
      announceChange("time-entries");
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    }
  };

  const choosable = projects.filter((project) => !rows.some((row) => row.projectId === project.id));
  return (
    <section className="week-grid" aria-labelledby="week-grid-title">
      <h2 id="week-grid-title" className="visually-hidden">
        Hours by project and day
      </h2>
      <ErrorNotice error={error} />
      <div className="table-wrap" role="region" aria-label="Week grid">
        <table className="grid-table">
          <caption className="visually-hidden">Hours by project and day; type a day&apos;s hours into a cell to change them</caption>
          <thead>
            <tr>
              <th scope="col" className="grid-project">
                Project
              </th>
              {days.map((day) => (
                <th key={day.key} scope="col" className="number">
                  {shortDay.format(day.day)}
                </th>
              ))}
              <th scope="col" className="number">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const project = catalog.get(row.projectId);
              const name = project?.name ?? "…";
              return (
                <tr key={row.projectId}>
                  <th scope="row" className="grid-project">
                    <span className="grid-project-name">
                      <span className="swatch" aria-hidden="true" style={{ backgroundColor: project?.color ?? "#8a94a3" }} />
                      <span className="cut" title={name}>
                        {name}
                      </span>
                    </span>
                  </th>
                  {row.cells.map((cell) => (
                    <td key={cell.dayKey} className="number grid-cell">
                      <GridCellField
                        label={`${name}, ${longDay.format(cell.day)}`}
                        cell={cell}
                        onSave={(seconds) => save(row.projectId, cell, seconds)}
                      />
                    </td>
                  ))}
                  <td className="number grid-total">{hoursMinutes(row.seconds)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {days.map((day) => (
                <td key={day.key} className="number grid-total">
                  {hoursMinutes(rows.reduce((sum, row) => sum + (row.cells.find((cell) => cell.dayKey === day.key)?.seconds ?? 0), 0))}
                </td>
              ))}
              <td className="number grid-total week-total">{hoursMinutes(weekSeconds)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {choosable.length ? (
        <div className="grid-add-row">
          <ProjectPicker
            className="field grid-add-project"
            projects={choosable}
            value={adding}
            onChange={(projectId) => {
              if (!projectId) return;
              setExtraRows((previous) => [...previous, projectId]);
              setAdding("");
            }}
          />
          <p className="hint">Choose a project to add its row.</p>
        </div>
      ) : null}
    </section>
  );
}

/** A cell's hours, typed and saved when the field is left or Enter is pressed; as it was after Escape. */
function GridCellField({ label, cell, onSave }: { label: string; cell: GridCell<TimeEntry>; onSave(seconds: number): Promise<boolean> }) {
  const shown = cell.seconds ? hoursMinutes(cell.seconds) : "";
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const hintId = useId();
  if (!isEditable(cell)) return <span title="Running: stop the timer to change it">{shown}</span>;
  const commit = async () => {
    if (draft === null) return;
    const seconds = parseDuration(draft);
    if (seconds === null) return setInvalid(true);
    setInvalid(false);
    if (seconds === cell.seconds) return setDraft(null);
    if (await onSave(seconds)) setDraft(null);
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void commit();
    }
    if (event.key === "Escape") {
      setDraft(null);
      setInvalid(false);
    }
  };
  return (
    <>
      <input
        className="grid-input"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? hintId : undefined}
        inputMode="decimal"
        value={draft ?? shown}
        placeholder="0:00"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => void commit()}
        onKeyDown={keys}
      />
      {invalid ? (
        <span id={hintId} className="grid-invalid" role="alert">
          Hours as 1:30, 1.5 or 90m, at most a day
        </span>
      ) : null}
    </>
  );
}
