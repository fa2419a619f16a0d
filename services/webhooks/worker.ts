import { attemptId, type DeliveryDocument, type WebhookDocument } from "./documents";
import { DueQueue, type Work } from "./due-queue";
import type { DeliveryStore } from "./delivery-store";
import { interrupted, judge, type Verdict } from "./outcome";
import type { DeliveryOptions } from "./schedule";
import type { Sender } from "./sender";
import { signedHeaders } from "./signing";
import type { WebhookStore } from "./webhook-store";

export interface WorkerLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface WorkerDependencies {
  webhooks: WebhookStore;
  deliveries: DeliveryStore;
  sender: Sender;
  options: DeliveryOptions;
  /** This process run's name, written on the attempts it claims (`shared/workers.ts`). */
  worker: string;
  /**
   * Whether the run that claimed an attempt is known to be gone: its process left the bus or
   * came back as another run. Its attempt is taken over at once rather than at the end of
   * its lease.
   */
  claimantGone(worker: string): boolean;
  logger: WorkerLogger;
  now(): number;
  random(): number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function days(ms: number): string {
  const value = ms / DAY_MS;
  return `${Number.isInteger(value) ? value : value.toFixed(2)} day${value === 1 ? "" : "s"}`;
}

/** How many due deliveries a worker keeps at hand, in all and per webhook. */
const QUEUE_CAPACITY = 5000;
const QUEUE_PER_WEBHOOK = 500;
/** Deliveries one poll fetches at most. */
const POLL_BATCH = 500;

/**
 * Sends what the queue holds. Work arrives two ways: `offer` hands over deliveries just
 * queued (the fast path, no query), and a poll every `pollIntervalMs` finds whatever else
 * is due (retries, work queued by a process that stopped, work the fast path could not
 * keep). Due work waits in memory for a free slot (`DueQueue`), so under load an attempt
 * costs no query to find. Every attempt is claimed in the store first, so several workers,
 * in one process or many, never send the same attempt twice.
 */
export class DeliveryWorker {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly perWebhook = new Map<string, number>();
  private readonly due = new DueQueue(QUEUE_CAPACITY, QUEUE_PER_WEBHOOK);
  /**
   * Attempts another process has claimed (by claim id), with that process and the claim's
   * lease: polls skip them until the lease ends or that process is gone, rather than try
   * again and again to claim what cannot be had before then.
   */
  private readonly claimedElsewhere = new Map<string, { worker: string; leaseUntil: number }>();
  private running = false;
  private polling = false;
  private pollAgain = false;
  /** Set when the last poll may have left due work in the store: the queue running dry polls at once. */
  private moreInStore = false;
  private timer: NodeJS.Timeout | undefined;
  private wakeScheduled = false;
  private currentPoll: Promise<void> = Promise.resolve();

  constructor(private readonly deps: WorkerDependencies) {}

  start(): void {
    this.running = true;
    this.wake();
  }

  /** Stops taking work and waits for the attempts in flight, which record their results. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.due.clear();
    await this.currentPoll;
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Looks for due work now rather than at the next tick. */
  wake(): void {
    if (!this.running || this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      void this.poll();
    });
  }

  /** Deliveries just queued, with their webhooks: started at once when there is room, else kept for a free slot. */
  offer(work: readonly Work[]): void {
    if (!this.running) return;
    for (const item of work) {
      if (!this.inFlight.has(item.delivery._id) && !this.due.add(item)) this.moreInStore = true;
    }
    this.pump();
  }

  private hasRoom = (webhookId: string): boolean => (this.perWebhook.get(webhookId) ?? 0) < this.deps.options.perWebhookConcurrency;

  /** Fills free slots from the due queue; polls when it runs dry while the store may hold more. */
  private pump(): void {
    while (this.running && this.inFlight.size < this.deps.options.totalConcurrency) {
      const work = this.due.take(this.hasRoom);
      if (!work) break;
      this.launch(work);
    }
    if (this.moreInStore && this.due.size === 0) this.wake();
  }

  private launch({ delivery, webhook }: Work): void {
    if (this.inFlight.has(delivery._id)) return;
    this.perWebhook.set(webhook._id, (this.perWebhook.get(webhook._id) ?? 0) + 1);
    const run = this.attempt(delivery, webhook)
      .catch((error: unknown) => this.deps.logger.error({ err: error, deliveryId: delivery._id }, "webhook delivery attempt failed to run"))
      .finally(() => {
        const left = (this.perWebhook.get(webhook._id) ?? 1) - 1;
        if (left > 0) this.perWebhook.set(webhook._id, left);
        else this.perWebhook.delete(webhook._id);
        this.inFlight.delete(delivery._id);
        this.pump();
      });
    this.inFlight.set(delivery._id, run);
  }

  private poll(): Promise<void> {
    if (this.polling) {
      this.pollAgain = true;
      return this.currentPoll;
    }
    this.polling = true;
    clearTimeout(this.timer);
    this.currentPoll = this.pollLoop();
    return this.currentPoll;
  }

  private async pollLoop(): Promise<void> {
    try {
      do {
        this.pollAgain = false;
        await this.pollOnce();
      } while (this.pollAgain && this.running);
    } catch (error) {
      this.deps.logger.error({ err: error }, "webhook delivery poll failed");
    } finally {
      this.polling = false;
      if (this.running) this.timer = setTimeout(() => void this.poll(), this.deps.options.pollIntervalMs);
    }
  }

