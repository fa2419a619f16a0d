import { ApiError } from "../../shared/errors";
import { createdId, insertOnce, type Creation } from "../../shared/creation";
import type { Identity } from "../../shared/identity";
import { listEnvelope, type ListEnvelope } from "../../shared/paging";
import { isoSeconds } from "../../shared/time";
import { nameKey, type ProjectDocument } from "./project";
import type { ProjectStore } from "./project-store";
import { presentTask, type TaskDocument } from "./task";
import type { BudgetAlertStore } from "./budget-alert-store";
import type { RateStore } from "./rate-store";
import type { TaskPlace, TaskStore } from "./task-store";
import type { EntryReferences } from "./entry-references";
import type { Task } from "./contract";
import type { CreateTaskInput, ListTasksInput, UpdateTaskInput } from "./inputs";

/** The projects service keeps two collections: projects and their tasks. */
export interface ProjectStores {
  projects: ProjectStore;
  tasks: TaskStore;
  rates: RateStore;
  alerts: BudgetAlertStore;
}

function placeOf(who: Identity, projectId: string): TaskPlace {
  return { organizationId: who.organizationId, projectId };
}

async function existingProject(projects: ProjectStore, who: Identity, projectId: string): Promise<ProjectDocument> {
  const project = await projects.find(who.organizationId, projectId);
  if (!project) throw ApiError.notFound("Project");
  return project;
}

/** An archived project takes no new work, tasks included (docs/decisions/0005-archive-instead-of-delete.md). */
function archivedProject(): ApiError {
  return ApiError.validation([
    { field: "project_id", reason: "invalid", message: "is archived and takes no new tasks; unarchive it first" },
  ]);
}

/** Sent again with its `Idempotency-Key`, answers the task of the first run (`shared/creation.ts`). */
export async function createTask(
  stores: ProjectStores,
  who: Identity,
  projectId: string,
  input: CreateTaskInput["body"],
  request: Creation = {},
): Promise<Task> {
  const project = await existingProject(stores.projects, who, projectId);
  if (project.archived) throw archivedProject();
  const now = isoSeconds();
  const doc: TaskDocument = {
    _id: createdId("task", request),
    organization_id: who.organizationId,
    project_id: project._id,
    ...input,
    name_key: nameKey(input.name),
    created_at: now,
    updated_at: now,
  };
  const inserted = await insertOnce(
    doc,
    (fresh) => stores.tasks.insert(fresh),
    (id) => stores.tasks.find(placeOf(who, project._id), id),
  );
  // Deleting a project removes the project first, then its tasks. A task inserted while
  // that ran could outlive both steps; looking again closes that gap.
  if (!(await stores.projects.find(who.organizationId, project._id))) {
    await stores.tasks.delete(placeOf(who, project._id), doc._id);
    throw ApiError.notFound("Project");
  }
  return presentTask(inserted.doc);
}

export async function listTasks(
  stores: ProjectStores,
  who: Identity,
  projectId: string,
  query: ListTasksInput["query"],
): Promise<ListEnvelope<Task>> {
  await existingProject(stores.projects, who, projectId);
  const page = { page: query.page, per_page: query.per_page };
  const { items, total } = await stores.tasks.list(placeOf(who, projectId), query.status, page);
  return listEnvelope(items.map(presentTask), total, page);
}

export async function getTask(tasks: TaskStore, who: Identity, projectId: string, id: string): Promise<Task> {
  const doc = await tasks.find(placeOf(who, projectId), id);
  if (!doc) throw ApiError.notFound("Task");
  return presentTask(doc);
}

export async function updateTask(
  tasks: TaskStore,
  who: Identity,
  projectId: string,
  id: string,
  changes: UpdateTaskInput["body"],
): Promise<Task> {
  const set: Partial<TaskDocument> = { ...changes, updated_at: isoSeconds() };
  if (changes.name !== undefined) set.name_key = nameKey(changes.name);
  const doc = await tasks.update(placeOf(who, projectId), id, set);
  if (!doc) throw ApiError.notFound("Task");
  return presentTask(doc);
}

/** Like projects, a task that time was recorded against is kept: mark it done instead. */
export async function deleteTask(
  tasks: TaskStore,
  references: EntryReferences,
  who: Identity,
  projectId: string,
  id: string,
): Promise<void> {
  const place = placeOf(who, projectId);
  if (!(await tasks.find(place, id))) throw ApiError.notFound("Task");
  const entries = await references.countForTask(who.organizationId, id);
  if (entries > 0) {
    throw ApiError.conflict("This task has time entries and cannot be deleted; set its status to done instead", { time_entries: entries });
  }
  if (!(await tasks.delete(place, id))) throw ApiError.notFound("Task");
}

/** A deleted project takes its tasks with it. */
export async function deleteTasksOfProject(tasks: TaskStore, who: Identity, projectId: string): Promise<void> {
  await tasks.deleteAllOf(placeOf(who, projectId));
}
