import { isManager } from "../../shared/access";
import { announceChange } from "../../shared/announce";
import { ApiError } from "../../shared/errors";
import { createdId, insertOnce, type Creation } from "../../shared/creation";
import type { Identity } from "../../shared/identity";
import { listEnvelope, type ListEnvelope } from "../../shared/paging";
import { isoSeconds } from "../../shared/time";
import type { EntrySpan, ImportedEntry } from "./client";
import { MAX_ENTRY_SECONDS, type CreateEntryInput, type ListEntriesQuery, type UpdateEntryInput } from "./inputs";
import { checkPlacement } from "./placement";
import type { EntryStore } from "./entry-store";
import type { EntryEvents, EntryStores } from "./ports";
import { presentTimeEntry, secondsBetween, tagFields, type TimeEntryDocument } from "./time-entry";
import { tagKey, type TimeEntry } from "./contract";
import type { TagStore } from "./tag-store";

/** Admins may act for a member of their organization; members only for themselves (docs/api.md#time-entries-and-timers). */
async function subjectOf(stores: EntryStores, who: Identity, userId: string | undefined): Promise<string> {
  if (userId === undefined || userId === who.userId) return who.userId;
  if (!isManager(who)) throw new ApiError("forbidden", "Members record time only for themselves", { field: "user_id" });
  if (!(await stores.directory.isMember(who.organizationId, userId))) {
    throw ApiError.validation([{ field: "user_id", reason: "invalid", message: "is not a user of this organization" }]);
  }
  return userId;
}

/** An entry the caller may see: in their organization, and their own unless they manage it. */
async function visibleEntry(stores: EntryStores, who: Identity, id: string): Promise<TimeEntryDocument> {
  const doc = await stores.entries.find(who.organizationId, id);
  if (!doc || (!isManager(who) && doc.user_id !== who.userId)) throw ApiError.notFound("Time entry");
  return doc;
}

/** A create sent with an `Idempotency-Key` answers the entry of its first run instead of making a second (`shared/creation.ts`). */
export async function createEntry(
  stores: EntryStores,
  events: EntryEvents,
  who: Identity,
  input: CreateEntryInput,
  request: Creation = {},
): Promise<TimeEntry> {
  const userId = await subjectOf(stores, who, input.user_id);
  const placement = await checkPlacement(stores.directory, who.organizationId, input.project_id, input.task_id);
  const tags = await stores.tags.spell(who.organizationId, input.tags);
  const now = isoSeconds();
  const doc: TimeEntryDocument = {
    _id: createdId("timeEntry", request),
    organization_id: who.organizationId,
    user_id: userId,
    project_id: input.project_id,
    task_id: input.task_id,
    description: input.description,
    start_time: input.start_time,
    end_time: input.end_time,
    duration: secondsBetween(input.start_time, input.end_time),
    billable: input.billable ?? placement.billable,
    ...tagFields(tags),
    created_at: now,
    updated_at: now,
  };
  // Announced on a repeat too, under the same event id: the first run may have died before announcing.
  return announceChange(events.created, presentTimeEntry(doc), async () => {
    const inserted = await insertOnce(
      doc,
      (fresh) => stores.entries.insert(fresh),
      (id) => stores.entries.find(who.organizationId, id),
    );
    return presentTimeEntry(inserted.doc);
  });
}

export async function listEntries(stores: EntryStores, who: Identity, query: ListEntriesQuery): Promise<ListEnvelope<TimeEntry>> {
  if (!isManager(who) && query.user_id !== undefined && query.user_id !== who.userId) {
    throw new ApiError("forbidden", "Members see only their own time entries", { field: "user_id" });
  }
  const userId = isManager(who) ? query.user_id : who.userId;
  const page = { page: query.page, per_page: query.per_page };
  const { items, total } = await stores.entries.list(who.organizationId, { ...query, user_id: userId, tags: query.tag }, page);
  const now = new Date();
  return listEnvelope(
    items.map((doc) => presentTimeEntry(doc, now)),
    total,
    page,
  );
}

export async function getEntry(stores: EntryStores, who: Identity, id: string): Promise<TimeEntry> {
  return presentTimeEntry(await visibleEntry(stores, who, id));
}

function spanProblem(field: "start_time" | "end_time", start: string, end: string): ApiError | null {
  const seconds = secondsBetween(start, end);
  if (end <= start)
    return ApiError.validation([
      { field, reason: "invalid", message: field === "end_time" ? "must be after start_time" : "must be before end_time" },
    ]);
  if (seconds > MAX_ENTRY_SECONDS)
    return ApiError.validation([{ field, reason: "out_of_range", message: "makes the entry longer than 24 hours" }]);
  return null;
}