  private async pollOnce(): Promise<void> {
    const { deliveries, webhooks, now } = this.deps;
    const limit = Math.min(POLL_BATCH, QUEUE_CAPACITY - this.due.size);
    if (!this.running || limit <= 0) return;
    this.moreInStore = false;
    const found = await deliveries.due(now(), limit, { deliveries: [...this.inFlight.keys()], webhooks: this.due.full() });
    this.forgetExpiredClaims(now());
    const fresh = found.filter(
      (d) => !this.due.has(d._id) && !this.inFlight.has(d._id) && !this.claimedElsewhere.has(attemptId(d._id, d.next_attempt)),
    );
    const hooks = new Map((await webhooks.byIds([...new Set(fresh.map((d) => d.webhook_id))])).map((hook) => [hook._id, hook]));
    for (const delivery of fresh) {
      const webhook = hooks.get(delivery.webhook_id);
      if (!webhook) await deliveries.remove(delivery._id);
      else if (webhook.status !== "active") await deliveries.cancel(delivery._id, "the webhook is disabled", now());
      else if (!this.due.add({ delivery, webhook })) this.moreInStore = true;
    }
    // A full batch may mean more; a full batch of nothing new (all claimed elsewhere) waits for the next tick.
    if (found.length === limit && fresh.length > 0) this.moreInStore = true;
    this.pump();
  }

  private forgetExpiredClaims(at: number): void {
    for (const [id, { worker, leaseUntil }] of this.claimedElsewhere)
      if (leaseUntil <= at || this.deps.claimantGone(worker)) this.claimedElsewhere.delete(id);
  }

  /**
   * One attempt of one delivery, from claim to the delivery's next state. The webhook is
   * read afresh (the copy that came with the work may predate a new secret, a new URL or
   * its disabling); the store keeps it in memory or answers it by `_id`.
   */
  private async attempt(delivery: DeliveryDocument, queuedWith: WebhookDocument): Promise<void> {
    const { deliveries, options, now } = this.deps;
    const webhook = await this.deps.webhooks.byId(queuedWith._id);
    if (!webhook) {
      await deliveries.remove(delivery._id);
      return;
    }
    if (webhook.status !== "active") {
      await deliveries.cancel(delivery._id, "the webhook is disabled", now());
      return;
    }
    const startedAt = now();
    if (!(await deliveries.claim(delivery, this.deps.worker, startedAt, startedAt + options.timeoutMs + options.leaseGraceMs))) {
      await this.reconcile(delivery);
      return;
    }
    const headers = signedHeaders(webhook.secret, delivery.event_id, delivery.event_type, delivery.body, Math.floor(now() / 1000));
    const sent = await this.deps.sender.post(webhook.url, { ...headers }, delivery.body);
    const finishedAt = now();
    await this.apply(delivery, judge(sent, delivery.next_attempt, startedAt, options, finishedAt, this.deps.random), finishedAt);
  }

  /**
   * The attempt this worker wanted is someone else's. Nothing to do while its worker may
   * still be on it; once that worker is known to be gone (its process left the bus or was
   * restarted), or its lease has run out without the delivery moving on, it has stopped: the
   * attempt is logged as interrupted and the delivery retried at once. Should a worker taken
   * for gone still finish its send, the receiver gets the event twice under one webhook-id,
   * and that worker's late result moves nothing (docs/api.md#retries-order-duplicates).
   */
  private async reconcile(delivery: DeliveryDocument): Promise<void> {
    const { deliveries, options, now } = this.deps;
    const claim = await deliveries.findClaim(delivery._id, delivery.next_attempt);
    if (!claim) return;
    if (claim.lease_until > now() && !this.deps.claimantGone(claim.worker)) {
      this.claimedElsewhere.set(claim._id, { worker: claim.worker, leaseUntil: claim.lease_until });
      return;
    }
    const at = now();
    this.deps.logger.warn(
      { deliveryId: delivery._id, attempt: claim.attempt, worker: claim.worker },
      "webhook delivery attempt abandoned by its worker; retrying",
    );
    await this.apply(delivery, interrupted(claim.attempt, Date.parse(claim.claimed_at), at, options), at);
  }

  /**
   * Moves the delivery on after an attempt, and the webhook's health with it. Only the write
   * that moves the delivery touches the webhook, so a late repeat of an old attempt's
   * bookkeeping cannot restart a run of failures that a success has ended.
   */
  private async apply(delivery: DeliveryDocument, verdict: Verdict, at: number): Promise<void> {
    const { deliveries, webhooks, options } = this.deps;
    if (!(await deliveries.advance(delivery, verdict.record, verdict.next, at))) return;
    const iso = new Date(at).toISOString();
    if (verdict.record.outcome === "succeeded") {
      await webhooks.noteSuccess(delivery.webhook_id);
      return;
    }
    if (verdict.disableWebhook) {
      await webhooks.disable(delivery.webhook_id, `The receiver answered 410 Gone at ${iso}`, iso);
      this.deps.logger.warn({ webhookId: delivery.webhook_id }, "webhook disabled: the receiver answered 410 Gone");
      return;
    }
    if (!verdict.countsAsFailure) return;
    const hook = await webhooks.noteFailure(delivery.webhook_id, at);
    if (hook?.status === "active" && hook.failing_since !== null && at - hook.failing_since >= options.disableAfterMs) {
      const since = new Date(hook.failing_since).toISOString();
      await webhooks.disable(
        delivery.webhook_id,
        `Deliveries failed for ${days(at - hook.failing_since)} without a success (since ${since}); last error: ${verdict.record.error ?? "none"}`,
        iso,
      );
      this.deps.logger.warn({ webhookId: delivery.webhook_id, failingSince: since }, "webhook disabled: deliveries kept failing");
    }
  }
}
