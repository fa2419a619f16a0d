import type { Project, ProjectCreateParams, Stint, Task, TaskUpdateParams } from "@stint/sdk";
import { useId, useState, type FormEvent } from "react";
import { Link, useParams } from "wouter";
import { BudgetProgress, describeBudget } from "../components/budget-progress";
import { ConfirmButton } from "../components/confirm-button";
import { Page } from "../components/page";
import { Empty, ErrorNotice, Loading, Success } from "../components/status";
import { announceChange } from "../lib/changes";
import { collect } from "../lib/collect";
import { showMoney } from "../lib/money";
import { hoursMinutes } from "../lib/format";
import { useAction } from "../lib/use-action";
import { useLoad } from "../lib/use-load";
import { useIsManager, useSignedIn, useStint } from "../session/session-context";
import { ProjectForm, Swatch } from "./project-form";
import { RateHistory, type RateTarget } from "./rate-history";

/** The task forms' labels for the fields the API names in a refusal. */
const TASK_FIELDS = { name: "Task name", estimate_seconds: "Estimate (hours)", billable: "Billable" };

/** "1.5" hours as typed -> 5400 seconds; blank is no estimate. Limits (not negative, not absurd) are the API's to name. */
function estimateSeconds(hours: string): number | null {
  const text = hours.trim().replace(",", ".");
  if (text === "") return null;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error("The estimate must be a number of hours, such as 1.5.");
  return Math.round(value * 3600);
}

function estimateHours(seconds: number | null): string {
  return seconds === null ? "" : String(Math.round((seconds / 3600) * 100) / 100);
}

type BillableChoice = "project" | "yes" | "no";
const billableOf = (choice: BillableChoice): boolean | null => (choice === "project" ? null : choice === "yes");
const choiceOf = (billable: boolean | null): BillableChoice => (billable === null ? "project" : billable ? "yes" : "no");

function showBillable(task: Task, project: Project): string {
  if (task.billable === null) return `As the project (${project.billable ? "yes" : "no"})`;
  return task.billable ? "Yes" : "No";
}

/** One project: its settings and its tasks. Members read; owners and admins change. */
export default function ProjectDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const client = useStint();
  const manager = useIsManager();
  const project = useLoad(() => client.projects.get(id), [client, id], ["projects"]);

  if (project.data === undefined) {
    return (
      <Page title="Project">
        <p>
          <Link href="/projects">All projects</Link>
        </p>
        {project.error ? <ErrorNotice error={project.error} onRetry={project.reload} /> : <Loading what="the project" />}
      </Page>
    );
  }
  return (
    <Page title={project.data.name}>
      <p>
        <Link href="/projects">All projects</Link>
      </p>
      <ErrorNotice error={project.error} onRetry={project.reload} />
      <ProjectSettings client={client} project={project.data} manager={manager} />
      <ProjectTasks client={client} project={project.data} manager={manager} />
      {manager ? <ProjectRates client={client} project={project.data} onChanged={project.reload} /> : null}
    </Page>
  );
}

