import type { Identity } from "../../shared/identity";
import { isoSeconds } from "../../shared/time";
import type { EmailPreferences } from "./contract";
import { DEFAULT_PREFERENCES, presentPreferences } from "./preference";
import type { PreferenceStore } from "./preference-store";

/** The caller's own email preferences. */
export async function getPreferences(preferences: PreferenceStore, who: Identity): Promise<EmailPreferences> {
  return presentPreferences(await preferences.find(who.organizationId, who.userId));
}

/**
 * Changes the caller's own preferences. Turning the weekly summary on starts it with the
 * week that ends after now: no summary comes for a week that was over before the person asked.
 */
export async function updatePreferences(
  preferences: PreferenceStore,
  who: Identity,
  changes: Partial<EmailPreferences>,
  now: number,
): Promise<EmailPreferences> {
  const before = await preferences.find(who.organizationId, who.userId);
  const current = presentPreferences(before);
  const weeklySummary = changes.weekly_summary ?? current.weekly_summary;
  const turnedOn = weeklySummary && !current.weekly_summary;
  const saved = await preferences.save(who.organizationId, who.userId, {
    weekly_summary: weeklySummary,
    time_zone: changes.time_zone ?? current.time_zone ?? DEFAULT_PREFERENCES.time_zone,
    summary_since: turnedOn ? now : (before?.summary_since ?? null),
    updated_at: isoSeconds(new Date(now)),
  });
  return presentPreferences(saved);
}
