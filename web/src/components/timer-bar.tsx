import type { Project, TimeEntry } from "@stint/sdk";
import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { useActiveProjects, useProjectTasks } from "../lib/catalog";
import { announceChange, madeOf } from "../lib/changes";
import { setRunningTitle } from "../lib/document-title";
import { describeError } from "../lib/errors";
import { clockDuration } from "../lib/format";
import { recentProjectIds, recentWork, useRecentEntries } from "../lib/recent";
import { useLoad, type Loaded } from "../lib/use-load";
import { useSignedIn, useStint } from "../session/session-context";
import { ProjectPicker } from "./project-picker";
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

/** Which of the timer's buttons takes the keyboard once the bar shows the other state. */
type FocusAfter = "stop" | "start" | null;

/** The timer bar's id: the "Skip to the timer" link and the shortcuts reach it by it. */
export const TIMER_ID = "timer";

/**
 * The running timer, on every page: what runs and for how long, or what to start. The clock
 * sits in a box of fixed width with figures of equal width, so its ticking moves nothing.
 * Starting leaves the keyboard on Stop, stopping on Start, so the same key toggles the timer.
 */
export function TimerBar() {
  const client = useStint();
  const current = useLoad(() => client.timeEntries.current(), [client], ["time-entries"]);
  // Loaded here, not by the running timer and the start form: one replaces the other at each
  // start and stop, and would ask for the projects again each time (docs/web-app.md, "Few requests").
  const projects = useActiveProjects(client);
  const running = current.data ?? null;
  const [focusAfter, setFocusAfter] = useState<FocusAfter>(null);
  return (
    <section className="timer-bar" id={TIMER_ID} aria-label="Timer">
      {running ? (
        <RunningTimer entry={running} projects={projects} focusStop={focusAfter === "stop"} onStopped={() => setFocusAfter("start")} />
      ) : (
        // Ready before the running timer is known: a start then simply follows whatever ran (the API keeps one).
        <StartTimer projects={projects} focusStart={focusAfter === "start"} onStarted={() => setFocusAfter("stop")} />
      )}
    </section>
  );
}

/** Focuses `ref`'s element once it is on the page, when `wanted`. */
function useFocusOnArrival(ref: RefObject<HTMLElement | null>, wanted: boolean): void {
  useEffect(() => {
    if (wanted) ref.current?.focus();
  }, [ref, wanted]);
}

function RunningTimer({
  entry,
  projects,
  focusStop,
  onStopped,
}: {
  entry: TimeEntry;
  projects: Loaded<Project[]>;
  focusStop: boolean;
  onStopped(): void;
}) {
  const client = useStint();
  const tasks = useProjectTasks(client, entry.task_id ? entry.project_id : "");
  const elapsed = useElapsed(entry.start_time);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const stopButton = useRef<HTMLButtonElement>(null);
  useFocusOnArrival(stopButton, focusStop);
  const shown = clockDuration(elapsed);
  useEffect(() => setRunningTitle(shown), [shown]);
  useEffect(() => () => setRunningTitle(null), []);
  const project = projects.data?.find((candidate) => candidate.id === entry.project_id);
  const task = tasks.data?.find((candidate) => candidate.id === entry.task_id);
  const stop = async () => {
    setBusy(true);
    setError(null);
    try {
      const stopped = await client.timeEntries.stop();
      onStopped();
      announceChange("time-entries", { made: madeOf(stopped) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const description = entry.description || "(no description)";
  return (
    <div className="timer-row">
      <p className="timer-what">
        <span className="timer-description" title={description}>
          {description}
        </span>
        {/* A no-break space holds the line while the names load, so nothing below moves when they come. */}
        <span className="timer-project">
          {project ? <span className="swatch" aria-hidden="true" style={{ backgroundColor: project.color ?? "#8a94a3" }} /> : null}
          {project ? <span title={project.name}>{project.name}</span> : "\u00a0"}
          {task ? <span title={task.name}> · {task.name}</span> : null}
          {entry.billable ? <span className="timer-billable"> · billable</span> : null}
        </span>
        <TagChips tags={entry.tags} />
      </p>
      <p className="timer-clock" aria-label="Time running">
        <time dateTime={`PT${Math.floor(elapsed)}S`}>{shown}</time>
      </p>
      <button type="button" className="button-stop" ref={stopButton} onClick={() => void stop()} disabled={busy}>
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

function StartTimer({ projects, focusStart, onStarted }: { projects: Loaded<Project[]>; focusStart: boolean; onStarted(): void }) {
  const { client, identity } = useSignedIn();
  const recent = useRecentEntries(client, identity.userId);
  const [projectId, setProjectId] = useState("");
  const [taskId, setTaskId] = useState("");
  const [description, setDescription] = useState("");
  const [tags, setTags] = useState<string[]>([]);
  // null: follow the task's or else the project's default; a tick or untick overrides it.
  const [billableChoice, setBillableChoice] = useState<boolean | null>(null);
  const tasks = useProjectTasks(client, projectId);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const projectField = useRef<HTMLInputElement>(null);
  useFocusOnArrival(startButton, focusStart);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!projectId) {
      // Said, not silently ignored: Enter in the description with no project chosen.
      setError(new Error("Choose a project for the timer first."));
      projectField.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const started = await client.timeEntries.start({ projectId, taskId: taskId || null, description, billable, tags });
      setDescription("");
      setTags([]);
      setBillableChoice(null);
      onStarted();
      announceChange("time-entries", { made: madeOf(started) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const suggestions = recentWork(recent.data ?? [], description);
  // A description taken from the suggestions brings its project and task along, unless one is chosen already.
  const describe = (typed: string) => {
    setDescription(typed);
    const earlier = suggestions.find((work) => work.description === typed);
    if (!earlier || projectId || !projects.data?.some((project) => project.id === earlier.projectId)) return;
    setProjectId(earlier.projectId);
    setTaskId(earlier.taskId ?? "");
    setBillableChoice(null);
    setError(null);
  };

  const chosenProject = projects.data?.find((project) => project.id === projectId);
  const chosenTask = tasks.data?.find((task) => task.id === taskId);
  const billable = billableChoice ?? chosenTask?.billable ?? chosenProject?.billable ?? true;
  return (
    <form className="timer-row" aria-label="Start a timer" onSubmit={(event) => void start(event)} noValidate>
      <label className="timer-field timer-field-wide">
        <span className="visually-hidden">What are you working on?</span>
        <input
          value={description}
          onChange={(event) => describe(event.target.value)}
          placeholder="What are you working on?"
          maxLength={1000}
          title={description || undefined}
          list="timer-suggestions"
          autoComplete="off"
        />
      </label>
      {/* What was worked on lately, offered as the description is typed. */}
      <datalist id="timer-suggestions">
        {suggestions.map((work) => (
          <option key={work.description} value={work.description} />
        ))}
      </datalist>
      <ProjectPicker
        className="timer-field timer-project-picker"
        hideLabel
        projects={projects.data ?? []}
        recent={recentProjectIds(recent.data ?? [])}
        value={projectId}
        inputRef={projectField}
        onChange={(id) => (setProjectId(id), setTaskId(""), setBillableChoice(null), id && setError(null))}
      />
      <label className="timer-field timer-task">
        <span className="visually-hidden">Task</span>
        <select
          value={taskId}
          onChange={(event) => (setTaskId(event.target.value), setBillableChoice(null))}
          disabled={!projectId || !tasks.data?.length}
          title={chosenTask?.name}
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
      <button type="submit" className="button-start" ref={startButton} disabled={busy}>
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
