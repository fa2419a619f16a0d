import { ApiError } from "../../shared/errors";
import type { Role } from "../../shared/identity";
import { skipOf, type Page } from "../../shared/paging";
import { DuplicateKeyError, type Collection, type Filter } from "../../shared/storage/port";
import type { UserDocument } from "./user";

/** One account per address: sign-up and joining an organization answer a taken one alike. */
const EMAIL_TAKEN = () => ApiError.conflict("An account with this email already exists", { field: "email", reason: "conflict" });

/** Users, by organization wherever an organization is known; by email across the deployment (an email is one account). */
export class UserStore {
  constructor(private readonly users: Collection<UserDocument>) {}

  /** The unique email index makes a second account for the address fail here, as a 409. */
  async insert(doc: UserDocument): Promise<void> {
    try {
      await this.users.insertOne(doc);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw EMAIL_TAKEN();
      throw error;
    }
  }

  find(organizationId: string, id: string): Promise<UserDocument | null> {
    return this.users.findOne({ _id: id, organization_id: organizationId });
  }

  /** By id alone, for callers that know a user but not (or no longer) their organization. */
  findAnywhere(id: string): Promise<UserDocument | null> {
    return this.users.findOne({ _id: id });
  }

  byEmail(email: string): Promise<UserDocument | null> {
    return this.users.findOne({ email });
  }

  /** A page of the organization's users, oldest first, optionally of one role. */
  async list(organizationId: string, role: Role | undefined, page: Page): Promise<{ items: UserDocument[]; total: number }> {
    const filter: Filter = { organization_id: organizationId };
    if (role) filter.role = role;
    const [items, total] = await Promise.all([
      this.users.find(filter, { sort: { created_at: 1, _id: 1 }, skip: skipOf(page), limit: page.per_page }),
      this.users.count(filter),
    ]);
    return { items, total };
  }

  /** The organization's users among `ids`. */
  among(organizationId: string, ids: readonly string[]): Promise<UserDocument[]> {
    return this.users.find({ organization_id: organizationId, _id: { $in: [...ids] } });
  }

  /** The organization's users among the (lower-cased) emails. */
  withEmails(organizationId: string, emails: readonly string[]): Promise<UserDocument[]> {
    return this.users.find({ organization_id: organizationId, email: { $in: [...emails] } });
  }

  /** Every user of the organization. */
  all(organizationId: string): Promise<UserDocument[]> {
    return this.users.find({ organization_id: organizationId });
  }

  /** Sets the role; the user as they were, or `null` when the organization has no such user. */
  changeRole(organizationId: string, id: string, role: Role, updatedAt: string): Promise<UserDocument | null> {
    return this.users.findOneAndUpdate(
      { _id: id, organization_id: organizationId },
      { $set: { role, updated_at: updatedAt } },
      { returnDocument: "before" },
    );
  }

  /** Sets the password's hash; false when the organization has no such user. */
  async setPasswordHash(organizationId: string, id: string, passwordHash: string, updatedAt: string): Promise<boolean> {
    const changed = await this.users.findOneAndUpdate(
      { _id: id, organization_id: organizationId },
      { $set: { password_hash: passwordHash, updated_at: updatedAt } },
    );
    return changed !== null;
  }

  delete(organizationId: string, id: string): Promise<boolean> {
    return this.users.deleteOne({ _id: id, organization_id: organizationId });
  }
}
