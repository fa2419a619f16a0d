import { markPlanChanged } from "../shared/auth/plan-changes";
import { parseId } from "../shared/ids";
import { PLANS, type Plan } from "../shared/identity";
import type { KeyValueStore } from "../shared/kv/port";
import { isoSeconds } from "../shared/time";
import type { OrganizationStore, OrganizationDocument } from "../services/auth/organization-store";

/**
 * The operator's side of plans (docs/api.md#plans: organizations start on `free`, and only the
 * operator changes a plan). Sign-up, the API and the gateways never write a plan.
 */

/** Something the operator asked for that cannot be done; its message says why, for people. */
export class AdminError extends Error {
  constructor(
    message: string,
    /** 2 for a command that is wrong as written, 1 for one that could not be carried out. */
    readonly exitCode: 1 | 2,
  ) {
    super(message);
    this.name = "AdminError";
  }
}

export function parseOrganizationId(value: string | undefined): string {
  const id = value === undefined ? null : parseId("organization", value.trim());
  if (id === null)
    throw new AdminError(`Not an organization id: ${JSON.stringify(value ?? "")} (expected org_ followed by 22 letters and digits)`, 2);
  return id;
}

export function parsePlan(value: string | undefined): Plan {
  const plan = PLANS.find((known) => known === value);
  if (!plan) throw new AdminError(`Unknown plan: ${JSON.stringify(value ?? "")} (known plans: ${PLANS.join(", ")})`, 2);
  return plan;
}

export async function findOrganization(organizations: OrganizationStore, id: string): Promise<OrganizationDocument> {
  const organization = await organizations.find(id);
  if (!organization) throw new AdminError(`No organization ${id} in this deployment's store`, 1);
  return organization;
}

export interface PlanChangeDependencies {
  organizations: OrganizationStore;
  /**
   * The key-value store the gateways share (Redis), or null when they share none: then
   * running gateways learn the plan only from the store (see `docs/api.md`, Plans).
   */
  kv: KeyValueStore | null;
  accessTokenTtlSeconds: number;
}

export interface PlanChange {
  organization: OrganizationDocument;
  previousPlan: Plan;
  /** Whether the gateways were told through the shared key-value store. */
  announced: boolean;
}

/**
 * Sets an organization's plan in the store, then announces it to the gateways. Setting
 * the plan it already has changes nothing in the store but announces it again, so running
 * the command twice repairs an announcement that failed the first time.
 */
export async function setOrganizationPlan(deps: PlanChangeDependencies, id: string, plan: Plan): Promise<PlanChange> {
  const updatedAt = isoSeconds();
  const before = await deps.organizations.changePlan(id, plan, updatedAt);
  // Nothing updated: the organization is unknown, or already on this plan.
  const change = before
    ? { organization: { ...before, plan, updated_at: updatedAt }, previousPlan: before.plan }
    : { organization: await findOrganization(deps.organizations, id), previousPlan: plan };
  if (deps.kv) {
    try {
      await markPlanChanged(deps.kv, id, plan, deps.accessTokenTtlSeconds);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AdminError(
        `The store now says plan ${plan} for ${id}, but the gateways could not be told through Redis (${reason}): run the command again`,
        1,
      );
    }
  }
  return { ...change, announced: deps.kv !== null };
}

export function describeOrganization(organization: OrganizationDocument): string {
  return `${organization._id} ${JSON.stringify(organization.name)}: plan ${organization.plan} (created ${organization.created_at}, updated ${organization.updated_at})`;
}
