import { ApiError } from "../../shared/errors";
import type { Identity } from "../../shared/identity";
import type { Collection } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import { presentOrganization, type Organization, type OrganizationDocument } from "./organization";

/** The caller's own organization: the only one anyone can see. */
export async function getOrganization(organizations: Collection<OrganizationDocument>, who: Identity): Promise<Organization> {
  const organization = await organizations.findOne({ _id: who.organizationId });
  if (!organization) throw ApiError.notFound("Organization");
  return presentOrganization(organization);
}

/** Only the name changes here; the plan is the operator's (see the admin tool). */
export async function renameOrganization(organizations: Collection<OrganizationDocument>, who: Identity, name: string): Promise<Organization> {
  const updated = await organizations.findOneAndUpdate({ _id: who.organizationId }, { $set: { name, updated_at: isoSeconds() } });
  if (!updated) throw ApiError.notFound("Organization");
  return presentOrganization(updated);
}
