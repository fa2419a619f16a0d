import type { Project, ProjectCreateParams } from "@stint/sdk";
import { useState } from "react";
import { Link } from "wouter";
import { BudgetProgress } from "../components/budget-progress";
import { ConfirmButton } from "../components/confirm-button";
import { Page } from "../components/page";
import { Empty, ErrorNotice, Loading, Success } from "../components/status";
import { announceChange } from "../lib/changes";
import { collect } from "../lib/collect";
import { showMoney } from "../lib/money";
import { useAction } from "../lib/use-action";
import { useLoad } from "../lib/use-load";
import { useIsManager, useSignedIn, useStint } from "../session/session-context";
import { ProjectForm, Swatch } from "./project-form";

type Shown = "active" | "archived";

/**
 * The organization's projects, active or archived. Everyone reads them; owners and admins
 * create, edit, archive and delete (members get no buttons the API would refuse).
 */
export default function ProjectsPage() {
  const client = useStint();
  const manager = useIsManager();
  const { currency } = useSignedIn().organization;
  const [shown, setShown] = useState<Shown>("active");
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Project | null>(null);
  const { said, error: actionError, run, say } = useAction();
  const projects = useLoad(
    () => collect(client.projects.list({ archived: shown === "archived", perPage: 200 })),
    [client, shown],
    ["projects"],
  );

  /** Runs one change, says what happened, and tells the timer bar and this list to reload. */
  const act = (what: () => Promise<unknown>, done: string) =>
    run(async () => {
      await what();
      announceChange("projects");
      return done;
    });

  const create = async (body: ProjectCreateParams) => {
    const project = await client.projects.create(body);
    setCreating(false);
    setShown("active");
    say(`Project ${project.name} created.`);
    announceChange("projects");
  };
  const save = async (project: Project, body: ProjectCreateParams) => {
    const saved = await client.projects.update(project.id, body);
    setEditing(null);
    say(`Project ${saved.name} saved.`);
    announceChange("projects");
  };

  return (
    <Page
      title="Projects"
      actions={
        manager && !creating ? (
          <button type="button" className="button-primary" onClick={() => (setCreating(true), setEditing(null), say(""))}>
            New project
          </button>
        ) : null
      }
    >
      {creating ? (
        <section className="card" aria-labelledby="new-project-heading">
          <h2 id="new-project-heading" className="section-heading">
            New project
          </h2>
          <ProjectForm submitLabel="Create project" onSave={create} onCancel={() => setCreating(false)} />
        </section>
      ) : null}
      {editing ? (
        <section className="card" aria-labelledby="edit-project-heading">
          <h2 id="edit-project-heading" className="section-heading">
            Edit {editing.name}
          </h2>
          <ProjectForm
            key={editing.id}
            project={editing}
            submitLabel="Save project"
            onSave={(body) => save(editing, body)}
            onCancel={() => setEditing(null)}
          />
        </section>
      ) : null}
      {said ? <Success>{said}</Success> : null}
      <ErrorNotice error={actionError} />

      <div className="row filter-bar">
        <div className="field">
          <label className="field-label" htmlFor="projects-shown">
            Show
          </label>
          <select id="projects-shown" value={shown} onChange={(event) => setShown(event.target.value as Shown)}>
            <option value="active">Active projects</option>
            <option value="archived">Archived projects</option>
          </select>
        </div>
      </div>

      <ErrorNotice error={projects.error} onRetry={projects.reload} />
      {projects.data === undefined ? (
        projects.error ? null : (
          <Loading what="projects" />
        )
      ) : projects.data.length === 0 ? (
        <Empty>
          {shown === "active"
            ? manager
              ? "No active projects yet. Create one to start tracking time against it."
              : "No active projects yet. An owner or admin creates them."
            : "No archived projects."}
        </Empty>
      ) : (
        // A named, focusable region: on a phone the table scrolls sideways, and the keyboard must reach it.
        <div className="table-wrap" role="region" aria-label={shown === "active" ? "Active projects" : "Archived projects"} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{shown === "active" ? "Active projects" : "Archived projects"}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Client</th>
                <th scope="col">Billable</th>
                <th scope="col" className="number">
                  Hourly rate
                </th>
                {manager ? <th scope="col">Budget used</th> : null}
                {manager ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {projects.data.map((project) => (
                <tr key={project.id}>
                  <td className="project-name">
                    <Swatch color={project.color} />
                    <Link href={`/projects/${project.id}`} className="cut" title={project.name}>
                      {project.name}
                    </Link>
                  </td>
                  <td>
                    <span className="cut project-client" title={project.client_name ?? undefined}>
                      {project.client_name ?? "—"}
                    </span>
                  </td>
                  <td>{project.billable ? "Yes" : "No"}</td>
                  <td className="number">{showMoney(project.hourly_rate, currency)}</td>
                  {manager ? (
                    <td>
                      <BudgetProgress project={project} currency={currency} />
                    </td>
                  ) : null}
                  {manager ? (
                    <td>
                      <div className="actions-cell">
                        <button
                          type="button"
                          className="button-secondary"
                          onClick={() => (setEditing(project), setCreating(false), say(""))}
                        >
                          Edit<span className="visually-hidden"> {project.name}</span>
                        </button>
                        {project.archived ? (
                          <button
                            type="button"
                            className="button-secondary"
                            onClick={() =>
                              void act(() => client.projects.unarchive(project.id), `Project ${project.name} is active again.`)
                            }
                          >
                            Unarchive<span className="visually-hidden"> {project.name}</span>
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="button-secondary"
                            onClick={() =>
                              void act(
                                () => client.projects.archive(project.id),
                                `Project ${project.name} archived: it takes no new time until unarchived.`,
                              )
                            }
                          >
                            Archive<span className="visually-hidden"> {project.name}</span>
                          </button>
                        )}
                        <ConfirmButton
                          confirmLabel={`Delete ${project.name} for good`}
                          onConfirm={() => act(() => client.projects.delete(project.id), `Project ${project.name} deleted.`)}
                        >
                          Delete<span className="visually-hidden"> {project.name}</span>
                        </ConfirmButton>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
