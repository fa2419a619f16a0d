import { ApiError } from "../../shared/errors";
import type { Identity } from "../../shared/identity";
import { DuplicateKeyError, type Collection, type CollectionSpec, type StoredDocument } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import type { EntryStore } from "./entry-store";
import { secondsBetween, type TimeEntryDocument } from "./time-entry";

/**
 * One user's timer history as a chain of links numbered 1, 2, 3, ... Each start or stop
 * claims the next number by inserting the link with a unique `_id`, which every store
 * (MongoDB, FerretDB, the embedded one) refuses to do twice. So exactly one request
 * wins each step, across processes, without find-and-modify or transactions: the
 * newest link says whether a timer runs, and which.
 */
export interface TimerLinkDocument extends StoredDocument {
  organization_id: string;
  user_id: string;
  seq: number;
  kind: "start" | "stop";
  /** When this link took effect: the new timer's start, or the stop time. */
  at: string;
  /** The entry a start link began, in full, so that any process can finish writing it. */
  entry: TimeEntryDocument | null;
  /** The entry that ran before this link; the link ends it at `at`. */
  previous_entry_id: string | null;
}

export const TIMER_LINKS_COLLECTION: CollectionSpec = {
  name: "timer_links",
  indexes: [{ fields: { user_id: 1, seq: -1 } }],
};

function linkId(userId: string, seq: number): string {
  return `${userId}:${String(seq).padStart(12, "0")}`;
}

export type NextLink = Omit<TimerLinkDocument, "_id" | "seq" | "organization_id" | "user_id">;

/** Whose timer: every user has one chain, inside their organization. */
export type TimerOwner = Pick<Identity, "organizationId" | "userId">;

/** The entry a start begins, given the second it starts and the time of the request. */
export type DraftEntry = (start: string, now: string) => TimeEntryDocument;

export type Clock = () => Date;
const systemClock: Clock = () => new Date();

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

export class TimerChain {
  /** The last change of each user's chain this process has begun, which the next one waits for (see `inTurn`). */
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(
    private readonly links: Collection<TimerLinkDocument>,
    private readonly entries: EntryStore,
  ) {}

  /**
   * Runs one change of a user's chain after the changes this process began before it. Only
   * one of simultaneous changes can claim each link; the others read the chain again and try
   * the next. Left to race, n simultaneous starts in one process cost about n²/2 reads and
   * claims (each round of the race is won by one), enough to take 30 starts of one user past
   * the request timeout on a busy store. In turns, they race only with other processes.
   */
  private inTurn<T>(userId: string, change: () => Promise<T>): Promise<T> {
    const before = this.turns.get(userId) ?? Promise.resolve();
    const mine = before.then(change, change);
    const done = mine.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(userId, done);
    void done.then(() => {
      if (this.turns.get(userId) === done) this.turns.delete(userId);
    });
    return mine;
  }