export async function updateEntry(
  stores: EntryStores,
  events: EntryEvents,
  who: Identity,
  id: string,
  changes: UpdateEntryInput,
): Promise<TimeEntry> {
  const current = await visibleEntry(stores, who, id);
  const running = current.end_time === null;
  if (running && changes.end_time !== undefined) {
    throw ApiError.validation([
      { field: "end_time", reason: "invalid", message: "cannot be set on a running entry; stop the timer instead" },
    ]);
  }
  if (running && changes.user_id !== undefined && changes.user_id !== current.user_id) {
    throw ApiError.validation([
      { field: "user_id", reason: "invalid", message: "cannot change on a running entry: timers are their user's own" },
    ]);
  }
  const userId = changes.user_id === undefined ? current.user_id : await subjectOf(stores, who, changes.user_id);
  const start = changes.start_time ?? current.start_time;
  const end = changes.end_time ?? current.end_time;
  if (end !== null) {
    const problem = spanProblem(changes.start_time !== undefined && changes.end_time === undefined ? "start_time" : "end_time", start, end);
    if (problem) throw problem;
  } else if (start > isoSeconds()) {
    throw ApiError.validation([{ field: "start_time", reason: "invalid", message: "of a running entry cannot lie in the future" }]);
  }
  const set: Partial<TimeEntryDocument> = {
    user_id: userId,
    start_time: start,
    end_time: end,
    duration: end === null ? null : secondsBetween(start, end),
    updated_at: isoSeconds(),
  };
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.billable !== undefined) set.billable = changes.billable;
  if (changes.tags !== undefined) Object.assign(set, tagFields(await stores.tags.spell(who.organizationId, changes.tags)));
  if (changes.project_id !== undefined || changes.task_id !== undefined) {
    const projectId = changes.project_id ?? current.project_id;
    const taskId = changes.task_id === undefined ? current.task_id : changes.task_id;
    // Resending the entry's own project is no move: only a move to an archived project is refused.
    const moved = projectId !== current.project_id;
    if (moved || taskId !== current.task_id)
      await checkPlacement(stores.directory, who.organizationId, projectId, taskId, { archivedAllowed: !moved });
    set.project_id = projectId;
    set.task_id = taskId;
  }
  return announceChange(events.updated, presentTimeEntry({ ...current, ...set }), async () => {
    const doc = await stores.entries.update(who.organizationId, id, set);
    if (!doc) throw ApiError.notFound("Time entry");
    return presentTimeEntry(doc);
  });
}

/** Deletes an entry; a running one is stopped first so the user's timer is free again. */
export async function deleteEntry(stores: EntryStores, events: EntryEvents, who: Identity, id: string): Promise<void> {
  const doc = await visibleEntry(stores, who, id);
  const entry = presentTimeEntry(doc);
  await announceChange(events.deleted, entry, async () => {
    if (doc.end_time === null)
      await stores.timers.stop({ organizationId: who.organizationId, userId: doc.user_id }, { onlyEntry: doc._id });
    if (!(await stores.entries.delete(who.organizationId, id))) throw ApiError.notFound("Time entry");
    return entry;
  });
}

/**
 * Imported entries (docs/api.md#imports), each inserted once, a batch in one write. No event is
 * sent per entry: a flood of thousands is not what a webhook receiver wants.
 */
export async function importEntries(
  stores: Pick<EntryStores, "entries" | "tags">,
  organizationId: string,
  imported: readonly ImportedEntry[],
): Promise<{ inserted: number }> {
  const now = isoSeconds();
  const spelled = await spellingsOf(stores.tags, organizationId, imported);
  const inserted = await stores.entries.insertMany(
    imported.map((entry): TimeEntryDocument => ({
      _id: entry.id,
      organization_id: organizationId,
      user_id: entry.user_id,
      project_id: entry.project_id,
      task_id: entry.task_id,
      description: entry.description,
      start_time: entry.start_time,
      end_time: entry.end_time,
      duration: secondsBetween(entry.start_time, entry.end_time),
      billable: entry.billable,
      ...tagFields(entry.tags.map((name) => spelled.get(tagKey(name)) ?? name)),
      created_at: now,
      updated_at: now,
    })),
  );
  return { inserted };
}

/**
 * The organization's spelling of every tag of a batch, asked for once: a tag new to the
 * organization takes the spelling of its first entry in the batch, as in the file.
 */
async function spellingsOf(tags: TagStore, organizationId: string, imported: readonly ImportedEntry[]): Promise<Map<string, string>> {
  const firsts = new Map<string, string>();
  for (const entry of imported) for (const name of entry.tags) if (!firsts.has(tagKey(name))) firsts.set(tagKey(name), name);
  const names = [...firsts.values()];
  const spelled = await tags.spell(organizationId, names);
  return new Map(names.map((name, i) => [tagKey(name), spelled[i] ?? name]));
}

/** How many entries point at a project or a task (a project with entries is archived, not deleted). */
/** An entry's owner, project and times, for another service (screenshots); `null` outside the organization. */
export async function entrySpan(entries: EntryStore, organizationId: string, id: string): Promise<EntrySpan | null> {
  const doc = await entries.find(organizationId, id);
  return doc ? { id: doc._id, user_id: doc.user_id, project_id: doc.project_id, start_time: doc.start_time, end_time: doc.end_time } : null;
}

export function countReferences(
  entries: EntryStore,
  organizationId: string,
  ref: { project_id?: string; task_id?: string },
): Promise<number> {
  return entries.count(organizationId, ref);
}
