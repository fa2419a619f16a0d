import { skipOf, type Page } from "../../shared/paging";
import { DuplicateKeyError, type Collection, type Filter } from "../../shared/storage/port";
import { attemptId, type AttemptClaimDocument, type AttemptRecord, type DeliveryDocument } from "./documents";
import type { DeliveryState } from "./contract";

/** The state of a delivery still to be sent. */
const PENDING = "pending";

/** Where a delivery goes after an attempt. */
export interface NextStep {
  state: DeliveryState;
  next_attempt_at: number | null;
  failure_reason: string | null;
}

/**
 * The durable queue of deliveries, their logs, and the claims on their attempts. Nothing
 * here relies on find-and-modify being atomic across processes (FerretDB's is not):
 * attempts are claimed by inserting a claim, and a delivery is moved on only from the
 * attempt number it is at, so a late or repeated write changes nothing.
 */
export class DeliveryStore {
  constructor(
    private readonly deliveries: Collection<DeliveryDocument>,
    private readonly claims: Collection<AttemptClaimDocument>,
  ) {}

  /** Queues a delivery; false when it is queued already (the same event received again). */
  async enqueue(doc: DeliveryDocument): Promise<boolean> {
    try {
      await this.deliveries.insertOne(doc);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /**
   * Prunes the log: deliveries settled (succeeded, or failed for good) and last changed before
   * `before`, and attempt claims made before it. A pending delivery is never pruned, however
   * old. A claim only has to outlive the copies of its delivery that workers hold, which are
   * minutes old at most (an attempt's lease), so a retention of days is far beyond that.
   */
  async prune(before: number): Promise<{ deliveries: number; attemptClaims: number }> {
    const cutoff = new Date(before).toISOString();
    const [deliveries, attemptClaims] = await Promise.all([
      this.deliveries.deleteMany({ state: { $in: ["succeeded", "failed"] }, updated_at: { $lt: cutoff } }),
      this.claims.deleteMany({ claimed_at: { $lt: cutoff } }),
    ]);
    return { deliveries, attemptClaims };
  }

  /** Pending deliveries due by `now`, oldest first, leaving out the ones named. */
  due(now: number, limit: number, skip: { deliveries: readonly string[]; webhooks: readonly string[] }): Promise<DeliveryDocument[]> {
    const filter: Filter = { state: "pending", next_attempt_at: { $lte: now } };
    if (skip.deliveries.length > 0) filter._id = { $nin: [...skip.deliveries] };
    if (skip.webhooks.length > 0) filter.webhook_id = { $nin: [...skip.webhooks] };
    return this.deliveries.find(filter, { sort: { next_attempt_at: 1 }, limit });
  }

  /** Takes attempt `delivery.next_attempt` for `worker`; false when another worker has it. */
  async claim(delivery: DeliveryDocument, worker: string, at: number, leaseUntil: number): Promise<boolean> {
    try {
      await this.claims.insertOne({
        _id: attemptId(delivery._id, delivery.next_attempt),
        organization_id: delivery.organization_id,
        webhook_id: delivery.webhook_id,
        delivery_id: delivery._id,
        attempt: delivery.next_attempt,
        worker,
        claimed_at: new Date(at).toISOString(),
        lease_until: leaseUntil,
      });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  findClaim(deliveryId: string, attempt: number): Promise<AttemptClaimDocument | null> {
    return this.claims.findOne({ _id: attemptId(deliveryId, attempt) });
  }

  /**
   * Records attempt `record.attempt` and moves the delivery past it, settled or rescheduled.
   * `delivery` is the copy the attempt was claimed from, so its log is the log so far.
   * False (and no change) when the delivery has moved on already.
   */
  async advance(delivery: DeliveryDocument, record: AttemptRecord, next: NextStep, at: number): Promise<boolean> {
    const moved = await this.deliveries.findOneAndUpdate(
      { _id: delivery._id, state: PENDING, next_attempt: record.attempt },
      {
        $set: {
          ...next,
          next_attempt: record.attempt + 1,
          attempts: [...delivery.attempts, record],
          updated_at: new Date(at).toISOString(),
        },
      },
    );
    return moved !== null;
  }

  /** Settles a delivery that will not be attempted (its webhook was disabled). */
  async cancel(deliveryId: string, reason: string, at: number): Promise<void> {
    await this.deliveries.findOneAndUpdate(
      { _id: deliveryId, state: PENDING },
      { $set: { state: "failed", next_attempt_at: null, failure_reason: reason, updated_at: new Date(at).toISOString() } },
    );
  }

  async remove(deliveryId: string): Promise<void> {
    await this.deliveries.deleteOne({ _id: deliveryId });
  }

  find(organizationId: string, webhookId: string, id: string): Promise<DeliveryDocument | null> {
    return this.deliveries.findOne({ _id: id, organization_id: organizationId, webhook_id: webhookId });
  }

  async list(
    organizationId: string,
    webhookId: string,
    state: DeliveryState | undefined,
    page: Page,
  ): Promise<{ items: DeliveryDocument[]; total: number }> {
    const filter: Filter = { organization_id: organizationId, webhook_id: webhookId };
    if (state) filter.state = state;
    const [items, total] = await Promise.all([
      this.deliveries.find(filter, { sort: { created_at: -1, _id: -1 }, skip: skipOf(page), limit: page.per_page }),
      this.deliveries.count(filter),
    ]);
    return { items, total };
  }

  /** Forgets a deleted webhook's queue, log and claims. */
  async removeWebhook(webhookId: string): Promise<void> {
    await this.deliveries.deleteMany({ webhook_id: webhookId });
    await this.claims.deleteMany({ webhook_id: webhookId });
  }
}
