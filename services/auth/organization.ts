import { z } from "zod";
import { PLANS, type Plan } from "../../shared/identity";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

/** An organization as stored: `_id` is `org_...`; the plan is changed by the operator only. */
export interface OrganizationDocument extends StoredDocument {
  name: string;
  plan: Plan;
  /** Days screenshots are kept; absent or `null`: kept until deleted. */
  screenshot_retention_days?: number | null;
  created_at: string;
  updated_at: string;
}

/** The longest retention that can be set: ten years. */
export const MAX_RETENTION_DAYS = 3650;

export const ORGANIZATIONS: CollectionSpec = { name: "organizations" };

/** An organization as every answer shows it. */
export interface Organization {
  id: string;
  name: string;
  plan: Plan;
  screenshot_retention_days: number | null;
  created_at: string;
  updated_at: string;
}

export const organizationSchema = z
  .object({
    id: idSchema("organization"),
    name: z.string(),
    plan: z.enum(PLANS).describe("Sets the Style B rate limit; changed by the operator"),
    screenshot_retention_days: z
      .int()
      .min(1)
      .max(MAX_RETENTION_DAYS)
      .nullable()
      .describe(
        "Screenshots taken longer ago than this many days are deleted, with their images; `null` (the default) keeps them until someone deletes them",
      ),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Organization" });
assertSameShape<SameShape<z.output<typeof organizationSchema>, Organization>>();

export function presentOrganization(doc: OrganizationDocument): Organization {
  return {
    id: doc._id,
    name: doc.name,
    plan: doc.plan,
    screenshot_retention_days: doc.screenshot_retention_days ?? null,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}
