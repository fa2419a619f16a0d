import { ApiError } from "../../shared/errors";
import type { Identity } from "../../shared/identity";
import { isoSeconds } from "../../shared/time";
import type { UpdateOrganizationBody } from "./inputs";
import type { Organization } from "./contract";
import { presentOrganization } from "./organization";
import type { OrganizationStore } from "./organization-store";

/** The caller's own organization: the only one anyone can see. */
export async function getOrganization(organizations: OrganizationStore, who: Identity): Promise<Organization> {
  const organization = await organizations.find(who.organizationId);
  if (!organization) throw ApiError.notFound("Organization");
  return presentOrganization(organization);
}

/**
 * The name (the owner's to change) and the screenshot retention (the owner's and the
 * admins'); the plan is the operator's (see the admin tool).
 */
export async function updateOrganization(
  organizations: OrganizationStore,
  who: Identity,
  changes: UpdateOrganizationBody,
): Promise<Organization> {
  if (changes.name !== undefined && who.role !== "owner") throw new ApiError("forbidden", "Only the owner renames the organization");
  const updated = await organizations.update(who.organizationId, { ...changes, updated_at: isoSeconds() });
  if (!updated) throw ApiError.notFound("Organization");
  return presentOrganization(updated);
}

/** Organizations that keep screenshots for a limited time, and for how many days. */
export async function screenshotRetentions(organizations: OrganizationStore): Promise<{ organizationId: string; days: number }[]> {
  const limited = await organizations.withScreenshotRetention();
  return limited.map((doc) => ({ organizationId: doc._id, days: doc.screenshot_retention_days as number }));
}
