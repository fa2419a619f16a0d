import { announceChange, type Announce } from "../../shared/announce";
import { ApiError } from "../../shared/errors";
import { createdId, insertOnce, type Creation } from "../../shared/creation";
import type { Identity } from "../../shared/identity";
import { listEnvelope, type ListEnvelope } from "../../shared/paging";
import { isoSeconds } from "../../shared/time";
import type { CreateProjectInput, ListProjectsInput, UpdateProjectInput } from "./inputs";
import { nameKey, presentProject, type ProjectDocument } from "./project";
import type { ProjectStore } from "./project-store";
import type { EntryReferences } from "./entry-references";
import { deleteTasksOfProject, type ProjectStores } from "./task-use-cases";
import type { Project } from "./contract";

/** How a use case announces what changed; the service turns these into bus events. */
export interface ProjectEvents {
  created: Announce<Project>;
  updated: Announce<Project>;
  deleted: Announce<Project>;
}

/** Sent again with its `Idempotency-Key`, answers the project of the first run (`shared/creation.ts`). */
export async function createProject(
  store: ProjectStore,
  events: ProjectEvents,
  who: Identity,
  input: CreateProjectInput["body"],
  request: Creation = {},
): Promise<Project> {
  const now = isoSeconds();
  const doc: ProjectDocument = {
    _id: createdId("project", request),
    organization_id: who.organizationId,
    ...input,
    name_key: nameKey(input.name),
    archived: false,
    created_at: now,
    updated_at: now,
  };
  // Announced on a repeat too, under the same event id: the first run may have died before announcing.
  return announceChange(events.created, presentProject(doc), async () => {
    const inserted = await insertOnce(
      doc,
      (fresh) => store.insert(fresh),
      (id) => store.find(who.organizationId, id),
    );
    return presentProject(inserted.doc);
  });
}

export async function listProjects(store: ProjectStore, who: Identity, query: ListProjectsInput["query"]): Promise<ListEnvelope<Project>> {
  const page = { page: query.page, per_page: query.per_page };
  const { items, total } = await store.list(who.organizationId, { archived: query.archived, billable: query.billable }, page);
  return listEnvelope(items.map(presentProject), total, page);
}

export async function getProject(store: ProjectStore, who: Identity, id: string): Promise<Project> {
  const doc = await store.find(who.organizationId, id);
  if (!doc) throw ApiError.notFound("Project");
  return presentProject(doc);
}

export async function updateProject(
  store: ProjectStore,
  events: ProjectEvents,
  who: Identity,
  id: string,
  changes: UpdateProjectInput["body"],
): Promise<Project> {
  const set: Partial<ProjectDocument> = { ...changes, updated_at: isoSeconds() };
  if (changes.name !== undefined) set.name_key = nameKey(changes.name);
  const current = await store.find(who.organizationId, id);
  if (!current) throw ApiError.notFound("Project");
  return announceChange(events.updated, presentProject({ ...current, ...set }), async () => {
    const doc = await store.update(who.organizationId, id, set);
    if (!doc) throw ApiError.notFound("Project");
    return presentProject(doc);
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
  await announceChange(events.deleted, presentProject(doc), async () => {
    if (!(await stores.projects.delete(who.organizationId, id))) throw ApiError.notFound("Project");
    await deleteTasksOfProject(stores.tasks, who, id);
    return presentProject(doc);
  });
}
