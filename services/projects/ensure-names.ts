import type { z } from "zod";
import type { Announce } from "../../shared/announce";
import { newId } from "../../shared/ids";
import { insertOnce } from "../../shared/creation";
import { isoSeconds } from "../../shared/time";
import type { projectsClient, ProjectsByName } from "./client";
import { nameKey, presentProject, type ProjectDocument } from "./project";
import type { TaskDocument } from "./task";
import type { Project } from "./contract";
import type { ProjectStores } from "./task-use-cases";

type EnsureQuery = z.output<typeof projectsClient.actions.ensureByNames.input>;

/**
 * Projects and tasks of one organization by name (regardless of case), for imports: those
 * that exist, and, when `create` is set, those that do not, made with the defaults of
 * the API. Archived projects are found like any other (an import may bring history onto
 * them), and tasks are found or made in them too.
 */
export async function ensureByNames(
  stores: ProjectStores,
  query: EnsureQuery,
  announceCreated: Announce<Project>,
): Promise<{ found: ProjectsByName; created: ProjectDocument[] }> {
  const { organizationId } = query;
  const wanted = new Map(query.projects.map((project) => [nameKey(project.name), project]));
  const existing = await stores.projects.withNameKeys(organizationId, [...wanted.keys()]);
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
    const announcement = await announceCreated.prepare(presentProject(doc, null, null));
    // Two imports naming the same new project at once end with one project, not two.
    const outcome = await insertOnce(
      doc,
      (fresh) => stores.projects.insert(fresh),
      () => stores.projects.findByNameKey(organizationId, key),
    );
    byKey.set(key, outcome.doc);
    if (outcome.created) {
      created.push(outcome.doc);
      await announcement.publish(presentProject(outcome.doc, null, null));
    } else {
      await announcement.drop();
    }
  }

  const found: ProjectsByName = {};
  for (const [key, project] of wanted) {
    const doc = byKey.get(key);
    if (!doc) continue;
    const place = { organizationId, projectId: doc._id };
    const taskKeys = [...new Set(project.tasks.map(nameKey))];
    const tasks = taskKeys.length === 0 ? [] : await stores.tasks.withNameKeys(place, taskKeys);
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
      const outcome = await insertOnce(
        task,
        (fresh) => stores.tasks.insert(fresh),
        () => stores.tasks.findByNameKey(place, taskKey),
      );
      tasksByKey.set(taskKey, outcome.doc);
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
