import type { RateChange, RateLevel } from "../../shared/billing/rate-book";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { Rate } from "./contract";

/**
 * A recorded rate change as stored. `_id` is `rate_...`. The target of a change is its
 * level with the member and the project it names (`null` where the level names none).
 */
export interface RateDocument extends StoredDocument {
  organization_id: string;
  level: RateLevel;
  user_id: string | null;
  project_id: string | null;
  hourly_rate: number | null;
  /** `YYYY-MM-DD`, or `null` for a change from the beginning. */
  effective_from: string | null;
  /**
   * The level, the target and the day in one string: one change per target and day, which
   * the unique index holds across replicas (a second one is a 409, not a silent tie).
   */
  slot: string;
  /** Epoch milliseconds of recording: the order the changes are handed out in. */
  recorded_at: number;
  created_at: string;
}

/** Where one target's changes sit: a level and the ids it names. */
export interface RateTarget {
  level: RateLevel;
  user_id: string | null;
  project_id: string | null;
}

export const RATES_COLLECTION: CollectionSpec = {
  name: "rates",
  indexes: [
    { fields: { organization_id: 1, slot: 1 }, unique: true },
    // Every change of the organization in recording order: what reports read, and the list.
    { fields: { organization_id: 1, recorded_at: 1, _id: 1 } },
    // The list's filters, and one target's changes (a project's, a member's).
    { fields: { organization_id: 1, level: 1, recorded_at: 1, _id: 1 } },
    { fields: { organization_id: 1, project_id: 1, recorded_at: 1, _id: 1 } },
    { fields: { organization_id: 1, user_id: 1, recorded_at: 1, _id: 1 } },
  ],
};

export function slotOf(target: RateTarget, effectiveFrom: string | null): string {
  return [target.level, target.user_id ?? "", target.project_id ?? "", effectiveFrom ?? ""].join(":");
}

export function presentRate(doc: RateDocument): Rate {
  return {
    id: doc._id,
    level: doc.level,
    user_id: doc.user_id,
    project_id: doc.project_id,
    hourly_rate: doc.hourly_rate,
    effective_from: doc.effective_from,
    created_at: doc.created_at,
  };
}

export function rateChangeOf(doc: RateDocument): RateChange {
  return {
    level: doc.level,
    user_id: doc.user_id,
    project_id: doc.project_id,
    hourly_rate: doc.hourly_rate,
    effective_from: doc.effective_from,
  };
}

/**
 * The rate of a target in force on `day` (`YYYY-MM-DD`), from that target's changes: the
 * one with the latest `effective_from` not after it (a change from the beginning is the
 * earliest), or `null` when none applies yet.
 */
export function rateInForce(changes: readonly RateDocument[], day: string): number | null {
  let found: RateDocument | undefined;
  for (const change of changes) {
    const from = change.effective_from ?? "";
    if (from > day) continue;
    if (!found || from > (found.effective_from ?? "")) found = change;
  }
  return found?.hourly_rate ?? null;
}
