import type { Page } from "../../shared/paging";
import { skipOf } from "../../shared/paging";
import { DuplicateKeyError, type Collection, type Filter, type SumRow, type SumSpec } from "../../shared/storage/port";
import { tagKey } from "./contract";
import type { TimeEntryDocument } from "./time-entry";

export interface EntryFilters {
  user_id?: string;
  project_id?: string;
  task_id?: string;
  billable?: boolean;
  /** Inclusive UTC dates; an entry is in range when its `start_time` falls in it. */
  start_date?: string;
  end_date?: string;
  /** Entries with any of these tags, in any case. */
  tags?: readonly string[];
}

function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The query of a list: equality on the filters, a range on `start_time`. */
export function entryQuery(organizationId: string, filters: EntryFilters): Filter {
  const query: Filter = { organization_id: organizationId };
  for (const field of ["user_id", "project_id", "task_id", "billable"] as const) {
    if (filters[field] !== undefined) query[field] = filters[field];
  }
  const range: Record<string, string> = {};
  if (filters.start_date) range.$gte = `${filters.start_date}T00:00:00Z`;
  if (filters.end_date) range.$lt = `${dayAfter(filters.end_date)}T00:00:00Z`;
  if (Object.keys(range).length > 0) query.start_time = range;
  if (filters.tags !== undefined && filters.tags.length > 0) query.tag_keys = { $in: [...new Set(filters.tags.map(tagKey))] };
  return query;
}

export const ENTRY_ORDER = { start_time: -1, _id: -1 } as const;

/** Time entries of one organization at a time: every query carries `organization_id`. */
export class EntryStore {
  constructor(readonly entries: Collection<TimeEntryDocument>) {}

  insert(doc: TimeEntryDocument): Promise<void> {
    return this.entries.insertOne(doc);
  }

  /** Inserts unless an entry with this id exists already (a retried write). */
  async insertOnce(doc: TimeEntryDocument): Promise<void> {
    try {
      await this.entries.insertOne(doc);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  /** Inserts those whose id is free; how many. */
  insertMany(docs: readonly TimeEntryDocument[]): Promise<number> {
    return this.entries.insertMany(docs);
  }

  /** By `_id` alone, which every store answers from its primary index; the organization is checked here. */
  async find(organizationId: string, id: string): Promise<TimeEntryDocument | null> {
    const doc = await this.entries.findOne({ _id: id });
    return doc && doc.organization_id === organizationId ? doc : null;
  }

  list(organizationId: string, filters: EntryFilters, page: Page): Promise<{ items: TimeEntryDocument[]; total: number }> {
    return this.page(entryQuery(organizationId, filters), page);
  }

  /** A page of a query built by `entryQuery` (which names the organization), newest first. */
  async page(query: Filter, page: Page): Promise<{ items: TimeEntryDocument[]; total: number }> {
    const [items, total] = await Promise.all([
      this.entries.find(query, { sort: ENTRY_ORDER, skip: skipOf(page), limit: page.per_page }),
      this.entries.count(query),
    ]);
    return { items, total };
  }

  /**
   * Every entry a query built by `entryQuery` selects, in batches read as they are taken,
   * with only `fields` (`null`: every field, `_id` too), `_id` among them when `withId`, in
   * `order` or in none.
   */
  stream<T extends object>(
    query: Filter,
    fields: readonly string[] | null,
    options: { order?: Record<string, 1 | -1>; batchSize: number; withId?: boolean },
  ): AsyncIterable<T[]> {
    return this.entries.stream(query, {
      fields: fields ?? undefined,
      omitId: fields !== null && !options.withId,
      sort: options.order,
      batchSize: options.batchSize,
    }) as AsyncIterable<T[]>;
  }

  /** Grouped sums of a query built by `entryQuery`, added up by the store; `undefined` where it cannot. */
  async sumBy(query: Filter, spec: SumSpec): Promise<SumRow[] | undefined> {
    return this.entries.sumBy ? this.entries.sumBy(query, spec) : undefined;
  }

  update(organizationId: string, id: string, changes: Partial<TimeEntryDocument>): Promise<TimeEntryDocument | null> {
    return this.entries.findOneAndUpdate({ _id: id, organization_id: organizationId }, { $set: changes });
  }

  /** Ends a running entry; an entry that has ended already is left as it is. */
  finish(id: string, endTime: string, duration: number, updatedAt: string): Promise<TimeEntryDocument | null> {
    return this.entries.findOneAndUpdate({ _id: id, end_time: null }, { $set: { end_time: endTime, duration, updated_at: updatedAt } });
  }

  delete(organizationId: string, id: string): Promise<boolean> {
    return this.entries.deleteOne({ _id: id, organization_id: organizationId });
  }

  count(organizationId: string, filters: Pick<EntryFilters, "project_id" | "task_id">): Promise<number> {
    return this.entries.count(entryQuery(organizationId, filters));
  }

  /**
   * How many entries carry each of these tag keys, of one user or of the whole
   * organization; a key no entry carries is left out.
   */
  async tagCounts(organizationId: string, keys: readonly string[], userId?: string): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const match: Filter = { organization_id: organizationId, tag_keys: { $in: [...keys] } };
    if (userId !== undefined) match.user_id = userId;
    const counted = await this.entries.aggregate<{ _id: string; count: number }>([
      { $match: match },
      { $project: { tag_keys: 1 } },
      { $unwind: "$tag_keys" },
      { $match: { tag_keys: { $in: [...keys] } } },
      { $group: { _id: "$tag_keys", count: { $sum: 1 } } },
    ]);
    return new Map(counted.map((row) => [row._id, row.count]));
  }
}
