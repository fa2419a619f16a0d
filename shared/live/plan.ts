import type { DomainEvent, EventType } from "../events";

/**
 * What one live stream shows and where it starts (docs/live-updates.md). The events service
 * decides it from the caller's identity and `Last-Event-ID`; the gateway follows it, matching
 * each event of the process's live feed against the view.
 */

/** Of one event type, every event of the organization or only those about the caller (`data.user_id`). */
export type Reach = "all" | "own";

/** Which events a caller sees: of their organization, of the types listed, each as far as it reaches. */
export interface EventView {
  organizationId: string;
  userId: string;
  types: Partial<Record<EventType, Reach>>;
}

/** Where a stream begins. */
export type StreamStart =
  /** With what happens from now on: no `Last-Event-ID`. */
  | { kind: "now" }
  /** With what came after this position of the organization's events: the `Last-Event-ID` was found. */
  | { kind: "after"; position: number }
  /**
   * From now on, after saying that the `Last-Event-ID` is not known (older than the stream
   * keeps, or never this organization's): what happened in between cannot be told, so the
   * client reloads what it shows.
   */
  | { kind: "reset" };

export interface StreamPlan {
  view: EventView;
  start: StreamStart;
}

/** The user an event is about, where it is about one person's own things (entries, screenshots). */
function ownerOf(event: DomainEvent): unknown {
  const data = event.data as { user_id?: unknown } | null;
  return typeof data === "object" && data !== null ? data.user_id : undefined;
}

/** Whether the view shows the event: the one rule for events read back and events as they come. */
export function shows(view: EventView, event: DomainEvent): boolean {
  if (event.organization_id !== view.organizationId) return false;
  const reach = view.types[event.type];
  if (reach === "all") return true;
  return reach === "own" && ownerOf(event) === view.userId;
}
