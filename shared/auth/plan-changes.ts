import { PLANS, type Plan } from "../identity";
import type { KeyValueStore } from "../kv/port";
import { KEY_CACHE_TTL_MS } from "./revocations";

/**
 * An organization's plan, as the operator last set it, announced to every gateway through
 * the shared key-value store. Access tokens carry the plan they were issued with and
 * gateways keep a resolved API key for KEY_CACHE_TTL_MS; this mark overrides both, so a new
 * plan (and its Style B limit) applies to the next request of every credential. It is kept
 * until every access token issued before the change has expired and every cached key has
 * been resolved again from the store, which by then says the same.
 */

/** The key of an organization's plan mark. */
export const planOf = (organizationId: string) => `auth:org-plan:${organizationId}`;

export async function markPlanChanged(kv: KeyValueStore, organizationId: string, plan: Plan, accessTokenTtlSeconds: number): Promise<void> {
  await kv.set(planOf(organizationId), plan, { ttlMs: accessTokenTtlSeconds * 1000 + KEY_CACHE_TTL_MS + 60_000 });
}

/** The plan the operator set lately for this organization, or null when no change is pending. */
export async function changedPlanOf(kv: KeyValueStore, organizationId: string): Promise<Plan | null> {
  return changedPlanFrom(await kv.get(planOf(organizationId)));
}

/** What the value of a `planOf` mark says (read it together with other marks). */
export function changedPlanFrom(value: string | null): Plan | null {
  return (PLANS as readonly (string | null)[]).includes(value) ? (value as Plan) : null;
}
