import type { Stint, StintEvent, StreamReset } from "@stint/sdk";
import { announceChange, CHANGE_KINDS, onAnnouncedChange, type ChangeKind } from "./changes";

/**
 * The page in step with what happens elsewhere (docs/web-app.md, "Live updates"): a timer
 * started in another tab, on the command line or through the API shows here within a second.
 *
 * Every tab of this browser shares one connection. The tabs elect one of them with the
 * browser's lock: it reads the organization's live stream (`events.stream()` of the client
 * library, over `fetch`, so the access token travels in a header as for every other call) and
 * passes each event to the others over a `BroadcastChannel`. When that tab closes, its lock
 * goes to the next tab, which resumes from the last event every tab has seen. A change made
 * in one tab is also told to the others at once, before its event comes round. Without locks
 * or channels (an old browser), each tab reads a stream of its own.
 */

/** What tabs tell each other. */
type Message = { kind: "event"; id: string; type: string } | { kind: "reset" } | { kind: "changed"; change: ChangeKind };

/** The parts of the page an event concerns, which then load again. */
function changesOf(type: string): readonly ChangeKind[] {
  if (type.startsWith("time_entry.")) return ["time-entries"];
  if (type.startsWith("project.")) return ["projects"];
  return [];
}

/** The longest wait between reconnections: short, so that a page back online catches up soon. */
const MAX_RECONNECT_MS = 5000;

export function startLiveUpdates(client: Stint, userId: string): () => void {
  const name = `stint-live:${userId}`;
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(name) : null;
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  const stopping = new AbortController();
  let lastEventId: string | undefined;

  const apply = (message: Message) => {
    if (message.kind === "event") {
      lastEventId = message.id;
      for (const change of changesOf(message.type)) announceChange(change, { fromElsewhere: true });
    } else if (message.kind === "reset") {
      for (const change of CHANGE_KINDS) announceChange(change, { fromElsewhere: true });
    } else {
      announceChange(message.change, { fromElsewhere: true });
    }
  };
  const tell = (message: Message) => {
    apply(message);
    channel?.postMessage(message);
  };

  if (channel) channel.onmessage = (received: MessageEvent<Message>) => apply(received.data);
  // This tab's own changes, told to the other tabs at once.
  const unsubscribe = onAnnouncedChange((change) => channel?.postMessage({ kind: "changed", change } satisfies Message));

  /** Reads the stream until this tab stops, starting again at once when the browser is back online. */
  const lead = async () => {
    while (!stopping.signal.aborted) {
      const reconnecting = new AbortController();
      const again = () => reconnecting.abort();
      window.addEventListener("online", again, { once: true });
      stopping.signal.addEventListener("abort", again, { once: true });
      let opened = false;
      const stream = client.events.stream({
        lastEventId,
        signal: reconnecting.signal,
        maxReconnectDelay: MAX_RECONNECT_MS,
        // Opened without knowing where the page stands: whatever changed before is loaded again.
        onOpen: () => {
          if (!opened && lastEventId === undefined) tell({ kind: "reset" });
          opened = true;
        },
      });
      try {
        for await (const item of stream as AsyncIterable<StintEvent | StreamReset>) {
          tell(item.type === "reset" ? { kind: "reset" } : { kind: "event", id: item.id, type: item.type });
        }
      } catch (error) {
        // Refused for good (signed out, say): the page goes on without live updates.
        console.warn("Live updates stopped:", error);
        return;
      } finally {
        window.removeEventListener("online", again);
        stopping.signal.removeEventListener("abort", again);
      }
    }
  };

  if (locks && channel) {
    // Held until this tab stops; the next tab waiting for it then leads.
    void locks.request(name, { signal: stopping.signal }, lead).catch(() => undefined);
  } else {
    void lead();
  }

  return () => {
    stopping.abort();
    unsubscribe();
    channel?.close();
  };
}
