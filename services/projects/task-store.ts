import { ApiError } from "../../shared/errors";
import { skipOf, type Page } from "../../shared/paging";
import { DuplicateKeyError, type Collection, type Filter } from "../../shared/storage/port";
import type { TaskDocument } from "./task";
import type { TaskStatus } from "./contract";

/** Where a task lives: every query carries the organization, most the project too. */
export interface TaskPlace {
  organizationId: string;
  projectId: string;
}

function nameTaken(): ApiError {
  return ApiError.conflict("A task with this name already exists in this project", { field: "name", reason: "conflict" });
}

function byId(place: TaskPlace, id: string): Filter {
  return { _id: id, organization_id: place.organizationId, project_id: place.projectId };
}

export class TaskStore {
  constructor(private readonly tasks: Collection<TaskDocument>) {}

  async insert(doc: TaskDocument): Promise<void> {
    try {
      await this.tasks.insertOne(doc);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw nameTaken();
      throw error;
    }
  }

  find(place: TaskPlace, id: string): Promise<TaskDocument | null> {
    return this.tasks.findOne(byId(place, id));
  }

  /** A task of the organization whatever its project: callers compare `project_id` themselves. */
  findInOrganization(organizationId: string, id: string): Promise<TaskDocument | null> {
    return this.tasks.findOne({ _id: id, organization_id: organizationId });
  }

  async list(place: TaskPlace, status: TaskStatus | undefined, page: Page): Promise<{ items: TaskDocument[]; total: number }> {
    const filter: Filter = { organization_id: place.organizationId, project_id: place.projectId };
    if (status !== undefined) filter.status = status;
    const [items, total] = await Promise.all([
      this.tasks.find(filter, { sort: { name_key: 1, _id: 1 }, skip: skipOf(page), limit: page.per_page }),
      this.tasks.count(filter),
    ]);
    return { items, total };
  }

  async update(place: TaskPlace, id: string, changes: Partial<TaskDocument>): Promise<TaskDocument | null> {
    try {
      return await this.tasks.findOneAndUpdate(byId(place, id), { $set: changes });
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw nameTaken();
      throw error;
    }
  }

  /** The project's tasks among these lower-cased names. */
  withNameKeys(place: TaskPlace, keys: readonly string[]): Promise<TaskDocument[]> {
    return this.tasks.find({ organization_id: place.organizationId, project_id: place.projectId, name_key: { $in: [...keys] } });
  }

  findByNameKey(place: TaskPlace, key: string): Promise<TaskDocument | null> {
    return this.tasks.findOne({ organization_id: place.organizationId, project_id: place.projectId, name_key: key });
  }

  delete(place: TaskPlace, id: string): Promise<boolean> {
    return this.tasks.deleteOne(byId(place, id));
  }

  deleteAllOf(place: TaskPlace): Promise<number> {
    return this.tasks.deleteMany({ organization_id: place.organizationId, project_id: place.projectId });
  }

  /** Names by id, of this organization's documents among `ids`. */
  async namesOf(organizationId: string, ids: readonly string[]): Promise<Record<string, string>> {
    if (ids.length === 0) return {};
    const found = await this.tasks.find({ organization_id: organizationId, _id: { $in: [...ids] } });
    return Object.fromEntries(found.map((doc) => [doc._id, doc.name]));
  }
}
