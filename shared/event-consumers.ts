/**
 * The durable consumers of the domain-event stream (docs/events.md), apart from the stream
 * itself so that a service can name its consumer without loading the NATS client: an embedded
 * process never holds it (docs/design.md, "Memory at rest").
 */

/** The durable consumer the webhook service reads with, shared by all its processes. */
export const WEBHOOKS_CONSUMER = "webhooks";
/** The durable consumer the projects service checks budgets with (docs/api.md, "Budgets"). */
export const BUDGETS_CONSUMER = "budgets";
/** Every durable consumer of the stream; each sees every event, once per consumer. */
export const EVENT_CONSUMERS = [WEBHOOKS_CONSUMER, BUDGETS_CONSUMER] as const;
export type EventConsumer = (typeof EVENT_CONSUMERS)[number];
