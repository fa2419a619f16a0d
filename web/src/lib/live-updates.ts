import type { Stint, StintEvent, StreamReset } from "@stint/sdk";
import { announceChange, CHANGE_KINDS, decideNews, onAnnouncedChange, type ChangeKind, type MadeChange } from "./changes";
import { NewsLedger } from "./news-ledger";

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

/**
 * What tabs tell each other. An event and a change made in a tab name the state they leave
 * their resource in, when they know it, so that each tab loads again for that state once.
 */
type Message =
  | { kind: "event"; id: string; type: string; state?: string }
  | { kind: "reset"; before?: number }
  | { kind: "changed"; change: ChangeKind; made?: MadeChange };

/** How many states a tab keeps in mind (one whose second word never comes is forgotten in time). */
const MAX_STATES = 200;

/** A resource in one state: its id and `updated_at`, or its id and "deleted". */
function stateKey(id: string, updatedAt: string | null): string {
  return `${id} ${updatedAt ?? "deleted"}`;
}

/** The state an event leaves its resource in, when it names one. */
function stateOf(event: StintEvent): string | undefined {
  const data: { id?: unknown; updated_at?: unknown } = event.data;
  if (typeof data.id !== "string") return undefined;
  if (event.type.endsWith(".deleted")) return stateKey(data.id, null);
  return typeof data.updated_at === "string" ? stateKey(data.id, data.updated_at) : undefined;
}

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
  // Which of a change's two words (the tab's and the stream's) loads again: `NewsLedger`.
  const ledger = new NewsLedger(MAX_STATES);
  const stopDeciding = decideNews((made) => ledger.change(stateKey(made.id, made.updatedAt)));

  const apply = (message: Message) => {
    if (message.kind === "event") {
      lastEventId = message.id;
      if (!ledger.event(message.state)) return;
      for (const change of changesOf(message.type)) announceChange(change, { fromElsewhere: true });
    } else if (message.kind === "reset") {
      for (const change of CHANGE_KINDS) announceChange(change, { fromElsewhere: true, before: message.before });
    } else {
      if (message.made && !ledger.change(stateKey(message.made.id, message.made.updatedAt))) return;
      announceChange(message.change, { fromElsewhere: true });
    }
  };
  const tell = (message: Message) => {
    apply(message);
    channel?.postMessage(message);
  };

  if (channel) channel.onmessage = (received: MessageEvent<Message>) => apply(received.data);
  // This tab's own changes, told to the other tabs at once.
  const unsubscribe = onAnnouncedChange((change, made) => channel?.postMessage({ kind: "changed", change, made } satisfies Message));

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
        // Opened without knowing where the page stands: whatever was loaded before the stream
        // opened is loaded again (a load begun since has what the stream missed).
        onOpen: () => {
          if (!opened && lastEventId === undefined) tell({ kind: "reset", before: Date.now() });
          opened = true;
        },
      });
      try {
        for await (const item of stream as AsyncIterable<StintEvent | StreamReset>) {
          tell(item.type === "reset" ? { kind: "reset" } : { kind: "event", id: item.id, type: item.type, state: stateOf(item) });
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
    stopDeciding();
    channel?.close();
  };
}
