import type { Project, Task, TimeEntry } from "@stint/sdk";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ConfirmButton } from "../components/confirm-button";
import { Page } from "../components/page";
import { Empty, ErrorNotice, Loading, Success } from "../components/status";
import { announceChange, madeOf } from "../lib/changes";
import { collect } from "../lib/collect";
import { addDays, hoursMinutes, localDay, showClock } from "../lib/format";
import { useLoad } from "../lib/use-load";
import { useSignedIn } from "../session/session-context";
import { TagChips } from "../components/tag-picker";
import { EntryForm, type EntryDraft, type EntryValues } from "./timesheet-form";
import { WeekGrid } from "./timesheet-grid";
import { groupByDay, localTime, secondsOf, utcRangeOf, weekFromSearch, type Day } from "./timesheet-week";
import "./timesheet.css";

const dayName = new Intl.DateTimeFormat(undefined, { weekday: "long", day: "numeric", month: "long" });
const shortDay = new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric" });
const weekEdge = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" });

/** The current time, again every `every` ms while `every` is set: running entries count up with it. */
function useNow(every: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (every === null) return;
    const tick = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(tick);
  }, [every]);
  return now;
}

/** Names and colours of everything the week's entries point at, archived projects and done tasks too. */
interface Catalog {
  projects: Map<string, Project>;
  tasks: Map<string, Task>;
}

/**
 * The signed-in person's own time, one week (Monday to Sunday in the browser's time zone) at
 * a time, grouped by day, with totals; add, change and delete entries. The week lives in the
 * address (`/timesheet?week=2026-11-23`) so a reload or a shared link opens the same week.
 */
export default function TimesheetPage() {
  const { client, identity } = useSignedIn();
  const search = useSearch();
  const monday = useMemo(() => weekFromSearch(search), [search]);
  const week = localDay(monday);
  // The list by day, or the grid of projects by days (`?view=grid`), kept in the address like the week.
  const grid = new URLSearchParams(search).get("view") === "grid";
  const viewLink = (view: "list" | "grid", weekOf: Date = monday) =>
    `/timesheet?week=${localDay(weekOf)}${view === "grid" ? "&view=grid" : ""}`;

  const entries = useLoad(
    async () => ({
      week,
      entries: await collect(client.timeEntries.list({ userId: identity.userId, ...utcRangeOf(monday), perPage: 200 })),
    }),
    [client, identity.userId, week],
    ["time-entries"],
  );
  const projects = useLoad(() => collect(client.projects.list({ perPage: 200 })), [client], ["projects"]);
  const weekEntries = entries.data?.week === week ? entries.data.entries : undefined;
  // Task names come from the projects of the entries that have a task; a task new to the week loads them again.
  const withTask = (weekEntries ?? []).filter((entry) => entry.task_id);
  const projectIds = [...new Set(withTask.map((entry) => entry.project_id))].sort().join(",");
  const taskIds = [...new Set(withTask.map((entry) => entry.task_id))].sort().join(",");
  const tasks = useLoad(
    async () =>
      (
        await Promise.all(
          projectIds
            .split(",")
            .filter(Boolean)
            .map((id) => collect(client.tasks.list(id, { perPage: 200 }))),
        )
      ).flat(),
    [client, projectIds, taskIds],
    ["tasks"],
  );
  const catalog = useMemo<Catalog>(
    () => ({
      projects: new Map((projects.data ?? []).map((project) => [project.id, project])),
      tasks: new Map((tasks.data ?? []).map((task) => [task.id, task])),
    }),
    [projects.data, tasks.data],
  );

  const running = weekEntries?.some((entry) => entry.is_running) ?? false;
  const now = useNow(running ? 15_000 : null);
  const days = useMemo(() => groupByDay(monday, weekEntries ?? [], now), [monday, weekEntries, now]);
  const weekSeconds = days.reduce((sum, day) => sum + day.seconds, 0);
  // `?add` (the `n` shortcut) opens the new entry's form, then leaves the address.
  const [adding, setAdding] = useState(() => new URLSearchParams(search).has("add"));
  const [, navigate] = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has("add")) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address asked for the form; it opens once and the address forgets it
    setAdding(true);
    params.delete("add");
    const rest = params.toString();
    navigate(`/timesheet${rest ? `?${rest}` : ""}`, { replace: true });
  }, [search, navigate]);
  const [added, setAdded] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const wasAdding = useRef(false);
  // Once the new entry's form closes, the keyboard continues from the button that opened it.
  useEffect(() => {
    if (wasAdding.current && !adding) addButton.current?.focus();
    wasAdding.current = adding;
  }, [adding]);

  const today = localDay(new Date());
  const inWeek = days.some((day) => day.key === today);
  const activeProjects = (projects.data ?? []).filter((project) => !project.archived);

  return (
    <Page
      title="Timesheet"
      actions={
        <button
          type="button"
          className="button-primary"
          ref={addButton}
          aria-expanded={adding}
          aria-controls="add-entry"
          onClick={() => (setAdding((open) => !open), setAdded(false))}
        >
          {adding ? "Close the new entry" : "Add time"}
        </button>
      }
    >
      <nav className="week-nav" aria-label="Week">
        <Link href={viewLink(grid ? "grid" : "list", addDays(monday, -7))} className="button-secondary week-step">
          <span aria-hidden="true" className="week-arrow">
            ←
          </span>
          Previous week
        </Link>
        <Link
          href={grid ? "/timesheet?view=grid" : "/timesheet"}
          className="button-secondary week-step"
          aria-current={inWeek ? "page" : undefined}
        >
          This week
        </Link>
        <Link href={viewLink(grid ? "grid" : "list", addDays(monday, 7))} className="button-secondary week-step">
          Next week
          <span aria-hidden="true" className="week-arrow">
            →
          </span>
        </Link>
        <span className="view-switch" role="group" aria-label="View">
          <Link href={viewLink("list")} className="button-secondary week-step" aria-current={grid ? undefined : "page"}>
            List
          </Link>
          <Link href={viewLink("grid")} className="button-secondary week-step" aria-current={grid ? "page" : undefined}>
            Week grid
          </Link>
        </span>
        <p className="week-label" aria-live="polite">
          Week of {weekEdge.format(monday)} – {weekEdge.format(addDays(monday, 6))}
        </p>
      </nav>

      <div id="add-entry">
        {adding ? (
          <section className="card" aria-labelledby="add-entry-title">
            <h2 id="add-entry-title">New entry</h2>
            <EntryForm
              key={week}
              label="New entry"
              autoFocus
              initial={{
                day: inWeek ? today : week,
                start: "",
                end: "",
                projectId: "",
                taskId: "",
                description: "",
                billable: true,
                tags: [],
              }}
              projects={activeProjects}
              submitLabel="Add entry"
              onCancel={() => setAdding(false)}
              onSubmit={async ({ endTime, ...values }) => {
                // The form asks for an end unless the entry runs, and a new entry never does.
                if (!endTime) throw new Error("Give an end time.");
                const created = await client.timeEntries.create({ ...values, endTime });
                setAdding(false);
                setAdded(true);
                announceChange("time-entries", { made: madeOf(created) });
              }}
            />
          </section>
        ) : null}
        {added ? <Success>Entry added.</Success> : null}
      </div>

      <ErrorNotice
        error={entries.error ?? projects.error ?? tasks.error}
        onRetry={() => (entries.reload(), projects.reload(), tasks.reload())}
      />
      {weekEntries === undefined ? (
        entries.error ? null : (
          <Loading what="the week" />
        )
      ) : grid ? (
        <WeekGrid days={days} catalog={catalog.projects} projects={activeProjects} now={now} />
      ) : (
        <>
          <WeekTotals days={days} weekSeconds={weekSeconds} />
          {weekEntries.length === 0 ? <Empty>No time this week.</Empty> : null}
          {days
            .filter((day) => day.entries.length > 0)
            .map((day) => (
              <DaySection key={day.key} day={day} catalog={catalog} projects={activeProjects} now={now} />
            ))}
        </>
      )}
    </Page>
  );
}

