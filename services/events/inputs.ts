import { z } from "zod";
import { EVENT_TYPES } from "../../shared/events";
import { nothing } from "../../shared/inputs";
import { idOf, noBody } from "../../shared/validation";
import { READ_BACK_PAGE } from "./contract";

/**
 * A live stream: where to resume. The gateway puts the `Last-Event-ID` header here when a
 * client sends it (EventSource does on every reconnection); the query parameter is for
 * clients that cannot set headers.
 */
export const streamEventsInput = z.object({
  params: nothing,
  query: z.object({ last_event_id: idOf("event").optional() }).strict(),
  body: noBody,
});

/** A view as the events service hands it to the gateway, and takes it back when reading events back. */
const viewSchema = z
  .object({
    organizationId: idOf("organization"),
    userId: idOf("user"),
    types: z.partialRecord(z.enum(EVENT_TYPES), z.enum(["all", "own"])),
  })
  .strict();

/** A page of what a stream missed: the view's events after a position. */
export const readAfterInput = z
  .object({
    view: viewSchema,
    after: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
    limit: z.int().min(1).max(READ_BACK_PAGE).default(READ_BACK_PAGE),
  })
  .strict();
