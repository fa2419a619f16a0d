import type { Page } from "../../shared/paging";
import { skipOf } from "../../shared/paging";
import type { Collection } from "../../shared/storage/port";
import type { WebhookDocument } from "./documents";

/** Subscriptions. Reads on behalf of a caller always carry the caller's organization. */
export class WebhookStore {
  constructor(private readonly webhooks: Collection<WebhookDocument>) {}

  insert(doc: WebhookDocument): Promise<void> {
    return this.webhooks.insertOne(doc);
  }

  find(organizationId: string, id: string): Promise<WebhookDocument | null> {
    return this.webhooks.findOne({ _id: id, organization_id: organizationId });
  }

  async list(organizationId: string, page: Page): Promise<{ items: WebhookDocument[]; total: number }> {
    const filter = { organization_id: organizationId };
    const [items, total] = await Promise.all([
      this.webhooks.find(filter, { sort: { created_at: 1, _id: 1 }, skip: skipOf(page), limit: page.per_page }),
      this.webhooks.count(filter),
    ]);
    return { items, total };
  }

  update(organizationId: string, id: string, changes: Partial<WebhookDocument>): Promise<WebhookDocument | null> {
    return this.webhooks.findOneAndUpdate({ _id: id, organization_id: organizationId }, { $set: changes });
  }

  delete(organizationId: string, id: string): Promise<boolean> {
    return this.webhooks.deleteOne({ _id: id, organization_id: organizationId });
  }

  /** The active subscriptions of an organization that asked for this event. */
  subscribersOf(organizationId: string, eventType: string): Promise<WebhookDocument[]> {
    return this.webhooks.find({ organization_id: organizationId, status: "active", events: eventType });
  }

  /** For the delivery worker, which works for every organization. */
  byId(id: string): Promise<WebhookDocument | null> {
    return this.webhooks.findOne({ _id: id });
  }

  byIds(ids: readonly string[]): Promise<WebhookDocument[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.webhooks.find({ _id: { $in: [...ids] } });
  }

  /** Starts the failure streak unless one is running (a success ends it). */
  async noteFailure(id: string, at: number): Promise<WebhookDocument | null> {
    await this.webhooks.findOneAndUpdate({ _id: id, failing_since: null }, { $set: { failing_since: at } });
    return this.webhooks.findOne({ _id: id });
  }

  async noteSuccess(id: string): Promise<void> {
    await this.webhooks.findOneAndUpdate({ _id: id, failing_since: { $ne: null } }, { $set: { failing_since: null } });
  }

  async disable(id: string, reason: string, at: string): Promise<void> {
    await this.webhooks.findOneAndUpdate(
      { _id: id, status: "active" },
      { $set: { status: "disabled", disabled_reason: reason, disabled_at: at, updated_at: at } },
    );
  }
}
