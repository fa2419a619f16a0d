import { skipOf, type Page } from "../../shared/paging";
import type { Collection, Filter } from "../../shared/storage/port";
import type { ApiKeyDocument } from "./api-key";

/** Whose keys a question is about: the organization's, or one user's in it. */
export interface KeyOwner {
  organizationId: string;
  /** Absent: every key of the organization. */
  userId?: string;
}

function ownedBy(owner: KeyOwner): Filter {
  return owner.userId === undefined
    ? { organization_id: owner.organizationId }
    : { organization_id: owner.organizationId, user_id: owner.userId };
}

/** API keys, by organization (and user), or by the hash of the key itself. */
export class ApiKeyStore {
  constructor(private readonly apiKeys: Collection<ApiKeyDocument>) {}

  insert(doc: ApiKeyDocument): Promise<void> {
    return this.apiKeys.insertOne(doc);
  }

  find(organizationId: string, id: string): Promise<ApiKeyDocument | null> {
    return this.apiKeys.findOne({ _id: id, organization_id: organizationId });
  }

  bySecretHash(secretHash: string): Promise<ApiKeyDocument | null> {
    return this.apiKeys.findOne({ secret_hash: secretHash });
  }

  /** A page of the owner's keys, newest first. */
  async list(owner: KeyOwner, page: Page): Promise<{ items: ApiKeyDocument[]; total: number }> {
    const filter = ownedBy(owner);
    const [items, total] = await Promise.all([
      this.apiKeys.find(filter, { sort: { created_at: -1, _id: 1 }, skip: skipOf(page), limit: page.per_page }),
      this.apiKeys.count(filter),
    ]);
    return { items, total };
  }

  ofOwner(owner: KeyOwner): Promise<ApiKeyDocument[]> {
    return this.apiKeys.find(ownedBy(owner));
  }

  /** Deletes one of the owner's keys; whether there was one. */
  delete(owner: KeyOwner, id: string): Promise<boolean> {
    return this.apiKeys.deleteOne({ ...ownedBy(owner), _id: id });
  }

  async deleteOfOwner(owner: KeyOwner): Promise<void> {
    await this.apiKeys.deleteMany(ownedBy(owner));
  }

  async markUsed(id: string, at: string): Promise<void> {
    await this.apiKeys.findOneAndUpdate({ _id: id }, { $set: { last_used_at: at } });
  }
}
