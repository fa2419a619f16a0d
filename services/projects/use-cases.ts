import { isManager } from "../../shared/access";
import { announceChange, type Announce } from "../../shared/announce";
import { ApiError } from "../../shared/errors";
import { createdId, insertOnce, type Creation } from "../../shared/creation";
import type { Identity } from "../../shared/identity";
import { listEnvelope, type ListEnvelope } from "../../shared/paging";
import { isoSeconds, utcDay } from "../../shared/time";
import type { CreateProjectInput, ListProjectsInput, UpdateProjectInput } from "./inputs";
import { nameKey, presentProject, type ProjectDocument } from "./project";
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

/** Projects as shown, each with the rate in force today, read once for all of them. */
async function present(stores: ProjectStores, organizationId: string, docs: readonly ProjectDocument[]): Promise<Project[]> {
  const rates = await stores.rates.inForce(
    organizationId,
    "project",
    docs.map((doc) => doc._id),
    utcDay(),
  );
  return docs.map((doc) => presentProject(doc, rates.get(doc._id) ?? null));
}

/** Members see no money: a project's rate is the owners' and admins' to see (docs/api.md, "Money: rates, amounts and budgets"). */
function forViewer(project: Project, who: Identity): Project {
  if (isManager(who)) return project;
  const { hourly_rate: _rate, ...shown } = project;
  return shown;
}

async function presentOne(stores: ProjectStores, organizationId: string, doc: ProjectDocument): Promise<Project> {
  return (await present(stores, organizationId, [doc]))[0] as Project;
}

/**
 * Sent again with its `Idempotency-Key`, answers the project of the first run (`shared/creation.ts`). */
export async function createProject(
  stores: ProjectStores,
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
  // Announced on a repeat too, under the same event id: the first run may have died before announcing.
  return announceChange(events.created, presentProject(doc, hourlyRate), async () => {
    const inserted = await insertOnce(
      doc,
      (fresh) => stores.projects.insert(fresh),
      (id) => stores.projects.find(who.organizationId, id),
    );
    // On a repeat too: the first run may have died before recording it; recording it again changes nothing.
    if (hourlyRate !== null) await stores.rates.replace(who.organizationId, projectRate(doc._id), hourlyRate);
    return presentOne(stores, who.organizationId, inserted.doc);
  });
}

export async function listProjects(
  stores: ProjectStores,
  who: Identity,
  query: ListProjectsInput["query"],
): Promise<ListEnvelope<Project>> {
  const page = { page: query.page, per_page: query.per_page };
  const { items, total } = await stores.projects.list(who.organizationId, { archived: query.archived, billable: query.billable }, page);
  const projects = await present(stores, who.organizationId, items);
  return listEnvelope(
    projects.map((project) => forViewer(project, who)),
    total,
    page,
  );
}

export async function getProject(stores: ProjectStores, who: Identity, id: string): Promise<Project> {
  const doc = await stores.projects.find(who.organizationId, id);
  if (!doc) throw ApiError.notFound("Project");
  return forViewer(await presentOne(stores, who.organizationId, doc), who);
}

/**
 * Changes the fields given. `hourly_rate` is set from the beginning: it replaces the
 * project's rate history (docs/api.md, "Money: rates, amounts and budgets").
 */
export async function updateProject(
  stores: ProjectStores,
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
  const shown = await presentOne(stores, who.organizationId, current);
  const expected = presentProject({ ...current, ...set }, hourlyRate === undefined ? (shown.hourly_rate ?? null) : hourlyRate);
  return announceChange(events.updated, expected, async () => {
    const doc = await stores.projects.update(who.organizationId, id, set);
    if (!doc) throw ApiError.notFound("Project");
    if (hourlyRate !== undefined) await stores.rates.replace(who.organizationId, projectRate(id), hourlyRate);
    return presentOne(stores, who.organizationId, doc);
  });
}

/** A project that time was recorded against is archived, not deleted (docs/decisions/0005-archive-instead-of-delete.md). */
export async function deleteProject(
  stores: ProjectStores,
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
  const shown = await presentOne(stores, who.organizationId, doc);
  await announceChange(events.deleted, shown, async () => {
    if (!(await stores.projects.delete(who.organizationId, id))) throw ApiError.notFound("Project");
    await deleteTasksOfProject(stores.tasks, who, id);
    await stores.rates.deleteOfProject(who.organizationId, id);
    return shown;
  });
}
