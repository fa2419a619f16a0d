import { setImmediate } from "node:timers";
import { Transporters } from "moleculer";

type Publish = [topic: string, data: Buffer];

/**
 * moleculer's NATS transporter, with the publishes of one turn of the event loop written
 * to the NATS socket together.
 *
 * The NATS client writes what was published as soon as the current task's promises have
 * run. A gateway under load receives each HTTP request in a task of its own, so every
 * request it forwards is its own write to the socket (a system call, and a wake-up of the
 * NATS server): that write was the largest single cost in the gateway's profile. Held
 * until the end of the event-loop turn (`setImmediate`, which runs before the loop waits
 * for I/O again), the requests that arrived in the same turn leave in one write. Nothing
 * waits longer than the turn it was published in; order is kept.
 */
export class CoalescingNatsTransporter extends Transporters.NATS {
  private pending: Publish[] = [];

  override send(topic: string, data: Buffer): Promise<void> {
    if (!this.client) return Promise.resolve();
    this.pending.push([topic, data]);
    if (this.pending.length === 1) setImmediate(() => this.publishPending());
    return Promise.resolve();
  }

  /** What was held is published before the connection is flushed and closed. */
  override disconnect(): Promise<void> {
    this.publishPending();
    return super.disconnect();
  }

  private publishPending(): void {
    const batch = this.pending;
    this.pending = [];
    const client = this.client as { publish(topic: string, data: Buffer): void } | null;
    if (!client) return;
    for (const [topic, data] of batch) {
      try {
        client.publish(topic, data);
      } catch (error) {
        // Published outside the caller's stack, so a closed connection cannot reject its call:
        // the packet is lost as it would be on the wire, and its request times out.
        this.logger.warn(`NATS publish to ${topic} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

/** The transporter every process uses with `NATS_URL`: moleculer's NATS transporter, publishing once a turn. */
export function natsTransporter(url: string): CoalescingNatsTransporter {
  return new CoalescingNatsTransporter({ url });
}
