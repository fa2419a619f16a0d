import type { Identity } from "../../shared/identity";
import { shows, type StreamPlan } from "../../shared/live/plan";
import type { z } from "zod";
import type { ReadBack } from "./client";
import type { EventHistory } from "./history";
import type { readAfterInput, streamEventsInput } from "./inputs";
import { viewOf } from "./views";

/**
 * A stream asked for: what it shows (the caller's view) and where it starts. A `Last-Event-ID`
 * found in the organization's history resumes after it; one that is not (older than the
 * resume window, or another organization's) starts afresh with a reset.
 */
export async function planStream(history: EventHistory, who: Identity, input: z.output<typeof streamEventsInput>): Promise<StreamPlan> {
  const view = viewOf(who);
  const lastEventId = input.query.last_event_id;
  if (lastEventId === undefined) return { view, start: { kind: "now" } };
  const position = await history.positionOf(who.organizationId, lastEventId);
  return { view, start: position === null ? { kind: "reset" } : { kind: "after", position } };
}

/** One page of what a resuming stream missed, only what its view shows. */
export async function readBack(history: EventHistory, input: z.output<typeof readAfterInput>): Promise<ReadBack> {
  const page = await history.readAfter(input.view.organizationId, input.after, input.limit);
  return { entries: page.entries.filter((entry) => shows(input.view, entry.event)), through: page.through, done: page.done };
}
