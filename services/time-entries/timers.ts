import { announceChange, announceMade, changedNothing } from "../../shared/announce";
import { ApiError } from "../../shared/errors";
import { createdId, isRepeatable, type Creation } from "../../shared/creation";
import type { Identity } from "../../shared/identity";
import { isoSeconds } from "../../shared/time";
import type { StartTimerInput } from "./inputs";
import { checkPlacement } from "./placement";
import type { EntryEvents, EntryStores } from "./ports";
import { presentTimeEntry, secondsBetween, tagFields, type TimeEntryDocument } from "./time-entry";
import type { Clock } from "./timer-chain";
import type { TimeEntry } from "./contract";

/** What a timer's stop will most likely make of the running entry, for the outbox. */
function expectedStop(running: TimeEntryDocument | null, at: string): TimeEntry | null {
  if (!running) return null;
  const end = at > running.start_time ? at : running.start_time;
  return presentTimeEntry({ ...running, end_time: end, duration: secondsBetween(running.start_time, end) });
}

/**
 * One reading of the clock for the outbox's forecast, which the chain's first reading then
 * reuses, so the forecast and the change agree on the second whenever nothing races them.
 */
function readOnce(clock: Clock): { now: string; chainClock: Clock } {
  const first = clock();
  let used = false;
  const chainClock = () => {
    if (used) return clock();
    used = true;
    return first;
  };
  return { now: isoSeconds(first), chainClock };
}

/**
 * Starts a timer; one that runs is stopped first, ending when the new one starts. A start sent
 * again with its `Idempotency-Key` answers the entry its first run started, and stops nothing.
 */
export async function startTimer(
  stores: EntryStores,
  events: EntryEvents,
  who: Identity,
  input: StartTimerInput,
  clock: Clock = () => new Date(),
  request: Creation = {},
): Promise<TimeEntry> {
  const id = createdId("timeEntry", request);
  if (isRepeatable(request)) {
    // Reading the chain writes the entry of a start whose writer died after claiming it.
    await stores.timers.running(who.organizationId, who.userId, isoSeconds(clock()));
    const earlier = await stores.entries.find(who.organizationId, id);
    if (earlier) {
      const entry = presentTimeEntry(earlier, new Date(Date.parse(earlier.start_time)));
      // Announced again under the same event id: the first run may have died before announcing.
      await announceMade(events.started, entry);
      return entry;
    }
  }
  const placement = await checkPlacement(stores.directory, who.organizationId, input.project_id, input.task_id);
  const tags = tagFields(await stores.tags.spell(who.organizationId, input.tags));
  const draft = (start: string, now: string): TimeEntryDocument => ({
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
    ...tags,
    created_at: now,
    updated_at: now,
  });
  // The events are in the outbox before the chain moves: read what it will most likely do.
  const { now, chainClock } = readOnce(clock);
  const { entry: running } = await stores.timers.running(who.organizationId, who.userId, now);
  const expectedStopped = expectedStop(running, now);
  const stopping = expectedStopped ? await events.stopped.prepare(expectedStopped) : null;
  const starting = await events.started.prepare(presentTimeEntry(draft(now, now), new Date(Date.parse(now))));
  let result: Awaited<ReturnType<EntryStores["timers"]["start"]>>;
  try {
    result = await stores.timers.start(who, draft, chainClock);
  } catch (error) {
    if (changedNothing(error)) await Promise.all([stopping?.drop(), starting.drop()]);
    throw error;
  }
  const { started, stopped } = result;
  if (stopped && stopping) await stopping.publish(presentTimeEntry(stopped));
  else if (stopped) await announceMade(events.stopped, presentTimeEntry(stopped));
  else await stopping?.drop();
  const entry = presentTimeEntry(started, new Date(Date.parse(started.start_time)));
  await starting.publish(entry);
  return entry;
}

export async function stopTimer(
  stores: EntryStores,
  events: EntryEvents,
  who: Identity,
  clock: Clock = () => new Date(),
): Promise<TimeEntry> {
  const { now, chainClock } = readOnce(clock);
  const { entry: running } = await stores.timers.running(who.organizationId, who.userId, now);
  const expected = expectedStop(running, now);
  if (!expected) {
    // Nothing seems to run; the chain still finishes a stop an interrupted writer left (whose event is in the outbox).
    const stopped = await stores.timers.stop(who, { clock: chainClock });
    if (!stopped) throw new ApiError("not_found", "No timer is running");
    const entry = presentTimeEntry(stopped);
    await announceMade(events.stopped, entry);
    return entry;
  }
  return announceChange(events.stopped, expected, async () => {
    const stopped = await stores.timers.stop(who, { clock: chainClock });
    if (!stopped) throw new ApiError("not_found", "No timer is running");
    return presentTimeEntry(stopped);
  });
}

export async function currentTimer(stores: EntryStores, who: Identity, clock: Clock = () => new Date()): Promise<TimeEntry | null> {
  const now = clock();
  const { entry } = await stores.timers.running(who.organizationId, who.userId, isoSeconds(now));
  return entry ? presentTimeEntry(entry, now) : null;
}
