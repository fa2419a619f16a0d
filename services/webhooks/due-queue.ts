import type { DeliveryDocument, WebhookDocument } from "./documents";

export interface Work {
  delivery: DeliveryDocument;
  webhook: WebhookDocument;
}

/**
 * Deliveries a worker knows to be due, waiting for a free slot, kept per webhook so that a
 * free slot goes to the next webhook with room, in turn. It saves a query per attempt under
 * load; it is only a hint: every attempt is still claimed in the store before it is sent.
 * Bounded in all and per webhook, so one webhook's backlog cannot crowd out the others.
 */
export class DueQueue {
  private readonly byWebhook = new Map<string, Work[]>();
  private readonly ids = new Set<string>();

  constructor(
    private readonly capacity: number,
    private readonly perWebhookCapacity: number,
  ) {}

  get size(): number {
    return this.ids.size;
  }

  has(deliveryId: string): boolean {
    return this.ids.has(deliveryId);
  }

  /** Webhooks whose share of the queue is full: a poll need not fetch their deliveries. */
  full(): string[] {
    return [...this.byWebhook].filter(([, queue]) => queue.length >= this.perWebhookCapacity).map(([id]) => id);
  }

  /** Adds the work unless it is queued already or there is no room; says whether it was added. */
  add(work: Work): boolean {
    if (this.ids.has(work.delivery._id) || this.ids.size >= this.capacity) return false;
    const queue = this.byWebhook.get(work.webhook._id) ?? [];
    if (queue.length >= this.perWebhookCapacity) return false;
    queue.push(work);
    this.byWebhook.set(work.webhook._id, queue);
    this.ids.add(work.delivery._id);
    return true;
  }

  /** The oldest work of the first webhook in turn that `hasRoom`; that webhook then goes to the back. */
  take(hasRoom: (webhookId: string) => boolean): Work | undefined {
    for (const [webhookId, queue] of this.byWebhook) {
      if (!hasRoom(webhookId)) continue;
      const work = queue.shift();
      this.byWebhook.delete(webhookId);
      if (queue.length > 0) this.byWebhook.set(webhookId, queue);
      if (work) {
        this.ids.delete(work.delivery._id);
        return work;
      }
    }
    return undefined;
  }

  clear(): void {
    this.byWebhook.clear();
    this.ids.clear();
  }
}
