import type { z } from "zod";
import type { Announce } from "../../shared/announce";
import { newId } from "../../shared/ids";
import { DuplicateKeyError, type Collection } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import type { projectsClient, ProjectsByName } from "./client";
import { nameKey, presentProject, type ProjectDocument } from "./project";
import type { TaskDocument } from "./task";
import type { Project } from "./contract";

type EnsureQuery = z.output<typeof projectsClient.actions.ensureByNames.input>;

export interface NamedCollections {
  projects: Collection<ProjectDocument>;
  tasks: Collection<TaskDocument>;
}

/**
 * Inserts a document unless one with its unique name is there already, then reads what is
 * there: two imports naming the same new project at once end with one project, not two.
 */
async function insertOrFind<T extends ProjectDocument | TaskDocument>(
  collection: Collection<T>,
  doc: T,
  filter: Record<string, unknown>,
): Promise<{ doc: T; created: boolean }> {
  try {
    await collection.insertOne(doc);
    return { doc, created: true };
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    const found = await collection.findOne(filter);
    if (!found) throw error;
    return { doc: found, created: false };
  }
}

/**
 * Projects and tasks of one organization by name (regardless of case), for imports: those
 * that exist, and, when `create` is set, those that do not, made with the defaults of
 * the API. Archived projects are found like any other (an import may bring history onto
 * them), and tasks are found or made in them too.
 */
export async function ensureByNames(
  stores: NamedCollections,
  query: EnsureQuery,
  announceCreated: Announce<Project>,
): Promise<{ found: ProjectsByName; created: ProjectDocument[] }> {
  const { organizationId } = query;
  const wanted = new Map(query.projects.map((project) => [nameKey(project.name), project]));
  const existing = await stores.projects.find({ organization_id: organizationId, name_key: { $in: [...wanted.keys()] } });
  const byKey = new Map(existing.map((doc) => [doc.name_key, doc]));
  const created: ProjectDocument[] = [];
  const now = isoSeconds();
  for (const [key, project] of wanted) {
    if (byKey.has(key) || !query.create) continue;
    const doc: ProjectDocument = {
      _id: newId("project"),
      organization_id: organizationId,
      name: project.name,
      name_key: key,
      description: null,
      color: null,
      client_name: null,
      billable: true,
      archived: false,
      created_at: now,
      updated_at: now,
    };
    // One event per project made, as when made by hand: never one per imported row.
    const announcement = await announceCreated.prepare(presentProject(doc, null));
    const outcome = await insertOrFind(stores.projects, doc, { organization_id: organizationId, name_key: key });
    byKey.set(key, outcome.doc);
    if (outcome.created) {
      created.push(outcome.doc);
      await announcement.publish(presentProject(outcome.doc, null));
    } else {
      await announcement.drop();
    }
  }

  const found: ProjectsByName = {};
  for (const [key, project] of wanted) {
    const doc = byKey.get(key);
    if (!doc) continue;
    const taskKeys = [...new Set(project.tasks.map(nameKey))];
    const tasks =
      taskKeys.length === 0
        ? []
        : await stores.tasks.find({ organization_id: organizationId, project_id: doc._id, name_key: { $in: taskKeys } });
    const tasksByKey = new Map(tasks.map((task) => [task.name_key, task]));
    for (const name of project.tasks) {
      const taskKey = nameKey(name);
      if (tasksByKey.has(taskKey) || !query.create) continue;
      const task: TaskDocument = {
        _id: newId("task"),
        organization_id: organizationId,
        project_id: doc._id,
        name,
        name_key: taskKey,
        status: "active",
        billable: null,
        estimate_seconds: null,
        created_at: now,
        updated_at: now,
      };
      tasksByKey.set(
        taskKey,
        (await insertOrFind(stores.tasks, task, { organization_id: organizationId, project_id: doc._id, name_key: taskKey })).doc,
      );
    }
    found[key] = {
      id: doc._id,
      billable: doc.billable,
      tasks: Object.fromEntries(
        [...tasksByKey].map(([taskKey, task]) => [taskKey, { id: task._id, billable: task.billable ?? doc.billable }]),
      ),
    };
  }
  return { found, created };
}
