import type { z } from "zod";
import type { RateChange } from "../../shared/billing/rate-book";
import { utcDay } from "../../shared/time";
import type { projectsClient, RatesToday } from "./client";
import { rateChangeOf, type RateTarget } from "./rate";
import type { RateStore } from "./rate-store";

/*
 * Rates as other services ask for them (docs/api.md, "Money: rates, amounts and budgets").
 */

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
