import { EVERY_ROLE, type CredentialAccess } from "../../shared/access";
import { defineOperations } from "../../shared/operations";
import { eventSchema } from "./contract";
import { streamEventsInput } from "./inputs";

const READ: CredentialAccess = { permission: "events:read", roles: EVERY_ROLE };

/** The organization's events, live (docs/live-updates.md). */
export const eventOperations = defineOperations("events", {
  stream: {
    method: "GET",
    path: "/events/stream",
    summary: "Follow the organization's events as they happen",
    description: [
      "Server-Sent Events: each message has `id:` (the event id), `event:` (its type) and `data:` (the event, as a webhook delivery carries it).",
      "A member sees events of their own time entries and screenshots, of projects and of the organization's people; owners and admins every event of the organization. Each kind also needs its read permission (`time_entries:read`, `screenshots:read`, `projects:read`, `users:read`).",
      "Send the last id seen as `Last-Event-ID` (or `last_event_id`) to resume after it without a loss or a repeat, for at least 24 hours; an id the stream no longer knows gets a `reset` message first, then events from now on.",
      "A comment line comes every 15 seconds. The stream ends when the credential stops being valid, or the server shuts down: reconnect.",
    ].join(" "),
    tag: "Events",
    resource: "Event",
    input: streamEventsInput,
    access: READ,
    success: { status: 200, description: "The stream, `text/event-stream`, until either side closes it", stream: { event: eventSchema } },
    parameters: { last_event_id: "The id of the last event seen, when the client cannot send `Last-Event-ID`; the header wins" },
  },
});
