import type { z } from "zod";
import type { RateChange } from "../../shared/billing/rate-book";
import { createdId, type Creation } from "../../shared/creation";
import { ApiError } from "../../shared/errors";
import type { Identity } from "../../shared/identity";
import { listEnvelope, type ListEnvelope } from "../../shared/paging";
import { utcDay } from "../../shared/time";
import type { projectsClient, RatesToday } from "./client";
import type { Rate } from "./contract";
import type { CreateRateInput, ListRatesInput } from "./inputs";
import { presentRate, rateChangeOf, type RateTarget } from "./rate";
import type { RateStore } from "./rate-store";
import type { ProjectStores } from "./task-use-cases";

/*
 * Rate changes: recorded, listed and removed by owners and admins, and handed to other
 * services (docs/api.md, "Money: rates, amounts and budgets").
 */

/** Whether a user belongs to the organization: the auth service's to say. */
export type IsMember = (organizationId: string, userId: string) => Promise<boolean>;

/** Records a dated change; its member and project must be the organization's own (a 400 naming the field otherwise). */
export async function recordRate(
  stores: ProjectStores,
  isMember: IsMember,
  who: Identity,
  input: CreateRateInput,
  request: Creation = {},
): Promise<Rate> {
  const target: RateTarget = { level: input.level, user_id: input.user_id ?? null, project_id: input.project_id ?? null };
  if (target.project_id !== null && !(await stores.projects.find(who.organizationId, target.project_id))) {
    throw ApiError.validation([{ field: "project_id", reason: "invalid", message: "is not a project of this organization" }]);
  }
  if (target.user_id !== null && !(await isMember(who.organizationId, target.user_id))) {
    throw ApiError.validation([{ field: "user_id", reason: "invalid", message: "is not a user of this organization" }]);
  }
  const recorded = await stores.rates.record(
    who.organizationId,
    { ...target, hourly_rate: input.hourly_rate, effective_from: input.effective_from },
    createdId("rate", request),
  );
  return presentRate(recorded);
}

export async function listRates(rates: RateStore, who: Identity, query: ListRatesInput): Promise<ListEnvelope<Rate>> {
  const page = { page: query.page, per_page: query.per_page };
  const { items, total } = await rates.list(who.organizationId, query, page);
  return listEnvelope(items.map(presentRate), total, page);
}

export async function getRate(rates: RateStore, who: Identity, id: string): Promise<Rate> {
  const doc = await rates.find(who.organizationId, id);
  if (!doc) throw ApiError.notFound("Rate");
  return presentRate(doc);
}

export async function deleteRate(rates: RateStore, who: Identity, id: string): Promise<void> {
  if (!(await rates.delete(who.organizationId, id))) throw ApiError.notFound("Rate");
}

type StandingRate = z.output<typeof projectsClient.actions.setRate.input>;
type RatesTodayQuery = z.output<typeof projectsClient.actions.ratesToday.input>;

/** Every change of the organization, in recording order, for a `RateBook`. */
export async function rateChangesOf(rates: RateStore, organizationId: string): Promise<RateChange[]> {
  return (await rates.all(organizationId)).map(rateChangeOf);
}

/** The organization's default or a member's rate, from the beginning: it replaces that target's history. */
export async function setStandingRate(rates: RateStore, query: StandingRate): Promise<null> {
  const target: RateTarget =
    query.level === "organization"
      ? { level: "organization", user_id: null, project_id: null }
      : { level: "member", user_id: query.userId, project_id: null };
  await rates.replace(query.organizationId, target, query.hourlyRate);
  return null;
}

export async function ratesToday(rates: RateStore, query: RatesTodayQuery): Promise<RatesToday> {
  const day = utcDay();
  const [organization, members] = await Promise.all([
    rates.organizationRate(query.organizationId, day),
    rates.inForce(query.organizationId, "member", query.userIds, day),
  ]);
  return { organization, members: Object.fromEntries(members) };
}
