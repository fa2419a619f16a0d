import { EventStream, type EventStreamOptions } from "../event-stream.js";
import { Resource } from "../resource.js";

export type { EventStreamOptions } from "../event-stream.js";

/** The organization's events, live. */
export class Events extends Resource {
  /**
   * The events the credential may see, as they happen (it needs `events:read`), for
   * `for await`: it reconnects by itself and resumes after the last event it gave. Pass
   * `lastEventId` to resume where an earlier stream stopped.
   */
  stream(options?: EventStreamOptions): EventStream {
    return new EventStream(this.http, options);
  }
}
