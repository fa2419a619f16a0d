import type { ServerResponse } from "node:http";
import type { StreamEntry } from "../../shared/event-stream";
import type { Identity } from "../../shared/identity";
import { shows, type EventView } from "../../shared/live/plan";
import type { ApiStyle } from "../styles";
import { eventFrame, HEARTBEAT } from "./frames";

/**
 * A stream whose client reads slower than events come is closed once this much waits
 * unsent: the client reconnects and resumes from its last event, instead of the gateway
 * holding an ever longer queue for it.
 */
const MOST_UNSENT_BYTES = 1024 * 1024;

/**
 * Live events a resuming stream keeps while it reads back what it missed. Past this, reading
 * back is behind by more than any page: the stream ends and the client resumes from what it
 * was shown, so that a stream never holds more than this in memory.
 */
export const MOST_WAITING_ENTRIES = 1000;

/**
 * One open live stream: what it shows, what it has shown, and its response. While it
 * catches up (reading back what it missed) the feed's entries wait in a queue; after that
 * each is written as it comes. Positions only grow, so an entry at or below the last one
 * shown is one the catching up already wrote.
 */
export class OpenStream {
  private shownThrough: number;
  private waiting: StreamEntry[] | null = null;
  ended = false;

  constructor(
    readonly res: ServerResponse,
    readonly view: EventView,
    readonly style: ApiStyle,
    /** Who opened it, as the gateway admitted them: checked again at every heartbeat. */
    readonly identity: Identity,
    startAfter: number,
  ) {
    this.shownThrough = startAfter;
  }

  /** From now until `caughtUp`, entries of the feed wait. */
  catchingUp(): void {
    this.waiting = [];
  }

  /** An entry of the live feed. */
  offer(entry: StreamEntry): void {
    if (!this.waiting) this.show(entry);
    else if (this.waiting.length < MOST_WAITING_ENTRIES) this.waiting.push(entry);
    else this.end();
  }

  /** An entry read back; answers false when the client cannot keep up (wait for `drain`). */
  showReadBack(entry: StreamEntry): boolean {
    this.show(entry);
    return this.res.writableLength < MOST_UNSENT_BYTES / 2;
  }

  /** Read back up to this position (nothing it showed, perhaps, but nothing before it is missing). */
  readThrough(position: number): void {
    this.shownThrough = Math.max(this.shownThrough, position);
  }

  /** The reading back is done: what waited goes out, and entries go out as they come. */
  caughtUp(): void {
    const waited = this.waiting ?? [];
    this.waiting = null;
    for (const entry of waited) this.show(entry);
  }

  heartbeat(): void {
    this.write(HEARTBEAT);
  }

  /** Ends the response; the client reconnects and resumes. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.res.end();
  }

  write(bytes: Buffer): void {
    if (this.ended) return;
    if (this.res.writableLength > MOST_UNSENT_BYTES) {
      // Ending politely would keep what waits until the client reads it: the connection goes now.
      this.ended = true;
      this.res.destroy();
      return;
    }
    this.res.write(bytes);
  }

  private show(entry: StreamEntry): void {
    if (entry.position <= this.shownThrough) return;
    this.shownThrough = entry.position;
    if (shows(this.view, entry.event)) this.write(eventFrame(entry, this.style));
  }
}
