import { skipOf, type Page } from "../../shared/paging";
import type { Collection, Filter } from "../../shared/storage/port";
import type { ScreenshotDocument } from "./screenshot";

export interface ScreenshotFilters {
  user_id?: string;
  project_id?: string;
  time_entry_id?: string;
  /** Inclusive UTC dates of `taken_at`. */
  start_date?: string;
  end_date?: string;
}

function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const ORDER = { taken_at: -1, _id: -1 } as const;

/** Screenshots of one organization at a time: every query carries `organization_id`. */
export class ScreenshotStore {
  constructor(private readonly screenshots: Collection<ScreenshotDocument>) {}

  insert(doc: ScreenshotDocument): Promise<void> {
    return this.screenshots.insertOne(doc);
  }

  find(organizationId: string, id: string): Promise<ScreenshotDocument | null> {
    return this.screenshots.findOne({ _id: id, organization_id: organizationId });
  }

  /** Whether any record holds this id, in any organization (the orphan sweep asks). */
  async exists(id: string): Promise<boolean> {
    return (await this.screenshots.findOne({ _id: id })) !== null;
  }

  private query(organizationId: string, filters: ScreenshotFilters): Filter {
    const query: Filter = { organization_id: organizationId };
    for (const field of ["user_id", "project_id", "time_entry_id"] as const) {
      if (filters[field] !== undefined) query[field] = filters[field];
    }
    const range: Record<string, string> = {};
    if (filters.start_date) range.$gte = `${filters.start_date}T00:00:00Z`;
    if (filters.end_date) range.$lt = `${dayAfter(filters.end_date)}T00:00:00Z`;
    if (Object.keys(range).length > 0) query.taken_at = range;
    return query;
  }

  async page(organizationId: string, filters: ScreenshotFilters, page: Page): Promise<{ items: ScreenshotDocument[]; total: number }> {
    const query = this.query(organizationId, filters);
    const [items, total] = await Promise.all([
      this.screenshots.find(query, { sort: ORDER, skip: skipOf(page), limit: page.per_page }),
      this.screenshots.count(query),
    ]);
    return { items, total };
  }

  /** Oldest first, taken before `before`: what a retention of the organization has run out for. */
  expired(organizationId: string, before: string, limit: number): Promise<ScreenshotDocument[]> {
    return this.screenshots.find({ organization_id: organizationId, taken_at: { $lt: before } }, { sort: { taken_at: 1, _id: 1 }, limit });
  }

  /** Removes the record; `true` only for the one caller that removed it, so that only one announces it. */
  remove(organizationId: string, id: string): Promise<boolean> {
    return this.screenshots.deleteOne({ _id: id, organization_id: organizationId });
  }
}
