import { skipOf, type Page } from "../../shared/paging";
import type { Collection, Filter } from "../../shared/storage/port";
import type { InvitationDocument } from "./invitation";

/** Invitations, by organization; by the hash of their token for whoever accepts one. */
export class InvitationStore {
  /** `now`: the time invitations expire by, the clock unless a test moves it on. */
  constructor(
    private readonly invitations: Collection<InvitationDocument>,
    readonly now: () => number = Date.now,
  ) {}

  /** The organization's invitations that can still be accepted: an expired one is as good as gone. */
  private pending(organizationId: string): Filter {
    return { organization_id: organizationId, expires_at: { $gt: this.now() } };
  }

  insert(doc: InvitationDocument): Promise<void> {
    return this.invitations.insertOne(doc);
  }

  /** Pending or not: what an idempotent creation checks. */
  find(organizationId: string, id: string): Promise<InvitationDocument | null> {
    return this.invitations.findOne({ _id: id, organization_id: organizationId });
  }

  findPending(organizationId: string, id: string): Promise<InvitationDocument | null> {
    return this.invitations.findOne({ ...this.pending(organizationId), _id: id });
  }

  byTokenHash(tokenHash: string): Promise<InvitationDocument | null> {
    return this.invitations.findOne({ token_hash: tokenHash });
  }

  /** A page of the organization's pending invitations, newest first. */
  async listPending(organizationId: string, page: Page): Promise<{ items: InvitationDocument[]; total: number }> {
    const filter = this.pending(organizationId);
    const [items, total] = await Promise.all([
      this.invitations.find(filter, { sort: { created_at: -1, _id: 1 }, skip: skipOf(page), limit: page.per_page }),
      this.invitations.count(filter),
    ]);
    return { items, total };
  }

  /** Deletes a pending invitation; whether there was one. */
  deletePending(organizationId: string, id: string): Promise<boolean> {
    return this.invitations.deleteOne({ ...this.pending(organizationId), _id: id });
  }

  /** Once accepted, an invitation goes. */
  async delete(id: string): Promise<void> {
    await this.invitations.deleteOne({ _id: id });
  }

  /**
   * Prunes invitations `keepAfterExpiryMs` after they expired: an expired one can no longer be
   * accepted nor listed, so nothing reads it. One `deleteMany` by age, safe on every replica.
   */
  async prune(now: number, keepAfterExpiryMs: number): Promise<{ invitations: number }> {
    return { invitations: await this.invitations.deleteMany({ expires_at: { $lt: now - keepAfterExpiryMs } }) };
  }
}
