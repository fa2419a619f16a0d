import type { StreamEntry } from "../event-stream";

/**
 * A process's live feed: every event of every organization, in one order, handed to the live
 * streams of its organization as it arrives. Embedded, the events service feeds it after
 * writing each event to its log; distributed, a follower of the JetStream stream does
 * (`follow.ts`). The gateway's streams listen to it. An event comes once, with a position
 * that only grows, so a stream can tell what it has shown already.
 */
export type FeedListener = (entry: StreamEntry) => void;

export class LiveFeed {
  private readonly listeners = new Map<string, Set<FeedListener>>();

  /** Hands the entry to every listener of its organization, at once, in the order they came. */
  publish(entry: StreamEntry): void {
    const listening = this.listeners.get(entry.event.organization_id);
    if (!listening) return;
    for (const listener of listening) listener(entry);
  }

  /** Listens to one organization's events from now on; the answer stops listening. */
  subscribe(organizationId: string, listener: FeedListener): () => void {
    let listening = this.listeners.get(organizationId);
    if (!listening) {
      listening = new Set();
      this.listeners.set(organizationId, listening);
    }
    listening.add(listener);
    return () => {
      const set = this.listeners.get(organizationId);
      if (!set) return;
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(organizationId);
    };
  }
}
