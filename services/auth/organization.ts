import { z } from "zod";
import { PLANS, type Plan } from "../../shared/identity";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

/** An organization as stored: `_id` is `org_...`; the plan is changed by the operator only. */
export interface OrganizationDocument extends StoredDocument {
  name: string;
  plan: Plan;
  created_at: string;
  updated_at: string;
}

export const ORGANIZATIONS: CollectionSpec = { name: "organizations" };

/** An organization as every answer shows it. */
export interface Organization {
  id: string;
  name: string;
  plan: Plan;
  created_at: string;
  updated_at: string;
}

export const organizationSchema = z
  .object({
    id: idSchema("organization"),
    name: z.string(),
    plan: z.enum(PLANS).describe("Sets the Style B rate limit; changed by the operator"),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Organization" });
assertSameShape<SameShape<z.output<typeof organizationSchema>, Organization>>();

export function presentOrganization(doc: OrganizationDocument): Organization {
  return { id: doc._id, name: doc.name, plan: doc.plan, created_at: doc.created_at, updated_at: doc.updated_at };
}