  /**
   * Starts the entry `draft` makes as the owner's running timer. One that runs is ended
   * first, at the second the new one starts. Read, claim the next link, settle: a lost
   * claim means another request moved the chain, so read again.
   */
  start(
    owner: TimerOwner,
    draft: DraftEntry,
    clock: Clock = systemClock,
  ): Promise<{ started: TimeEntryDocument; stopped: TimeEntryDocument | null }> {
    return this.inTurn(owner.userId, async () => {
      for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
        const now = isoSeconds(clock());
        const { head, entry: running } = await this.readSettled(owner, now);
        const entry = draft(running ? later(now, running.start_time) : now, now);
        const link = await this.claim(owner.organizationId, owner.userId, head, {
          kind: "start",
          at: entry.start_time,
          entry,
          previous_entry_id: running?._id ?? null,
        });
        if (!link) continue;
        const stopped = await this.settle(link, now, running);
        return { started: entry, stopped };
      }
      throw busy();
    });
  }

  /**
   * Ends the owner's running timer now; `null` when none runs, or when `onlyEntry` names
   * another entry than the running one.
   */
  stop(owner: TimerOwner, options: { onlyEntry?: string; clock?: Clock } = {}): Promise<TimeEntryDocument | null> {
    return this.inTurn(owner.userId, async () => {
      const clock = options.clock ?? systemClock;
      for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
        const now = isoSeconds(clock());
        const { head, entry: running } = await this.readSettled(owner, now);
        if (!running || (options.onlyEntry !== undefined && running._id !== options.onlyEntry)) return null;
        const link = await this.claim(owner.organizationId, owner.userId, head, {
          kind: "stop",
          at: later(now, running.start_time),
          entry: null,
          previous_entry_id: running._id,
        });
        if (!link) continue;
        return (await this.endPrevious(link, now, running)) ?? (await this.entries.find(owner.organizationId, running._id));
      }
      throw busy();
    });
  }

  /**
   * The newest link and the running entry, after finishing what an interrupted writer
   * left: a start link's entry is written by `running`; a stop link's entry is ended here.
   */
  private async readSettled(owner: TimerOwner, now: string): Promise<{ head: TimerLinkDocument | null; entry: TimeEntryDocument | null }> {
    const found = await this.running(owner.organizationId, owner.userId, now);
    if (found.head?.kind === "stop") await this.endPrevious(found.head, now);
    return found;
  }

  async head(organizationId: string, userId: string): Promise<TimerLinkDocument | null> {
    const [newest] = await this.links.find({ user_id: userId, organization_id: organizationId }, { sort: { seq: -1 }, limit: 1 });
    return newest ?? null;
  }

  /** Appends the link after `head`; `null` when another request took that place first. */
  async claim(organizationId: string, userId: string, head: TimerLinkDocument | null, next: NextLink): Promise<TimerLinkDocument | null> {
    const seq = (head?.seq ?? 0) + 1;
    const link: TimerLinkDocument = { _id: linkId(userId, seq), organization_id: organizationId, user_id: userId, seq, ...next };
    try {
      await this.links.insertOne(link);
      return link;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return null;
      throw error;
    }
  }

  /**
   * Makes what a link says true in the entries: the previous entry ends at `at`, and a
   * start link's entry exists. Safe to repeat, so a request that finds a link whose
   * writer stopped half-way finishes the job. Returns the entry this call ended, if any.
   */
  async settle(link: TimerLinkDocument, now: string, previous?: TimeEntryDocument | null): Promise<TimeEntryDocument | null> {
    // The previous entry ends before the new one is written, so whoever finds a start
    // link's entry knows the entry before it has ended.
    const ended = await this.endPrevious(link, now, previous);
    if (link.kind === "start" && link.entry) await this.entries.insertOnce(link.entry);
    return ended;
  }

  /**
   * Ends the entry that ran before `link`, unless it has ended already. `previous` is that
   * entry as the caller last read it, which spares reading it again.
   */
  async endPrevious(link: TimerLinkDocument, now: string, known?: TimeEntryDocument | null): Promise<TimeEntryDocument | null> {
    if (!link.previous_entry_id) return null;
    const previous = known?._id === link.previous_entry_id ? known : await this.entries.find(link.organization_id, link.previous_entry_id);
    if (!previous || previous.end_time !== null) return null;
    const end = link.at < previous.start_time ? previous.start_time : link.at;
    return this.entries.finish(previous._id, end, secondsBetween(previous.start_time, end), now);
  }

  /** The entry running now for this user, as stored, or `null`. */
  async running(
    organizationId: string,
    userId: string,
    now: string,
  ): Promise<{ head: TimerLinkDocument | null; entry: TimeEntryDocument | null }> {
    const head = await this.head(organizationId, userId);
    if (!head || head.kind !== "start" || !head.entry) return { head, entry: null };
    let entry = await this.entries.find(organizationId, head.entry._id);
    if (!entry) {
      await this.settle(head, now);
      entry = await this.entries.find(organizationId, head.entry._id);
    }
    return { head, entry: entry && entry.end_time === null ? entry : null };
  }
}
