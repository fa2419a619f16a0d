import { isManager } from "../../shared/access";
import { ApiError } from "../../shared/errors";
import type { Identity } from "../../shared/identity";
import { isoSeconds } from "../../shared/time";
import type { UpdateOrganizationBody } from "./inputs";
import type { MoneySettings, Organization } from "./contract";
import { moneySettingsOf, presentOrganization, type OrganizationDocument } from "./organization";
import type { OrganizationStore } from "./organization-store";

/**
 * The organization's default hourly rate, which the projects service keeps beside every
 * other rate so that its history is one with theirs (docs/api.md, "Money: rates, amounts
 * and budgets").
 */
export interface DefaultRate {
  /** The rate in force today, or `null`. */
  today(organizationId: string): Promise<number | null>;
  /** Sets it from the beginning, replacing its history; `null` removes it. */
  set(organizationId: string, rate: number | null): Promise<void>;
}

/** Owners and admins see the default rate; members see no rates. */
async function shown(doc: OrganizationDocument, who: Identity, defaultRate: DefaultRate): Promise<Organization> {
  const organization = presentOrganization(doc);
  if (!isManager(who)) return organization;
  return { ...organization, default_hourly_rate: await defaultRate.today(doc._id) };
}

/** The caller's own organization: the only one anyone can see. */
export async function getOrganization(organizations: OrganizationStore, who: Identity, defaultRate: DefaultRate): Promise<Organization> {
  const organization = await organizations.find(who.organizationId);
  if (!organization) throw ApiError.notFound("Organization");
  return shown(organization, who, defaultRate);
}

/**
 * The name (the owner's to change), the screenshot retention and the money settings (the
 * owner's and the admins'); the plan is the operator's (see the admin tool). The default
 * rate is a rate, so it takes `projects:write` as every rate does.
 */
export async function updateOrganization(
  organizations: OrganizationStore,
  who: Identity,
  changes: UpdateOrganizationBody,
  defaultRate: DefaultRate,
): Promise<Organization> {
  if (changes.name !== undefined && who.role !== "owner") throw new ApiError("forbidden", "Only the owner renames the organization");
  const { default_hourly_rate: rate, ...fields } = changes;
  if (rate !== undefined && !who.permissions.includes("projects:write")) {
    throw new ApiError("forbidden", "This credential lacks the projects:write permission that rates take", {
      permission: "projects:write",
      field: "default_hourly_rate",
    });
  }
  if (rate !== undefined) await defaultRate.set(who.organizationId, rate);
  const updated = await organizations.update(who.organizationId, { ...fields, updated_at: isoSeconds() });
  if (!updated) throw ApiError.notFound("Organization");
  return shown(updated, who, defaultRate);
}

/** What reports and budgets need to show money; `null` for an organization that does not exist. */
export async function moneySettings(organizations: OrganizationStore, organizationId: string): Promise<MoneySettings | null> {
  const organization = await organizations.find(organizationId);
  return organization ? moneySettingsOf(organization) : null;
}

/** Organizations that keep screenshots for a limited time, and for how many days. */
export async function screenshotRetentions(organizations: OrganizationStore): Promise<{ organizationId: string; days: number }[]> {
  const limited = await organizations.withScreenshotRetention();
  return limited.map((doc) => ({ organizationId: doc._id, days: doc.screenshot_retention_days as number }));
}
