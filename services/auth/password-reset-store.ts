import type { Collection } from "../../shared/storage/port";
import type { PasswordResetDocument } from "./password-reset";

/** Password resets by id, and by the user who asked. */
export class PasswordResetStore {
  constructor(private readonly resets: Collection<PasswordResetDocument>) {}

  insert(doc: PasswordResetDocument): Promise<void> {
    return this.resets.insertOne(doc);
  }

  find(id: string): Promise<PasswordResetDocument | null> {
    return this.resets.findOne({ _id: id });
  }

  /** How many resets the user asked for since `since` (epoch ms). */
  askedSince(userId: string, since: number): Promise<number> {
    return this.resets.count({ user_id: userId, created_at: { $gte: since } });
  }

  /** Marks an unused reset used, once: false when it was used already (or is unknown). */
  async use(id: string, at: number): Promise<boolean> {
    return (await this.resets.findOneAndUpdate({ _id: id, used_at: null }, { $set: { used_at: at } })) !== null;
  }

  /** Every reset of a user stops working: their password was just set. */
  async deleteOfUser(userId: string): Promise<void> {
    await this.resets.deleteMany({ user_id: userId });
  }

  /** Prunes resets `keepAfterExpiryMs` after they expired. One `deleteMany` by age. */
  async prune(now: number, keepAfterExpiryMs: number): Promise<{ passwordResets: number }> {
    return { passwordResets: await this.resets.deleteMany({ expires_at: { $lt: now - keepAfterExpiryMs } }) };
  }
}
