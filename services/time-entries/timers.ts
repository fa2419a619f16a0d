import { ApiError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { Identity } from "../../shared/identity";
import { isoSeconds } from "../../shared/time";
import type { StartTimerInput } from "./inputs";
import { checkPlacement } from "./placement";
import type { EntryEvents, EntryStores } from "./ports";
import { presentTimeEntry, type TimeEntry, type TimeEntryDocument } from "./time-entry";
import type { TimerLinkDocument } from "./timer-chain";

/**
 * How often a request tries again after another request for the same user claimed the
 * step it wanted. Each retry means someone else made progress, so this only runs out
 * under a flood of simultaneous starts for one user.
 */
const MAX_CLAIM_ATTEMPTS = 100;

function busy(): ApiError {
  return ApiError.conflict("Too many simultaneous timer changes for this user; try again");
}

function later(a: string, b: string): string {
  return a > b ? a : b;
}

/**
 * A stop whose writer died after claiming its link left the entry before it running;
 * end it now. (A start link needs no such care: `running` finishes it.)
 */
async function finishInterruptedStop(stores: EntryStores, head: TimerLinkDocument | null, now: string): Promise<void> {
  if (head?.kind === "stop") await stores.timers.endPrevious(head, now);
}

/** Starts a timer; one that runs is stopped first, ending when the new one starts. */
export async function startTimer(stores: EntryStores, events: EntryEvents, who: Identity, input: StartTimerInput, clock: () => Date = () => new Date()): Promise<TimeEntry> {
  const placement = await checkPlacement(stores.directory, who.organizationId, input.project_id, input.task_id);
  for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
    const now = isoSeconds(clock());
    const { head, entry: running } = await stores.timers.running(who.organizationId, who.userId, now);
    await finishInterruptedStop(stores, head, now);
    const start = running ? later(now, running.start_time) : now;
    const entry: TimeEntryDocument = {
      _id: newId("timeEntry"),
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
    };
    const link = await stores.timers.claim(who.organizationId, who.userId, head, { kind: "start", at: start, entry, previous_entry_id: running?._id ?? null });
    if (!link) continue;
    const stopped = await stores.timers.settle(link, now, running);
    if (stopped) await events.stopped(presentTimeEntry(stopped));
    const started = presentTimeEntry(entry, new Date(Date.parse(start)));
    await events.started(started);
    return started;
  }
  throw busy();
}

/** Ends the caller's running timer at `at` (default now); `null` when none runs, or `onlyEntry` is not the one. */
export async function endRunningTimer(stores: EntryStores, who: Pick<Identity, "organizationId" | "userId">, options: { onlyEntry?: string; clock?: () => Date } = {}): Promise<TimeEntryDocument | null> {
  const clock = options.clock ?? (() => new Date());
  for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
    const now = isoSeconds(clock());
    const { head, entry: running } = await stores.timers.running(who.organizationId, who.userId, now);
    await finishInterruptedStop(stores, head, now);
    if (!running || (options.onlyEntry !== undefined && running._id !== options.onlyEntry)) return null;
    const at = later(now, running.start_time);
    const link = await stores.timers.claim(who.organizationId, who.userId, head, { kind: "stop", at, entry: null, previous_entry_id: running._id });
    if (!link) continue;
    return (await stores.timers.endPrevious(link, now, running)) ?? (await stores.entries.find(who.organizationId, running._id));
  }
  throw busy();
}

export async function stopTimer(stores: EntryStores, events: EntryEvents, who: Identity, clock?: () => Date): Promise<TimeEntry> {
  const stopped = await endRunningTimer(stores, who, { clock });
  if (!stopped) throw new ApiError("not_found", "No timer is running");
  const entry = presentTimeEntry(stopped);
  await events.stopped(entry);
  return entry;
}

export async function currentTimer(stores: EntryStores, who: Identity, clock: () => Date = () => new Date()): Promise<TimeEntry | null> {
  const now = clock();
  const { entry } = await stores.timers.running(who.organizationId, who.userId, isoSeconds(now));
  return entry ? presentTimeEntry(entry, now) : null;
}