function WeekTotals({ days, weekSeconds }: { days: Day<TimeEntry>[]; weekSeconds: number }) {
  return (
    // Focusable, so a keyboard can scroll it sideways on a narrow screen (it holds nothing else to focus).
    <div className="table-wrap sheet-table" role="region" aria-label="Hours by day" tabIndex={0}>
      <table className="week-totals">
        <caption className="visually-hidden">Hours by day</caption>
        <thead>
          <tr>
            {days.map((day) => (
              <th key={day.key} scope="col" className="number">
                {shortDay.format(day.day)}
              </th>
            ))}
            <th scope="col" className="number">
              Week
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            {days.map((day) => (
              <td key={day.key} className="number">
                {hoursMinutes(day.seconds)}
              </td>
            ))}
            <td className="number week-total">{hoursMinutes(weekSeconds)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function DaySection({ day, catalog, projects, now }: { day: Day<TimeEntry>; catalog: Catalog; projects: Project[]; now: number }) {
  const headingId = `day-${day.key}`;
  return (
    <section className="day" aria-labelledby={headingId}>
      <header className="day-header">
        <h2 id={headingId}>{dayName.format(day.day)}</h2>
        <p className="day-total">
          Total <strong>{hoursMinutes(day.seconds)}</strong>
        </p>
      </header>
      <div className="table-wrap sheet-table">
        {/* Table roles said outright: on a phone the rows are laid out as cards, which would drop them. */}
        <table className="entries" role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col" className="column-time">
                Time
              </th>
              <th role="columnheader" scope="col" className="number column-duration">
                Duration
              </th>
              <th role="columnheader" scope="col" className="column-project">
                Project
              </th>
              <th role="columnheader" scope="col" className="column-task">
                Task
              </th>
              <th role="columnheader" scope="col">
                Description
              </th>
              <th role="columnheader" scope="col" className="column-billable">
                Billable
              </th>
              <th role="columnheader" scope="col" className="column-actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {day.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} catalog={catalog} projects={projects} now={now} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function draftOf(entry: TimeEntry): EntryDraft {
  return {
    day: localDay(new Date(entry.start_time)),
    start: localTime(entry.start_time),
    end: entry.end_time ? localTime(entry.end_time) : "",
    projectId: entry.project_id,
    taskId: entry.task_id ?? "",
    description: entry.description,
    billable: entry.billable,
    tags: entry.tags,
  };
}

const COLUMNS = 7;

function EntryRow({ entry, catalog, projects, now }: { entry: TimeEntry; catalog: Catalog; projects: Project[]; now: number }) {
  const { client } = useSignedIn();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back from the form, the keyboard continues where it left off: on this entry's Edit button.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const project = catalog.projects.get(entry.project_id);
  const task = entry.task_id ? catalog.tasks.get(entry.task_id) : undefined;
  const span = `${showClock(entry.start_time)}–${entry.end_time ? showClock(entry.end_time) : "now"}`;

  if (editing) {
    // The entry's own project stays choosable even once archived.
    const choices = project && !projects.some((candidate) => candidate.id === project.id) ? [project, ...projects] : projects;
    return (
      <tr className="editing" role="row">
        <td role="cell" colSpan={COLUMNS}>
          <EntryForm
            label={`Change the entry ${span}`}
            autoFocus
            initial={draftOf(entry)}
            projects={choices}
            running={entry.is_running}
            submitLabel="Save changes"
            onCancel={() => setEditing(false)}
            onSubmit={async (values: EntryValues) => {
              const updated = await client.timeEntries.update(entry.id, {
                projectId: values.projectId,
                taskId: values.taskId,
                description: values.description,
                billable: values.billable,
                tags: values.tags,
                startTime: values.startTime,
                ...(values.endTime ? { endTime: values.endTime } : {}),
              });
              setEditing(false);
              announceChange("time-entries", { made: madeOf(updated) });
            }}
          />
        </td>
      </tr>
    );
  }

  // A new timer on the same work: project, task, description and billable as this entry's.
  const continueEntry = async () => {
    setError(null);
    try {
      await client.timeEntries.start({
        projectId: entry.project_id,
        taskId: entry.task_id,
        description: entry.description,
        billable: entry.billable,
        tags: entry.tags,
      });
      announceChange("time-entries");
    } catch (failure) {
      setError(failure);
    }
  };

  const remove = async () => {
    setError(null);
    try {
      await client.timeEntries.delete(entry.id);
      announceChange("time-entries", { made: { id: entry.id, updatedAt: null } });
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <>
      <tr className={entry.is_running ? "entry running" : "entry"} role="row">
        <td role="cell" className="entry-time">
          {span}
          {entry.is_running ? <span className="badge badge-running">Running</span> : null}
        </td>
        <td role="cell" className="number">
          {hoursMinutes(secondsOf(entry, now))}
        </td>
        <td role="cell" className="entry-project">
          <span className="swatch" aria-hidden="true" style={{ backgroundColor: project?.color ?? "#8a94a3" }} />
          <span className="cut" title={project?.name}>
            {project?.name ?? "…"}
          </span>
        </td>
        <td role="cell" className="entry-task">
          {entry.task_id ? (
            <span className="cut" title={task?.name}>
              {task?.name ?? "…"}
            </span>
          ) : (
            <span className="hint">No task</span>
          )}
        </td>
        <td role="cell" className="entry-description">
          {entry.description ? (
            <span className="cut-lines" title={entry.description}>
              {entry.description}
            </span>
          ) : (
            <span className="hint">(no description)</span>
          )}
          <TagChips tags={entry.tags} />
        </td>
        <td role="cell">{entry.billable ? "Billable" : "Not billable"}</td>
        <td role="cell" className="entry-actions">
          <button type="button" className="button-secondary" ref={editButton} onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> the entry {span}</span>
          </button>
          <button type="button" className="button-secondary" onClick={() => void continueEntry()} disabled={entry.is_running}>
            Continue<span className="visually-hidden"> the entry {span} in a new timer</span>
          </button>
          <Link href={`/screenshots?entry=${encodeURIComponent(entry.id)}`}>
            Screenshots<span className="visually-hidden"> of the entry {span}</span>
          </Link>
          <ConfirmButton confirmLabel="Delete for good" onConfirm={remove}>
            Delete<span className="visually-hidden"> the entry {span}</span>
          </ConfirmButton>
        </td>
      </tr>
      {error ? (
        <tr role="row">
          <td role="cell" colSpan={COLUMNS}>
            <ErrorNotice error={error} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
