import type { RateLevel } from "../../shared/billing/rate-book";
import { ApiError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import { skipOf, type Page } from "../../shared/paging";
import { DuplicateKeyError, type Collection, type Filter } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import { rateInForce, slotOf, type RateDocument, type RateTarget } from "./rate";

export interface RateFilters {
  level?: RateLevel;
  user_id?: string;
  project_id?: string;
}

/** What a new change says; the store gives it its id, slot and time of recording. */
export type NewRate = RateTarget & { hourly_rate: number | null; effective_from: string | null };

const RECORDING_ORDER = { recorded_at: 1, _id: 1 } as const;

function targetFilter(organizationId: string, target: RateTarget): Filter {
  return { organization_id: organizationId, level: target.level, user_id: target.user_id, project_id: target.project_id };
}

/** Rate changes of one organization at a time: every query carries `organization_id`. */
export class RateStore {
  constructor(
    private readonly rates: Collection<RateDocument>,
    private readonly now: () => number = Date.now,
  ) {}

  private draft(organizationId: string, rate: NewRate, id: string = newId("rate")): RateDocument {
    const now = this.now();
    return {
      _id: id,
      organization_id: organizationId,
      level: rate.level,
      user_id: rate.user_id,
      project_id: rate.project_id,
      hourly_rate: rate.hourly_rate,
      effective_from: rate.effective_from,
      slot: slotOf(rate, rate.effective_from),
      recorded_at: now,
      created_at: isoSeconds(new Date(now)),
    };
  }

  /** Records a dated change; a change of the same target on the same day is a 409 naming it. */
  async record(organizationId: string, rate: NewRate, id?: string): Promise<RateDocument> {
    const doc = this.draft(organizationId, rate, id);
    try {
      await this.rates.insertOne(doc);
      return doc;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const taken = await this.rates.findOne({ organization_id: organizationId, slot: doc.slot });
      if (taken?._id === doc._id) return taken;
      throw ApiError.conflict("A rate change of this level and target takes effect on this day already; delete it first", {
        field: "effective_from",
        reason: "conflict",
        ...(taken ? { id: taken._id } : {}),
      });
    }
  }

  find(organizationId: string, id: string): Promise<RateDocument | null> {
    return this.rates.findOne({ _id: id, organization_id: organizationId });
  }

  async list(organizationId: string, filters: RateFilters, page: Page): Promise<{ items: RateDocument[]; total: number }> {
    const filter: Filter = { organization_id: organizationId };
    for (const field of ["level", "user_id", "project_id"] as const) {
      if (filters[field] !== undefined) filter[field] = filters[field];
    }
    const [items, total] = await Promise.all([
      this.rates.find(filter, { sort: RECORDING_ORDER, skip: skipOf(page), limit: page.per_page }),
      this.rates.count(filter),
    ]);
    return { items, total };
  }

  /** Every change of the organization, in the order they were recorded. */
  all(organizationId: string): Promise<RateDocument[]> {
    return this.rates.find({ organization_id: organizationId }, { sort: RECORDING_ORDER });
  }

  delete(organizationId: string, id: string): Promise<boolean> {
    return this.rates.deleteOne({ _id: id, organization_id: organizationId });
  }

  /** Forgets the rates of a deleted project, its members' on it included. */
  deleteOfProject(organizationId: string, projectId: string): Promise<number> {
    return this.rates.deleteMany({ organization_id: organizationId, project_id: projectId });
  }

  /**
   * Sets a target's rate from the beginning, replacing its history: the rate becomes the
   * target's one change, from the beginning, and its dated changes go (`null`: the target
   * has no rate at all). The change from the beginning is written before the dated ones are
   * removed, so a process that dies between the two leaves the new rate in force up to the
   * first dated change, and repeating the request finishes it.
   */
  async replace(organizationId: string, target: RateTarget, hourlyRate: number | null): Promise<void> {
    const all = targetFilter(organizationId, target);
    if (hourlyRate === null) {
      await this.rates.deleteMany(all);
      return;
    }
    const fresh = this.draft(organizationId, { ...target, hourly_rate: hourlyRate, effective_from: null });
    const slot = { organization_id: organizationId, slot: fresh.slot };
    const { _id: _ignored, ...changes } = fresh;
    const updated = await this.rates.findOneAndUpdate(slot, { $set: changes });
    if (!updated) {
      try {
        await this.rates.insertOne(fresh);
      } catch (error) {
        // Another request set it from the beginning at the same moment: this one is the later.
        if (!(error instanceof DuplicateKeyError)) throw error;
        await this.rates.findOneAndUpdate(slot, { $set: changes });
      }
    }
    await this.rates.deleteMany({ ...all, effective_from: { $ne: null } });
  }

  /**
   * The rate in force on `day` of each `member` or `project` target, by its member or
   * project id; a target without changes is `null`.
   */
  async inForce(
    organizationId: string,
    level: "member" | "project",
    ids: readonly string[],
    day: string,
  ): Promise<Map<string, number | null>> {
    if (ids.length === 0) return new Map();
    const field = level === "member" ? "user_id" : "project_id";
    const changes = await this.rates.find({ organization_id: organizationId, level, [field]: { $in: [...new Set(ids)] } });
    const byTarget = new Map<string, RateDocument[]>();
    for (const change of changes) {
      const id = change[field] ?? "";
      byTarget.set(id, [...(byTarget.get(id) ?? []), change]);
    }
    return new Map(ids.map((id) => [id, rateInForce(byTarget.get(id) ?? [], day)]));
  }

  /** The organization's default rate in force on `day`, or `null`. */
  async organizationRate(organizationId: string, day: string): Promise<number | null> {
    return rateInForce(await this.rates.find({ organization_id: organizationId, level: "organization" }), day);
  }
}
