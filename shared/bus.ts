import { setImmediate } from "node:timers";
import { Transporters, type Packet } from "moleculer";
import { carriesBytes, frame, isFrame, readsFrames, unframe } from "./bus-frames";

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

  /** A stream's chunk goes as a frame (`bus-frames.ts`) to a node that reads frames, any other packet as JSON. */
  override serialize(packet: Packet.Packet<Packet.PacketPayload>): Buffer {
    const payload = packet.payload as unknown as Record<string, unknown>;
    if (packet.target && carriesBytes(packet.type, payload) && this.readsFrames(packet.target)) {
      // What moleculer's own serialize sets on every packet.
      payload.ver = this.broker.PROTOCOL_VERSION;
      payload.sender = this.nodeID;
      return frame(packet.type, payload);
    }
    return super.serialize(packet);
  }

  override deserialize(type: string, message: Buffer): Packet.Packet<Packet.PacketPayload> {
    if (message && isFrame(message))
      return { type, target: undefined, payload: unframe(message) } as unknown as Packet.Packet<Packet.PacketPayload>;
    return super.deserialize(type, message);
  }

  private readsFrames(nodeID: string): boolean {
    const registry = this.broker.registry as unknown as { nodes: { get(id: string): { metadata?: unknown } | undefined } };
    return readsFrames(registry.nodes.get(nodeID)?.metadata);
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
