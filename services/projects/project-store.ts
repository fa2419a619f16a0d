import { ApiError } from "../../shared/errors";
import { skipOf, type Page } from "../../shared/paging";
import { DuplicateKeyError, type Collection, type Filter } from "../../shared/storage/port";
import type { ProjectDocument } from "./project";

export interface ProjectFilters {
  archived?: boolean;
  billable?: boolean;
}

function nameTaken(): ApiError {
  return ApiError.conflict("A project with this name already exists", { field: "name", reason: "conflict" });
}

/** Projects of one organization at a time: every query carries `organization_id`. */
export class ProjectStore {
  constructor(private readonly projects: Collection<ProjectDocument>) {}

  async insert(doc: ProjectDocument): Promise<void> {
    try {
      await this.projects.insertOne(doc);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw nameTaken();
      throw error;
    }
  }

  find(organizationId: string, id: string): Promise<ProjectDocument | null> {
    return this.projects.findOne({ _id: id, organization_id: organizationId });
  }

  async list(organizationId: string, filters: ProjectFilters, page: Page): Promise<{ items: ProjectDocument[]; total: number }> {
    const filter: Filter = { organization_id: organizationId };
    if (filters.archived !== undefined) filter.archived = filters.archived;
    if (filters.billable !== undefined) filter.billable = filters.billable;
    const [items, total] = await Promise.all([
      this.projects.find(filter, { sort: { name_key: 1, _id: 1 }, skip: skipOf(page), limit: page.per_page }),
      this.projects.count(filter),
    ]);
    return { items, total };
  }

  async update(organizationId: string, id: string, changes: Partial<ProjectDocument>): Promise<ProjectDocument | null> {
    try {
      return await this.projects.findOneAndUpdate({ _id: id, organization_id: organizationId }, { $set: changes });
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw nameTaken();
      throw error;
    }
  }

  /** The organization's projects among these lower-cased names. */
  withNameKeys(organizationId: string, keys: readonly string[]): Promise<ProjectDocument[]> {
    return this.projects.find({ organization_id: organizationId, name_key: { $in: [...keys] } });
  }

  findByNameKey(organizationId: string, key: string): Promise<ProjectDocument | null> {
    return this.projects.findOne({ organization_id: organizationId, name_key: key });
  }

  delete(organizationId: string, id: string): Promise<boolean> {
    return this.projects.deleteOne({ _id: id, organization_id: organizationId });
  }

  /** Names and clients by id, of this organization's documents among `ids`. */
  async namesOf(organizationId: string, ids: readonly string[]): Promise<Record<string, { name: string; client: string | null }>> {
    if (ids.length === 0) return {};
    const found = await this.projects.find({ organization_id: organizationId, _id: { $in: [...ids] } });
    return Object.fromEntries(found.map((doc) => [doc._id, { name: doc.name, client: doc.client_name ?? null }]));
  }

  /** Projects, of every organization, stored with a rate before rates had history (`legacy-rates.ts`). */
  withLegacyRate(): Promise<ProjectDocument[]> {
    return this.projects.find({ hourly_rate: { $ne: null } });
  }

  /** Takes the old rate off a project, unless it changed since it was read. */
  async dropLegacyRate(id: string, rate: number | null | undefined): Promise<void> {
    await this.projects.findOneAndUpdate({ _id: id, hourly_rate: rate }, { $unset: { hourly_rate: 1 } });
  }
}
