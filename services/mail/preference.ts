import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { EmailPreferences } from "./contract";

/** A person's email preferences; `_id` is their user id. Absent: the defaults (`DEFAULT_PREFERENCES`). */
export interface PreferenceDocument extends StoredDocument {
  organization_id: string;
  weekly_summary: boolean;
  time_zone: string;
  /** Epoch ms when the weekly summary was last turned on: weeks that ended before it are never summarised. */
  summary_since: number | null;
  updated_at: string;
}

export const EMAIL_PREFERENCES: CollectionSpec = {
  name: "email_preferences",
  indexes: [{ fields: { weekly_summary: 1 } }],
};

/** No summary until the person asks for one: email is sent to people only with their consent. */
export const DEFAULT_PREFERENCES: EmailPreferences = { weekly_summary: false, time_zone: "UTC" };

export function presentPreferences(doc: PreferenceDocument | null): EmailPreferences {
  return doc ? { weekly_summary: doc.weekly_summary, time_zone: doc.time_zone } : { ...DEFAULT_PREFERENCES };
}