function ProjectSettings({ client, project, manager }: { client: Stint; project: Project; manager: boolean }) {
  const { currency } = useSignedIn().organization;
  const [editing, setEditing] = useState(false);
  const [said, setSaid] = useState("");
  const [error, setError] = useState<unknown>(null);

  const save = async (body: ProjectCreateParams) => {
    await client.projects.update(project.id, body);
    setEditing(false);
    setSaid("Project saved.");
    announceChange("projects");
  };
  const toggleArchive = async () => {
    setError(null);
    setSaid("");
    try {
      await (project.archived ? client.projects.unarchive(project.id) : client.projects.archive(project.id));
      setSaid(project.archived ? "Project is active again." : "Project archived: it takes no new time or tasks until unarchived.");
      announceChange("projects");
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section className="card" aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="section-heading">
        Settings
      </h2>
      {said ? <Success>{said}</Success> : null}
      <ErrorNotice error={error} />
      {editing ? (
        <ProjectForm
          key={project.updated_at}
          project={project}
          submitLabel="Save project"
          onSave={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <dl className="details-list">
            <dt>Status</dt>
            <dd>{project.archived ? <span className="badge">Archived</span> : "Active"}</dd>
            <dt>Colour</dt>
            <dd>
              <Swatch color={project.color} />
              {project.color ?? "None"}
            </dd>
            <dt>Client</dt>
            <dd>{project.client_name ?? "—"}</dd>
            <dt>Billable</dt>
            <dd>{project.billable ? "Yes" : "No"}</dd>
            <dt>Hourly rate</dt>
            <dd>{showMoney(project.hourly_rate, currency)}</dd>
            {manager ? (
              <>
                <dt>Budget</dt>
                <dd>{project.budget ? describeBudget(project.budget, currency) : "None"}</dd>
                <dt>Budget used</dt>
                <dd>
                  <BudgetProgress project={project} currency={currency} />
                </dd>
              </>
            ) : null}
            <dt>Description</dt>
            <dd>{project.description ?? "—"}</dd>
          </dl>
          {manager ? (
            <div className="row">
              <button type="button" className="button-secondary" onClick={() => (setEditing(true), setSaid(""))}>
                Edit project
              </button>
              <button type="button" className="button-secondary" onClick={() => void toggleArchive()}>
                {project.archived ? "Unarchive project" : "Archive project"}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The project's rate history and its members' rates on it (owners and admins only: members are sent no rates). */
function ProjectRates({ client, project, onChanged }: { client: Stint; project: Project; onChanged(): void }) {
  const { currency } = useSignedIn().organization;
  const users = useLoad(() => collect(client.users.list({ perPage: 200 })), [client]);
  const names = new Map(users.data?.map((user) => [user.id, user.name]));
  const targets: RateTarget[] = [
    { label: "Everyone on the project", level: "project", projectId: project.id },
    ...(users.data ?? []).map((user) => ({ label: user.name, level: "project_member" as const, userId: user.id, projectId: project.id })),
  ];
  return (
    <RateHistory
      client={client}
      title="Rates"
      filter={{ projectId: project.id }}
      targets={targets}
      describe={(rate) => (rate.level === "project" ? "Everyone on the project" : (names.get(rate.user_id ?? "") ?? "A former member"))}
      currency={currency}
      onChanged={onChanged}
    />
  );
}

function ProjectTasks({ client, project, manager }: { client: Stint; project: Project; manager: boolean }) {
  const tasks = useLoad(() => collect(client.tasks.list(project.id, { perPage: 200 })), [client, project.id], ["tasks"]);
  const [editingId, setEditingId] = useState<string | null>(null);
  const { said, error, run, say } = useAction();
  const act = (what: () => Promise<unknown>, done: string) =>
    run(async () => {
      await what();
      announceChange("tasks");
      return done;
    });

  return (
    <section aria-labelledby="tasks-heading">
      <h2 id="tasks-heading" className="section-heading">
        Tasks
      </h2>
      {manager ? (
        project.archived ? (
          <p className="hint">An archived project takes no new tasks; unarchive it first.</p>
        ) : (
          <NewTaskForm client={client} project={project} onCreated={(task) => (say(`Task ${task.name} added.`), announceChange("tasks"))} />
        )
      ) : null}
      {said ? <Success>{said}</Success> : null}
      <ErrorNotice error={error} />
      <ErrorNotice error={tasks.error} onRetry={tasks.reload} />
      {tasks.data === undefined ? (
        tasks.error ? null : (
          <Loading what="tasks" />
        )
      ) : tasks.data.length === 0 ? (
        <Empty>This project has no tasks yet.</Empty>
      ) : (
        <div className="table-wrap" role="region" aria-label={`Tasks of ${project.name}`} tabIndex={0}>
          <table>
            <caption className="visually-hidden">Tasks of {project.name}</caption>
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Status</th>
                <th scope="col" className="number">
                  Estimate
                </th>
                <th scope="col">Billable</th>
                {manager ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {tasks.data.map((task) =>
                editingId === task.id ? (
                  <tr key={task.id}>
                    <td colSpan={manager ? 5 : 4}>
                      <TaskEditForm
                        task={task}
                        onSave={async (changes) => {
                          const saved = await client.tasks.update(project.id, task.id, changes);
                          setEditingId(null);
                          say(`Task ${saved.name} saved.`);
                          announceChange("tasks");
                        }}
                        onCancel={() => setEditingId(null)}
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={task.id}>
                    <td>{task.name}</td>
                    <td>{task.status === "done" ? <span className="badge">Done</span> : "Active"}</td>
                    <td className="number">{task.estimate_seconds === null ? "—" : hoursMinutes(task.estimate_seconds)}</td>
                    <td>{showBillable(task, project)}</td>
                    {manager ? (
                      <td>
                        <div className="actions-cell">
                          <button type="button" className="button-secondary" onClick={() => (setEditingId(task.id), say(""))}>
                            Edit<span className="visually-hidden"> {task.name}</span>
                          </button>
                          {task.status === "active" ? (
                            <button
                              type="button"
                              className="button-secondary"
                              onClick={() =>
                                void act(
                                  () => client.tasks.update(project.id, task.id, { status: "done" }),
                                  `Task ${task.name} marked done.`,
                                )
                              }
                            >
                              Mark done<span className="visually-hidden"> {task.name}</span>
                            </button>
                          ) : (
                            <button
                              type="button"
                              className="button-secondary"
                              onClick={() =>
                                void act(
                                  () => client.tasks.update(project.id, task.id, { status: "active" }),
                                  `Task ${task.name} is active again.`,
                                )
                              }
                            >
                              Mark active<span className="visually-hidden"> {task.name}</span>
                            </button>
                          )}
                          <ConfirmButton
                            confirmLabel={`Delete ${task.name} for good`}
                            onConfirm={() => act(() => client.tasks.delete(project.id, task.id), `Task ${task.name} deleted.`)}
                          >
                            Delete<span className="visually-hidden"> {task.name}</span>
                          </ConfirmButton>
                        </div>
                      </td>
                    ) : null}
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The fields a task shares between adding and editing, kept as typed. */
function TaskFields({
  name,
  setName,
  hours,
  setHours,
  billable,
  setBillable,
  prefix,
}: {
  name: string;
  setName(value: string): void;
  hours: string;
  setHours(value: string): void;
  billable: BillableChoice;
  setBillable(value: BillableChoice): void;
  prefix: string;
}) {
  const id = useId();
  return (
    <>
      <label className="field">
        <span>{prefix}name</span>
        <input value={name} required maxLength={200} onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="field">
        <span>Estimate (hours)</span>
        <input type="number" inputMode="decimal" step="0.25" value={hours} onChange={(event) => setHours(event.target.value)} />
      </label>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-billable`}>
          Billable
        </label>
        <select id={`${id}-billable`} value={billable} onChange={(event) => setBillable(event.target.value as BillableChoice)}>
          <option value="project">As the project</option>
          <option value="yes">Billable</option>
          <option value="no">Not billable</option>
        </select>
      </div>
    </>
  );
}

function useSubmit(run: () => Promise<void>) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, submit };
}

function NewTaskForm({ client, project, onCreated }: { client: Stint; project: Project; onCreated(task: Task): void }) {
  const [name, setName] = useState("");
  const [hours, setHours] = useState("");
  const [billable, setBillable] = useState<BillableChoice>("project");
  const { error, busy, submit } = useSubmit(async () => {
    const task = await client.tasks.create(project.id, { name, estimateSeconds: estimateSeconds(hours), billable: billableOf(billable) });
    setName("");
    setHours("");
    setBillable("project");
    onCreated(task);
  });
  return (
    <form className="card stack" aria-label="New task" onSubmit={(event) => void submit(event)}>
      <div className="row">
        <TaskFields
          prefix="New task "
          name={name}
          setName={setName}
          hours={hours}
          setHours={setHours}
          billable={billable}
          setBillable={setBillable}
        />
        <button type="submit" disabled={busy}>
          Add task
        </button>
      </div>
      <ErrorNotice error={error} fields={TASK_FIELDS} />
    </form>
  );
}

function TaskEditForm({ task, onSave, onCancel }: { task: Task; onSave(changes: TaskUpdateParams): Promise<void>; onCancel(): void }) {
  const [name, setName] = useState(task.name);
  const [hours, setHours] = useState(estimateHours(task.estimate_seconds));
  const [billable, setBillable] = useState<BillableChoice>(choiceOf(task.billable));
  const { error, busy, submit } = useSubmit(() =>
    onSave({ name, estimateSeconds: estimateSeconds(hours), billable: billableOf(billable) }),
  );
  return (
    <form className="stack" aria-label={`Edit task ${task.name}`} onSubmit={(event) => void submit(event)}>
      <div className="row">
        <TaskFields
          prefix="Task "
          name={name}
          setName={setName}
          hours={hours}
          setHours={setHours}
          billable={billable}
          setBillable={setBillable}
        />
        <button type="submit" disabled={busy}>
          Save task
        </button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <ErrorNotice error={error} fields={TASK_FIELDS} />
    </form>
  );
}
