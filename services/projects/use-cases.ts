import { announceChange, type Announce } from "../../shared/announce";
import { ApiError } from "../../shared/errors";
import { createdId, insertOnce, type Creation } from "../../shared/creation";
import type { Identity } from "../../shared/identity";
import { listEnvelope, type ListEnvelope } from "../../shared/paging";
import { isoSeconds } from "../../shared/time";
import type { BudgetSources } from "./budgets";
import type { CreateProjectInput, ListProjectsInput, UpdateProjectInput } from "./inputs";
import { nameKey, presentProject, type ProjectDocument } from "./project";
import { forViewer, presentAll, presentOne } from "./project-views";
import type { RateTarget } from "./rate";
import type { EntryReferences } from "./entry-references";
import { deleteTasksOfProject, type ProjectStores } from "./task-use-cases";
import type { Project } from "./contract";

/** How a use case announces what changed; the service turns these into bus events. */
export interface ProjectEvents {
  created: Announce<Project>;
  updated: Announce<Project>;
  deleted: Announce<Project>;
}

function projectRate(projectId: string): RateTarget {
  return { level: "project", user_id: null, project_id: projectId };
}

/**
 * Sent again with its `Idempotency-Key`, answers the project of the first run
 * (`shared/creation.ts`). A rate given is the project's from the beginning.
 */
export async function createProject(
  stores: ProjectStores,
  sources: BudgetSources,
  events: ProjectEvents,
  who: Identity,
  input: CreateProjectInput["body"],
  request: Creation = {},
): Promise<Project> {
  const { hourly_rate: hourlyRate, ...fields } = input;
  const now = isoSeconds();
  const doc: ProjectDocument = {
    _id: createdId("project", request),
    organization_id: who.organizationId,
    ...fields,
    name_key: nameKey(input.name),
    archived: false,
    created_at: now,
    updated_at: now,
  };
  // A new project has used nothing of its budget.
  const expected = presentProject(doc, hourlyRate, doc.budget ? { seconds: 0, amount: 0, percent: 0 } : null);
  // Announced on a repeat too, under the same event id: the first run may have died before announcing.
  const created = await announceChange(events.created, expected, async () => {
    const inserted = await insertOnce(
      doc,
      (fresh) => stores.projects.insert(fresh),
      (id) => stores.projects.find(who.organizationId, id),
    );
    // On a repeat too: the first run may have died before recording it; recording it again changes nothing.
    if (hourlyRate !== null) await stores.rates.replace(who.organizationId, projectRate(doc._id), hourlyRate);
    return presentOne(stores, sources, who.organizationId, inserted.doc);
  });
  return forViewer(created, who);
}

export async function listProjects(
  stores: ProjectStores,
  sources: BudgetSources,
  who: Identity,
  query: ListProjectsInput["query"],
): Promise<ListEnvelope<Project>> {
  const page = { page: query.page, per_page: query.per_page };
  const { items, total } = await stores.projects.list(who.organizationId, { archived: query.archived, billable: query.billable }, page);
  const projects = await presentAll(stores, sources, who.organizationId, items);
  return listEnvelope(
    projects.map((project) => forViewer(project, who)),
    total,
    page,
  );
}

export async function getProject(stores: ProjectStores, sources: BudgetSources, who: Identity, id: string): Promise<Project> {
  const doc = await stores.projects.find(who.organizationId, id);
  if (!doc) throw ApiError.notFound("Project");
  return forViewer(await presentOne(stores, sources, who.organizationId, doc), who);
}

/**
 * Changes the fields given. `hourly_rate` is set from the beginning: it replaces the
 * project's rate history (docs/api.md, "Money: rates, amounts and budgets").
 */
export async function updateProject(
  stores: ProjectStores,
  sources: BudgetSources,
  events: ProjectEvents,
  who: Identity,
  id: string,
  changes: UpdateProjectInput["body"],
): Promise<Project> {
  const { hourly_rate: hourlyRate, ...fields } = changes;
  const set: Partial<ProjectDocument> = { ...fields, updated_at: isoSeconds() };
  if (changes.name !== undefined) set.name_key = nameKey(changes.name);
  const current = await stores.projects.find(who.organizationId, id);
  if (!current) throw ApiError.notFound("Project");
  const changed = await presentOne(stores, sources, who.organizationId, { ...current, ...set });
  const expected = hourlyRate === undefined ? changed : { ...changed, hourly_rate: hourlyRate };
  const updated = await announceChange(events.updated, expected, async () => {
    const doc = await stores.projects.update(who.organizationId, id, set);
    if (!doc) throw ApiError.notFound("Project");
    if (hourlyRate !== undefined) await stores.rates.replace(who.organizationId, projectRate(id), hourlyRate);
    return presentOne(stores, sources, who.organizationId, doc);
  });
  return forViewer(updated, who);
}

/** A project that time was recorded against is archived, not deleted (docs/decisions/0005-archive-instead-of-delete.md). */
export async function deleteProject(
  stores: ProjectStores,
  sources: BudgetSources,
  events: ProjectEvents,
  references: EntryReferences,
  who: Identity,
  id: string,
): Promise<void> {
  const doc = await stores.projects.find(who.organizationId, id);
  if (!doc) throw ApiError.notFound("Project");
  const entries = await references.countForProject(who.organizationId, id);
  if (entries > 0) {
    throw ApiError.conflict("This project has time entries and cannot be deleted; archive it instead", { time_entries: entries });
  }
  const shown = await presentOne(stores, sources, who.organizationId, doc);
  await announceChange(events.deleted, shown, async () => {
    if (!(await stores.projects.delete(who.organizationId, id))) throw ApiError.notFound("Project");
    await deleteTasksOfProject(stores.tasks, who, id);
    await stores.rates.deleteOfProject(who.organizationId, id);
    await stores.alerts.deleteOfProject(who.organizationId, id);
    return shown;
  });
}
