import { isManager } from "../../shared/access";
import { amountInMinorUnits, majorUnits, minorDigits, rateFromHundredths } from "../../shared/billing/money";
import { RateBook, type RateChange } from "../../shared/billing/rate-book";
import type { Caller } from "../../shared/client";
import type { Identity } from "../../shared/identity";
import { authClient } from "../auth/client";
import { projectsClient } from "../projects/client";

/**
 * Money in reports (docs/api.md#amounts-in-reports): what a caller may see of it, and
 * an entry's rate and amount. Owners and admins see rates and amounts; members see
 * neither (the fields are absent) unless the organization sets `members_see_own_amounts`,
 * and then those of their own time, which is all a member's report holds.
 */
export interface ReportMoney {
  currency: string;
  minorDigits: number;
  /** Every rate change of the organization, as the rate book takes them. */
  rates: RateChange[];
}

/** The organization's currency and rates when `who` may see amounts; `undefined` when not. */
export async function moneyFor(caller: Caller, who: Identity): Promise<ReportMoney | undefined> {
  const settings = await authClient.over(caller).moneySettings({ organizationId: who.organizationId });
  if (!settings || (!isManager(who) && !settings.members_see_own_amounts)) return undefined;
  const rates = await projectsClient.over(caller).rateChangesOf({ organizationId: who.organizationId });
  return { currency: settings.currency, minorDigits: minorDigits(settings.currency), rates };
}

/** An entry's price: the rate that bills it (major units an hour) and its amount in minor units. */
export interface EntryPrice {
  hourlyRate: number | null;
  amount: number;
}

/** Prices entries one by one; each (person, project)'s rates are resolved once, by the rate book. */
export class EntryPricer {
  private readonly book: RateBook;

  constructor(private readonly money: ReportMoney) {
    this.book = new RateBook(money.rates);
  }

  /** A billable entry with a rate is billed at it; any other has no rate and amount 0. */
  price(entry: { user_id: string; project_id: string; start_time: string; billable: boolean }, seconds: number): EntryPrice {
    const rate = entry.billable ? this.book.rateAt(entry.user_id, entry.project_id, entry.start_time) : null;
    if (rate === null) return { hourlyRate: null, amount: 0 };
    return { hourlyRate: rateFromHundredths(rate), amount: amountInMinorUnits(seconds, rate, this.money.minorDigits) };
  }

  /** Minor units as the number the API shows, in major units. */
  shown(minor: number): number {
    return majorUnits(minor, this.money.minorDigits);
  }
}
