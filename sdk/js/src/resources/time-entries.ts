import type { APIPromise } from "../api-promise.js";
import type { RequestOptions } from "../core.js";
import type { PagePromise } from "../pagination.js";
import { path, Resource } from "../resource.js";
import type { BodyOf, QueryOf, TimeEntry } from "../types.js";

export type TimeEntryListParams = QueryOf<"timeEntries.list">;
export type TimeEntryCreateParams = BodyOf<"timeEntries.create">;
export type TimeEntryUpdateParams = BodyOf<"timeEntries.update">;
export type TimerStartParams = BodyOf<"timeEntries.start">;

/** Time entries, by hand and by timer. */
export class TimeEntries extends Resource {
  /** Newest `start_time` first; iterate the page for every entry. */
  list(params?: TimeEntryListParams, options?: RequestOptions): PagePromise<TimeEntry> {
    return this.page<TimeEntry>("/time-entries", params, options);
  }

  /** A finished entry (`startTime` and `endTime`, at most 24 hours apart). */
  create(params: TimeEntryCreateParams, options?: RequestOptions): APIPromise<TimeEntry> {
    return this.call("POST", "/time-entries", { body: params }, options);
  }

  /** One time entry. */
  get(id: string, options?: RequestOptions): APIPromise<TimeEntry> {
    return this.call("GET", path("time-entries", id), {}, options);
  }

  /** Changes only the fields given. */
  update(id: string, params: TimeEntryUpdateParams, options?: RequestOptions): APIPromise<TimeEntry> {
    return this.call("PUT", path("time-entries", id), { body: params }, options);
  }

  /** Deletes the entry. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.callForNothing("DELETE", path("time-entries", id), options);
  }

  /** Starts a timer; one already running is stopped first. */
  start(params: TimerStartParams, options?: RequestOptions): APIPromise<TimeEntry> {
    return this.call("POST", "/time-entries/start", { body: params }, options);
  }

  /** Stops the running timer; a `NotFoundError` when none runs. */
  stop(options?: RequestOptions): APIPromise<TimeEntry> {
    return this.call("POST", "/time-entries/stop", {}, options);
  }

  /** The caller's running entry, or `null`. */
  current(options?: RequestOptions): APIPromise<TimeEntry | null> {
    return this.call("GET", "/time-entries/current", {}, options);
  }
}
