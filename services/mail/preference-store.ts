import type { Collection } from "../../shared/storage/port";
import type { PreferenceDocument } from "./preference";

/** People's email preferences, by user id within their organization. */
export class PreferenceStore {
  constructor(private readonly preferences: Collection<PreferenceDocument>) {}

  find(organizationId: string, userId: string): Promise<PreferenceDocument | null> {
    return this.preferences.findOne({ _id: userId, organization_id: organizationId });
  }

  /** Writes a person's preferences, making the document on first use; the document as it is now. */
  async save(
    organizationId: string,
    userId: string,
    changes: Omit<PreferenceDocument, "_id" | "organization_id">,
  ): Promise<PreferenceDocument> {
    const saved = await this.preferences.findOneAndUpdate(
      { _id: userId, organization_id: organizationId },
      { $set: changes },
      { upsert: true, returnDocument: "after" },
    );
    return saved ?? { _id: userId, organization_id: organizationId, ...changes };
  }

  /** People who asked for the weekly summary, in turns of `limit` by id, after `afterId`. */
  subscribers(afterId: string, limit: number): Promise<PreferenceDocument[]> {
    return this.preferences.find({ weekly_summary: true, _id: { $gt: afterId } }, { sort: { _id: 1 }, limit });
  }

  /** Forgets the preferences of someone who is no longer a user. */
  async remove(userId: string): Promise<void> {
    await this.preferences.deleteOne({ _id: userId });
  }
}
