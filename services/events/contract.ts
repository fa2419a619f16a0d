import { z } from "zod";
import { EVENT_TYPES } from "../../shared/events";
import { idSchema, timestamp } from "../../shared/schemas";

/**
 * What the events service shows the world: the shape of each event a live stream sends,
 * and the limits of reading events back.
 */

/** One event as a stream's `data` carries it: a webhook delivery's body (docs/api.md#a-delivery). */
export const eventSchema = z
  .object({
    id: idSchema("event").describe("The event's id, also the message's `id:` (send it back as `Last-Event-ID`)"),
    type: z.enum(EVENT_TYPES).describe("The event's type, also the message's `event:`"),
    created_at: timestamp.describe("When it happened"),
    organization_id: idSchema("organization"),
    data: z.record(z.string(), z.unknown()).describe("The resource as it was then, as the style's other answers show it"),
  })
  .meta({ id: "Event" });

/** Events read back per call while a stream catches up. */
export const READ_BACK_PAGE = 500;

/** The message a stream sends when its `Last-Event-ID` is unknown, before it goes on from now. */
export const RESET_EVENT = "reset";
