import type { Project, TimeEntry } from "@stint/sdk";
import { useEffect, useState, type FormEvent } from "react";
import { useActiveProjects, useProjectTasks } from "../lib/catalog";
import { announceChange, madeOf } from "../lib/changes";
import { describeError } from "../lib/errors";
import { clockDuration } from "../lib/format";
import { useLoad, type Loaded } from "../lib/use-load";
import { useStint } from "../session/session-context";
import { TagChips, TagPicker } from "./tag-picker";
import "./timer-bar.css";

/** Seconds since `startTime`, ticking once a second. */
function useElapsed(startTime: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!startTime) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [startTime]);
  return startTime ? (now - Date.parse(startTime)) / 1000 : 0;
}

/**
 * The running timer, on every page: what runs and for how long, or what to start. The clock
 * sits in a box of fixed width with figures of equal width, so its ticking moves nothing.
 */
export function TimerBar() {
  const client = useStint();
  const current = useLoad(() => client.timeEntries.current(), [client], ["time-entries"]);
  // Loaded here, not by the running timer and the start form: one replaces the other at each
  // start and stop, and would ask for the projects again each time (docs/web-app.md, "Few requests").
  const projects = useActiveProjects(client);
  const running = current.data ?? null;
  return (
    <section className="timer-bar" aria-label="Timer">
      {running ? (
        <RunningTimer entry={running} projects={projects} />
      ) : (
        <StartTimer disabled={current.loading && current.data === undefined} projects={projects} />
      )}
    </section>
  );
}

function RunningTimer({ entry, projects }: { entry: TimeEntry; projects: Loaded<Project[]> }) {
  const client = useStint();
  const tasks = useProjectTasks(client, entry.task_id ? entry.project_id : "");
  const elapsed = useElapsed(entry.start_time);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const project = projects.data?.find((candidate) => candidate.id === entry.project_id);
  const task = tasks.data?.find((candidate) => candidate.id === entry.task_id);
  const where = [project?.name, task?.name].filter(Boolean).join(" · ");
  const stop = async () => {
    setBusy(true);
    setError(null);
    try {
      const stopped = await client.timeEntries.stop();
      announceChange("time-entries", { made: madeOf(stopped) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="timer-row">
      <p className="timer-what">
        <span className="timer-description">{entry.description || "(no description)"}</span>
        {/* A no-break space holds the line while the names load, so nothing below moves when they come. */}
        <span className="timer-project">
          {project ? <span className="swatch" aria-hidden="true" style={{ backgroundColor: project.color ?? "#8a94a3" }} /> : null}
          {where || "\u00a0"}
          {entry.billable ? <span className="timer-billable"> · billable</span> : null}
        </span>
        <TagChips tags={entry.tags} />
      </p>
      <p className="timer-clock" aria-label="Time running">
        <time dateTime={`PT${Math.floor(elapsed)}S`}>{clockDuration(elapsed)}</time>
      </p>
      <button type="button" className="button-stop" onClick={() => void stop()} disabled={busy}>
        Stop timer
      </button>
      {error ? (
        <p className="timer-error" role="alert">
          {describeError(error)}
        </p>
      ) : null}
    </div>
  );
}

function StartTimer({ disabled, projects }: { disabled: boolean; projects: Loaded<Project[]> }) {
  const client = useStint();
  const [projectId, setProjectId] = useState("");
  const [taskId, setTaskId] = useState("");
  const [description, setDescription] = useState("");
  const [tags, setTags] = useState<string[]>([]);
  // null: follow the task's or else the project's default; a tick or untick overrides it.
  const [billableChoice, setBillableChoice] = useState<boolean | null>(null);
  const tasks = useProjectTasks(client, projectId);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const started = await client.timeEntries.start({ projectId, taskId: taskId || null, description, billable, tags });
      setDescription("");
      setTags([]);
      setBillableChoice(null);
      announceChange("time-entries", { made: madeOf(started) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const noProjects = projects.data !== undefined && projects.data.length === 0;
  const chosenProject = projects.data?.find((project) => project.id === projectId);
  const chosenTask = tasks.data?.find((task) => task.id === taskId);
  const billable = billableChoice ?? chosenTask?.billable ?? chosenProject?.billable ?? true;
  return (
    <form className="timer-row" onSubmit={(event) => void start(event)}>
      <label className="timer-field timer-field-wide">
        <span className="visually-hidden">What are you working on?</span>
        <input
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="What are you working on?"
          maxLength={1000}
        />
      </label>
      <label className="timer-field">
        <span className="visually-hidden">Project</span>
        <select value={projectId} required onChange={(event) => (setProjectId(event.target.value), setTaskId(""), setBillableChoice(null))}>
          <option value="">{noProjects ? "No projects yet" : "Project…"}</option>
          {projects.data?.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
      </label>
      <label className="timer-field">
        <span className="visually-hidden">Task</span>
        <select
          value={taskId}
          onChange={(event) => (setTaskId(event.target.value), setBillableChoice(null))}
          disabled={!projectId || !tasks.data?.length}
        >
          <option value="">{projectId && tasks.data?.length ? "Task (optional)…" : "No task"}</option>
          {tasks.data?.map((task) => (
            <option key={task.id} value={task.id}>
              {task.name}
            </option>
          ))}
        </select>
      </label>
      <TagPicker client={client} tags={tags} onChange={setTags} className="timer-field timer-tags" hiddenLabel />
      <label className="checkbox timer-billable-toggle">
        <input type="checkbox" checked={billable} onChange={(event) => setBillableChoice(event.target.checked)} />
        Billable
      </label>
      <p className="timer-clock" aria-hidden="true">
        {clockDuration(0)}
      </p>
      <button type="submit" className="button-start" disabled={disabled || busy || !projectId}>
        Start timer
      </button>
      {error || projects.error ? (
        <p className="timer-error" role="alert">
          {describeError(error ?? projects.error)}
        </p>
      ) : null}
    </form>
  );
}
