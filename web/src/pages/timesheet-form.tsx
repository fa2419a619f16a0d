import type { Project } from "@stint/sdk";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { ProjectPicker } from "../components/project-picker";
import { TagPicker } from "../components/tag-picker";
import { useProjectTasks } from "../lib/catalog";
import { describeError } from "../lib/errors";
import { recentProjectIds, useRecentEntries } from "../lib/recent";
import { useSignedIn } from "../session/session-context";
import { instantOf } from "./timesheet-week";

/** What the form holds, as typed: a local day and local times. */
export interface EntryDraft {
  day: string;
  start: string;
  end: string;
  projectId: string;
  taskId: string;
  description: string;
  billable: boolean;
  tags: string[];
}

/** What the form hands on once it is valid: instants in UTC, the API's shape. */
export interface EntryValues {
  projectId: string;
  taskId: string | null;
  description: string;
  billable: boolean;
  tags: string[];
  startTime: string;
  /** Absent for a running entry, which has no end yet. */
  endTime?: string;
}

const DAY_SECONDS = 24 * 3600;

/** The form's labels for the fields the API names in a refusal. */
const ENTRY_FIELDS = {
  project_id: "Project",
  task_id: "Task",
  start_time: "Start",
  end_time: "End",
  description: "Description",
  billable: "Billable",
};

/** The first problem with a draft, in words, or the values to send. */
export function checkDraft(draft: EntryDraft, running: boolean): { problem: string } | { values: EntryValues } {
  if (!draft.projectId) return { problem: "Choose a project." };
  const start = instantOf(draft.day, draft.start);
  if (!start) return { problem: draft.day ? "Give a start time." : "Give the date." };
  const values: EntryValues = {
    projectId: draft.projectId,
    taskId: draft.taskId || null,
    description: draft.description.trim(),
    billable: draft.billable,
    tags: draft.tags,
    startTime: start.toISOString(),
  };
  if (running) {
    if (start.getTime() > Date.now()) return { problem: "A running entry cannot start in the future." };
    return { values };
  }
  const end = instantOf(draft.day, draft.end);
  if (!end) return { problem: "Give an end time." };
  if (end <= start)
    return { problem: "The end time must be after the start time. Time past midnight goes in an entry of its own on the next day." };
  if ((end.getTime() - start.getTime()) / 1000 > DAY_SECONDS) return { problem: "An entry lasts at most 24 hours." };
  return { values: { ...values, endTime: end.toISOString() } };
}

/**
 * Adding or changing a time entry: the date, start and end, project, task, what was done, its
 * tags and whether it is billable. What was typed stays when the API refuses it, with the reason in words.
 */
export function EntryForm({
  label,
  initial,
  projects,
  running = false,
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  label: string;
  initial: EntryDraft;
  projects: readonly Project[];
  running?: boolean;
  submitLabel: string;
  onSubmit(values: EntryValues): Promise<void>;
  onCancel?(): void;
  autoFocus?: boolean;
}) {
  const { client, identity } = useSignedIn();
  const recent = useRecentEntries(client, identity.userId);
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tasks = useProjectTasks(client, draft.projectId);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) first.current?.focus();
  }, [autoFocus]);

  const change = (patch: Partial<EntryDraft>) => setDraft((previous) => ({ ...previous, ...patch }));
  const chooseProject = (projectId: string) => {
    const project = projects.find((candidate) => candidate.id === projectId);
    change({ projectId, taskId: "", billable: project ? project.billable : draft.billable });
  };
  const chooseTask = (taskId: string) => {
    const task = tasks.data?.find((candidate) => candidate.id === taskId);
    change({ taskId, ...(task && task.billable !== null ? { billable: task.billable } : {}) });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft, running);
    if ("problem" in checked) {
      setProblem(checked.problem);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit(checked.values);
    } catch (failure) {
      setProblem(describeError(failure, ENTRY_FIELDS));
    } finally {
      setBusy(false);
    }
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  // The entry's own task stays choosable while the task list loads or when the task is done.
  const taskChoices = tasks.data ?? [];
  return (
    <form className="entry-form" aria-label={label} onSubmit={(event) => void submit(event)} onKeyDown={escape} noValidate>
      <div className="entry-form-fields">
        <label className="field">
          <span>Date</span>
          <input ref={first} type="date" value={draft.day} onChange={(event) => change({ day: event.target.value })} required />
        </label>
        <label className="field">
          <span>Start</span>
          <input type="time" value={draft.start} onChange={(event) => change({ start: event.target.value })} required />
        </label>
        {running ? (
          <p className="field entry-form-running">
            <span className="field-label">End</span>
            <span>running</span>
          </p>
        ) : (
          <label className="field">
            <span>End</span>
            <input type="time" value={draft.end} onChange={(event) => change({ end: event.target.value })} required />
          </label>
        )}
        <ProjectPicker
          className="field entry-form-project"
          projects={projects}
          recent={recentProjectIds(recent.data ?? [])}
          value={draft.projectId}
          onChange={chooseProject}
        />
        <label className="field entry-form-task">
          <span>Task</span>
          <select
            value={draft.taskId}
            onChange={(event) => chooseTask(event.target.value)}
            disabled={!draft.projectId}
            title={taskChoices.find((task) => task.id === draft.taskId)?.name}
          >
            <option value="">No task</option>
            {draft.taskId && !taskChoices.some((task) => task.id === draft.taskId) ? (
              <option value={draft.taskId}>(current task)</option>
            ) : null}
            {taskChoices.map((task) => (
              <option key={task.id} value={task.id}>
                {task.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field entry-form-description">
          <span>Description</span>
          {/* As tall as its text, so a long description shows in full; Enter saves, as in a one-line field. */}
          <textarea
            rows={1}
            value={draft.description}
            onChange={(event) => change({ description: event.target.value.replace(/\n/g, " ") })}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            maxLength={1000}
          />
        </label>
        <TagPicker client={client} tags={draft.tags} onChange={(tags) => change({ tags })} className="field entry-form-tags" />
        <label className="checkbox entry-form-billable">
          <input type="checkbox" checked={draft.billable} onChange={(event) => change({ billable: event.target.checked })} />
          Billable
        </label>
      </div>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
