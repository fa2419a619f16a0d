import { DEFAULT_CURRENCY } from "../../shared/billing/money";
import type { Plan } from "../../shared/identity";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import { DEFAULT_SCREENSHOT_INTERVAL_MINUTES, type MoneySettings, type Organization } from "./contract";

/** An organization as stored: `_id` is `org_...`; the plan is changed by the operator only. */
export interface OrganizationDocument extends StoredDocument {
  name: string;
  plan: Plan;
  /** Days screenshots are kept; absent or `null`: kept until deleted. */
  screenshot_retention_days?: number | null;
  /** ISO 4217; absent on organizations stored before money: `USD`. */
  currency?: string;
  /** Absent on organizations stored before money: `false`. */
  members_see_own_amounts?: boolean;
  /** Minutes between the capture agent's screenshots, 0 = off; absent on organizations stored before it: the default. */
  screenshot_interval_minutes?: number;
  /** Absent on organizations stored before it: `false`. */
  screenshot_blur?: boolean;
  created_at: string;
  updated_at: string;
}

/** The longest retention that can be set: ten years. */
export const MAX_RETENTION_DAYS = 3650;

export const ORGANIZATIONS: CollectionSpec = { name: "organizations" };

export function presentOrganization(doc: OrganizationDocument): Organization {
  return {
    id: doc._id,
    name: doc.name,
    plan: doc.plan,
    screenshot_retention_days: doc.screenshot_retention_days ?? null,
    screenshot_interval_minutes: doc.screenshot_interval_minutes ?? DEFAULT_SCREENSHOT_INTERVAL_MINUTES,
    screenshot_blur: doc.screenshot_blur ?? false,
    ...moneySettingsOf(doc),
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export function moneySettingsOf(doc: OrganizationDocument): MoneySettings {
  return { currency: doc.currency ?? DEFAULT_CURRENCY, members_see_own_amounts: doc.members_see_own_amounts ?? false };
}
