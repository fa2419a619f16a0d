import { ApiError } from "../../shared/errors";
import { createdId, isRepeatable, type Creation } from "../../shared/creation";
import type { Identity } from "../../shared/identity";
import { isoSeconds } from "../../shared/time";
import type { StartTimerInput } from "./inputs";
import { checkPlacement } from "./placement";
import type { EntryEvents, EntryStores } from "./ports";
import { presentTimeEntry, type TimeEntry } from "./time-entry";
import type { Clock } from "./timer-chain";

/**
 * Starts a timer; one that runs is stopped first, ending when the new one starts. A start sent
 * again with its `Idempotency-Key` answers the entry its first run started, and stops nothing.
 */
export async function startTimer(stores: EntryStores, events: EntryEvents, who: Identity, input: StartTimerInput, clock?: Clock, request: Creation = {}): Promise<TimeEntry> {
  const id = createdId("timeEntry", request);
  if (isRepeatable(request)) {
    // Reading the chain writes the entry of a start whose writer died after claiming it.
    await stores.timers.running(who.organizationId, who.userId, isoSeconds(clock ? clock() : new Date()));
    const earlier = await stores.entries.find(who.organizationId, id);
    if (earlier) {
      const entry = presentTimeEntry(earlier, new Date(Date.parse(earlier.start_time)));
      // Announced again under the same event id: the first run may have died before announcing.
      await events.started(entry);
      return entry;
    }
  }
  const placement = await checkPlacement(stores.directory, who.organizationId, input.project_id, input.task_id);
  const { started, stopped } = await stores.timers.start(
    who,
    (start, now) => ({
      _id: id,
      organization_id: who.organizationId,
      user_id: who.userId,
      project_id: input.project_id,
      task_id: input.task_id,
      description: input.description,
      start_time: start,
      end_time: null,
      duration: null,
      billable: input.billable ?? placement.billable,
      created_at: now,
      updated_at: now,
    }),
    clock,
  );
  if (stopped) await events.stopped(presentTimeEntry(stopped));
  const entry = presentTimeEntry(started, new Date(Date.parse(started.start_time)));
  await events.started(entry);
  return entry;
}

export async function stopTimer(stores: EntryStores, events: EntryEvents, who: Identity, clock?: Clock): Promise<TimeEntry> {
  const stopped = await stores.timers.stop(who, { clock });
  if (!stopped) throw new ApiError("not_found", "No timer is running");
  const entry = presentTimeEntry(stopped);
  await events.stopped(entry);
  return entry;
}

export async function currentTimer(stores: EntryStores, who: Identity, clock: Clock = () => new Date()): Promise<TimeEntry | null> {
  const now = clock();
  const { entry } = await stores.timers.running(who.organizationId, who.userId, isoSeconds(now));
  return entry ? presentTimeEntry(entry, now) : null;
}
