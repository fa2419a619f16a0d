import type { Collection } from "../../shared/storage/port";
import type { RefreshTokenDocument } from "./session";

/** Refresh tokens by their hash, and by the login (family) and user they belong to. */
export class RefreshTokenStore {
  constructor(private readonly refreshTokens: Collection<RefreshTokenDocument>) {}

  insert(doc: RefreshTokenDocument): Promise<void> {
    return this.refreshTokens.insertOne(doc);
  }

  find(id: string): Promise<RefreshTokenDocument | null> {
    return this.refreshTokens.findOne({ _id: id });
  }

  /** Marks an unspent token spent, once: the token as it was, or `null` when it is unknown or spent already. */
  spend(id: string): Promise<RefreshTokenDocument | null> {
    return this.refreshTokens.findOneAndUpdate({ _id: id, spent: false }, { $set: { spent: true } }, { returnDocument: "before" });
  }

  /** Ends one login: every token of its family. */
  async deleteFamily(family: string): Promise<void> {
    await this.refreshTokens.deleteMany({ family });
  }

  /** Ends every login of a user. */
  async deleteOfUser(userId: string): Promise<void> {
    await this.refreshTokens.deleteMany({ user_id: userId });
  }

  /**
   * Prunes refresh tokens, spent or not, `keepAfterExpiryMs` after they expired. A spent token is
   * kept until then because presenting it again revokes its family; once expired it is refused
   * whatever it was. One `deleteMany` by age: any number of replicas may run it at once.
   */
  async prune(now: number, keepAfterExpiryMs: number): Promise<{ refreshTokens: number }> {
    return { refreshTokens: await this.refreshTokens.deleteMany({ expires_at: { $lt: now - keepAfterExpiryMs } }) };
  }
}
