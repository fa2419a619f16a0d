import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

/**
 * A budget announcement made: `_id` is its key (`alertKeyOf`: project, budget, period and
 * threshold), so that however many processes see a budget cross a threshold, one of them
 * inserts it and announces; the others find it taken.
 */
export interface BudgetAlertDocument extends StoredDocument {
  organization_id: string;
  project_id: string;
  /** `total` or `YYYY-MM`. */
  period: string;
  percent: number;
  /** The announcement's event id. */
  event_id: string;
  created_at: string;
}

export const BUDGET_ALERTS_COLLECTION: CollectionSpec = {
  name: "budget_alerts",
  indexes: [{ fields: { organization_id: 1, project_id: 1 } }],
};
