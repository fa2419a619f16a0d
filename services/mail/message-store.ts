import { skipOf, type Page } from "../../shared/paging";
import { DuplicateKeyError, type Collection, type Filter } from "../../shared/storage/port";
import type { MailKind, MailState } from "./contract";
import { attemptClaimId, isoAt, type MailClaimDocument, type MailDocument } from "./message";

/** Where one attempt left a queued message. */
export type AttemptOutcome =
  | { state: "sent"; at: number }
  | { state: "queued"; nextAttemptAt: number; error: string }
  | { state: "expired"; at: number }
  | { state: "refused"; error: string };

/** A message leaving the queue takes its one-time link out of the store with it. */
function changeAfter(message: MailDocument, outcome: AttemptOutcome): Partial<MailDocument> {
  const settled = { next_attempt_at: null, text: message.redacted_text };
  switch (outcome.state) {
    case "sent":
      return { ...settled, state: "sent", sent_at: isoAt(outcome.at), last_error: null };
    case "expired":
      return { ...settled, state: "expired" };
    case "refused":
      return { ...settled, state: "refused", last_error: outcome.error };
    case "queued":
      return { next_attempt_at: outcome.nextAttemptAt, last_error: outcome.error };
  }
}

/** Which of an organization's messages the outbox shows. */
export interface OutboxFilter {
  kind?: MailKind;
  state?: MailState;
}

/** The mail queue and outbox (one collection), and the claims on its attempts. Nothing else queries them. */
export class MessageStore {
  constructor(
    private readonly messages: Collection<MailDocument>,
    private readonly claims: Collection<MailClaimDocument>,
  ) {}

  /** Adds a message unless one with its id is there already (queued twice, it is kept once); whether it was new. */
  async add(doc: MailDocument): Promise<boolean> {
    try {
      await this.messages.insertOne(doc);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** The ids among `ids` that name a message. */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await this.messages.find({ _id: { $in: [...ids] } });
    return new Set(found.map((doc) => doc._id));
  }

  /** Queued messages due by `now`, oldest due first. */
  due(now: number, limit: number): Promise<MailDocument[]> {
    return this.messages.find({ state: "queued", next_attempt_at: { $lte: now } }, { sort: { next_attempt_at: 1 }, limit });
  }

  /** Takes attempt `attempt` of a message for `worker`; false when another worker has it. */
  async claim(message: MailDocument, attempt: number, worker: string, at: number, leaseUntil: number): Promise<boolean> {
    try {
      await this.claims.insertOne({
        _id: attemptClaimId(message._id, attempt),
        message_id: message._id,
        attempt,
        worker,
        claimed_at: isoAt(at),
        lease_until: leaseUntil,
      });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  findClaim(messageId: string, attempt: number): Promise<MailClaimDocument | null> {
    return this.claims.findOne({ _id: attemptClaimId(messageId, attempt) });
  }

  /**
   * Records attempt `attempt` and moves the message past it: sent (its link erased from the
   * store), queued again for later, or expired. False, and no change, when the message has
   * moved on already (another worker recorded that attempt).
   */
  async settle(message: MailDocument, attempt: number, outcome: AttemptOutcome): Promise<boolean> {
    const change = changeAfter(message, outcome);
    const moved = await this.messages.findOneAndUpdate(
      { _id: message._id, state: "queued", attempts: attempt - 1 },
      { $set: { ...change, attempts: attempt } },
    );
    return moved !== null;
  }

  /** A page of the organization's messages, newest first. */
  async list(organizationId: string, filter: OutboxFilter, page: Page): Promise<{ items: MailDocument[]; total: number }> {
    const query: Filter = { organization_id: organizationId };
    if (filter.kind) query.kind = filter.kind;
    if (filter.state) query.state = filter.state;
    const [items, total] = await Promise.all([
      this.messages.find(query, { sort: { created_at: -1, _id: -1 }, skip: skipOf(page), limit: page.per_page }),
      this.messages.count(query),
    ]);
    return { items, total };
  }

  /**
   * Prunes settled messages made before `before` (epoch ms), and attempt claims made before
   * it. A queued message is never pruned, however old. One `deleteMany` each, by age: any
   * number of replicas may run it at once.
   */
  async prune(before: number): Promise<{ messages: number; attemptClaims: number }> {
    const cutoff = isoAt(before);
    const [messages, attemptClaims] = await Promise.all([
      this.messages.deleteMany({ state: { $in: ["sent", "kept", "expired", "refused"] }, created_at: { $lt: cutoff } }),
      this.claims.deleteMany({ claimed_at: { $lt: cutoff } }),
    ]);
    return { messages, attemptClaims };
  }
}
