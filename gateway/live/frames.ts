import { publishedEvent } from "../../shared/events";
import type { StreamEntry } from "../../shared/event-stream";
import { RESET_EVENT } from "../../services/events/client";
import { presentInStyle, type ApiStyle } from "../styles";

/**
 * The bytes of a live stream (the Server-Sent Events format of the HTML standard): each
 * event a message with `id:`, `event:` and one `data:` line of JSON (JSON holds no raw line
 * break), each heartbeat a comment line.
 */

/** How long a browser's EventSource waits before reconnecting, told once when the stream opens. */
const RECONNECT_AFTER_MS = 2000;

export const OPENING = Buffer.from(`retry: ${RECONNECT_AFTER_MS}\n: connected\n\n`);
export const HEARTBEAT = Buffer.from(": heartbeat\n\n");

/**
 * Told when the `Last-Event-ID` is not known: no `id:`, so a client's last id stays what it
 * was until the first event after it.
 */
export const RESET = Buffer.from(
  `event: ${RESET_EVENT}\ndata: ${JSON.stringify({ reason: "unknown_last_event_id", message: "The stream no longer knows the last event seen: reload what you show; events follow from now on" })}\n\n`,
);

/** Each feed entry reaches every stream of its organization: its bytes are made once per style. */
const made = new WeakMap<StreamEntry, Partial<Record<ApiStyle, Buffer>>>();

export function eventFrame(entry: StreamEntry, style: ApiStyle): Buffer {
  let frames = made.get(entry);
  if (!frames) {
    frames = {};
    made.set(entry, frames);
  }
  const known = frames[style];
  if (known) return known;
  const { event } = entry;
  const data = JSON.stringify(presentInStyle(style, publishedEvent(event)));
  const frame = Buffer.from(`id: ${event.id}\nevent: ${event.type}\ndata: ${data}\n\n`);
  frames[style] = frame;
  return frame;
}
