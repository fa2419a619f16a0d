import { newId } from "./ids";
import { isoSeconds } from "./time";

/**
 * The event catalogue: the only list of domain events. Emitters and the webhook
 * service both read it.
 */
export const EVENT_TYPES = [
  "time_entry.created",
  "time_entry.updated",
  "time_entry.deleted",
  "time_entry.started",
  "time_entry.stopped",
  "screenshot.captured",
  "screenshot.deleted",
  "project.created",
  "project.updated",
  "project.deleted",
  "project.budget_reached",
  "user.invited",
  "user.joined",
  "user.removed",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** What travels on the bus: the resource as Style A shows it, and whose it is. */
export interface DomainEvent<T = unknown> {
  /**
   * `evt_...`, given once where the event happens, so that whoever receives it twice
   * (webhook deliveries, say) can tell it is the same event.
   */
  id: string;
  type: EventType;
  organization_id: string;
  occurred_at: string;
  data: T;
}

/** `id` is new unless the caller gives one (a repeatable request's, see `shared/creation.ts`). */
export function domainEvent<T>(type: EventType, organizationId: string, data: T, id: string = newId("event")): DomainEvent<T> {
  return { id, type, organization_id: organizationId, occurred_at: new Date().toISOString(), data };
}

/**
 * An event as the organization's receivers see it, a webhook delivery's body and a live
 * stream's `data` alike: `created_at` (whole seconds) in place of `occurred_at`. `Type` is
 * wider than the catalogue for the webhooks' `ping`.
 */
export interface PublishedEvent<T = unknown, Type extends string = EventType> {
  id: string;
  type: Type;
  created_at: string;
  organization_id: string;
  data: T;
}

type Announced = Pick<DomainEvent, "id" | "organization_id" | "occurred_at" | "data"> & { type: string };

export function publishedEvent<E extends Announced>(event: E): PublishedEvent<E["data"], E["type"]> {
  return {
    id: event.id,
    type: event.type,
    created_at: isoSeconds(new Date(event.occurred_at)),
    organization_id: event.organization_id,
    data: event.data,
  };
}
