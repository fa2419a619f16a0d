import type { Permission } from "../../shared/identity";
import { skipOf, type Page } from "../../shared/paging";
import type { Collection, StoredDocument } from "../../shared/storage/port";
import { consentIdOf, type CodeDocument, type ConsentDocument, type DeviceCodeDocument, type OAuthRefreshTokenDocument } from "./documents";

/** What every record of a grant carries: whose and for which application. */
type GrantRecord = StoredDocument & { client_id: string; user_id: string | null };

/**
 * The records a grant leaves (codes, consents, refresh tokens, device codes): each store
 * forgets an application's, or one person's grant to it, at once.
 */
class GrantRecords<T extends GrantRecord> {
  constructor(protected readonly records: Collection<T>) {}

  insert(doc: T): Promise<void> {
    return this.records.insertOne(doc);
  }

  async deleteOfClient(clientId: string): Promise<void> {
    await this.records.deleteMany({ client_id: clientId });
  }

  async deleteOfGrant(userId: string, clientId: string): Promise<void> {
    await this.records.deleteMany({ user_id: userId, client_id: clientId });
  }
}

/** Records that expire (`expires_at`, epoch ms), found by the hash that is their `_id` and their client. */
class ExpiringRecords<T extends GrantRecord & { expires_at: number }> extends GrantRecords<T> {
  find(id: string, clientId: string): Promise<T | null> {
    return this.records.findOne({ _id: id, client_id: clientId });
  }

  /** Deletes what expired before `cutoff`; how many. */
  pruneExpiredBefore(cutoff: number): Promise<number> {
    return this.records.deleteMany({ expires_at: { $lt: cutoff } });
  }
}

export class CodeStore extends ExpiringRecords<CodeDocument> {
  /** Marks an unused code used, once: the code as it was, or `null` when it is unknown, another client's or used. */
  use(id: string, clientId: string): Promise<CodeDocument | null> {
    return this.records.findOneAndUpdate(
      { _id: id, client_id: clientId, used: false },
      { $set: { used: true } },
      { returnDocument: "before" },
    );
  }
}

export class OAuthRefreshTokenStore extends ExpiringRecords<OAuthRefreshTokenDocument> {
  /** Marks an unspent token spent, once: the token as it was, or `null` when it is unknown, another client's or spent. */
  spend(id: string, clientId: string): Promise<OAuthRefreshTokenDocument | null> {
    return this.records.findOneAndUpdate(
      { _id: id, client_id: clientId, spent: false },
      { $set: { spent: true } },
      { returnDocument: "before" },
    );
  }

  /** Whichever client's it is: revocation tells another client's token apart from an unknown one. */
  byHash(id: string): Promise<OAuthRefreshTokenDocument | null> {
    return this.records.findOne({ _id: id });
  }

  async deleteFamily(family: string): Promise<void> {
    await this.records.deleteMany({ family });
  }
}

export class DeviceCodeStore extends ExpiringRecords<DeviceCodeDocument> {
  /** Frees a user code whose holder has expired; the other expired codes stay for the sweep. */
  async releaseExpired(userCode: string, now: number): Promise<void> {
    await this.records.deleteOne({ user_code: userCode, expires_at: { $lte: now } });
  }

  pendingByUserCode(userCode: string): Promise<DeviceCodeDocument | null> {
    return this.records.findOne({ user_code: userCode, status: "pending" });
  }

  /** Remembers a poll; one that came too soon also lengthens the interval by 5 seconds. */
  async notePoll(id: string, now: number, tooSoon: boolean): Promise<void> {
    await this.records.findOneAndUpdate(
      { _id: id },
      tooSoon ? { $set: { last_polled_at: now }, $inc: { interval: 5 } } : { $set: { last_polled_at: now } },
    );
  }

  /** Exchanges an approved code, once: the code as it was, or `null` when it is not (or no longer) approved. */
  use(id: string): Promise<DeviceCodeDocument | null> {
    return this.records.findOneAndUpdate({ _id: id, status: "approved" }, { $set: { status: "used" } }, { returnDocument: "before" });
  }

  /** The person's answer, for a pending code still live at `now`; the code after it, or `null`. */
  decide(userCode: string, userId: string, approve: boolean, now: number): Promise<DeviceCodeDocument | null> {
    return this.records.findOneAndUpdate(
      { user_code: userCode, status: "pending", expires_at: { $gt: now } },
      { $set: { status: approve ? "approved" : "denied", user_id: userId } },
    );
  }
}

export class ConsentStore extends GrantRecords<ConsentDocument> {
  find(userId: string, clientId: string): Promise<ConsentDocument | null> {
    return this.records.findOne({ _id: consentIdOf(userId, clientId) });
  }

  /** Sets the scopes granted; the consent after it, or `null` when it is gone. */
  grant(userId: string, clientId: string, scopes: readonly Permission[], at: string): Promise<ConsentDocument | null> {
    return this.records.findOneAndUpdate({ _id: consentIdOf(userId, clientId) }, { $set: { scopes: [...scopes], updated_at: at } });
  }

  /** Marks the consent used now; the consent after it, or `null` when it is gone. */
  touch(userId: string, clientId: string, at: string): Promise<ConsentDocument | null> {
    return this.records.findOneAndUpdate({ _id: consentIdOf(userId, clientId) }, { $set: { updated_at: at } });
  }

  /** A page of the person's consents, newest first. */
  async listOfUser(userId: string, page: Page): Promise<{ items: ConsentDocument[]; total: number }> {
    const filter = { user_id: userId };
    const [items, total] = await Promise.all([
      this.records.find(filter, { sort: { created_at: -1, _id: 1 }, skip: skipOf(page), limit: page.per_page }),
      this.records.count(filter),
    ]);
    return { items, total };
  }

  delete(userId: string, clientId: string): Promise<boolean> {
    return this.records.deleteOne({ _id: consentIdOf(userId, clientId) });
  }

  /** Deletes consents last used before `cutoff` (ISO 8601 timestamps of one form compare as text in time order); how many. */
  pruneUnusedSince(cutoff: string): Promise<number> {
    return this.records.deleteMany({ updated_at: { $lt: cutoff } });
  }
}
