import { randomUUID } from "node:crypto";
import { PERMISSIONS, type Identity } from "../../shared/identity";
import { newId } from "../../shared/ids";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import { openStore } from "../../shared/storage/open";
import type { DocumentStore } from "../../shared/storage/port";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "../../test/support/servers";
import { temporaryDir } from "../../test/support/stint";
import { EntryStore } from "./entry-store";
import type { EntryDirectory, EntryEvents, EntryStores } from "./ports";
import { TAGS_COLLECTION, type TagDocument } from "./tag";
import { TagStore } from "./tag-store";
import { TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "./time-entry";
import { TIMER_LINKS_COLLECTION, TimerChain, type TimerLinkDocument } from "./timer-chain";
import { currentTimer, startTimer, stopTimer } from "./timers";
import type { TimeEntry } from "./contract";

const PROJECT = newId("project");

const directory: EntryDirectory = {
  lookup: async (_org, projectId) => ({
    project: projectId === PROJECT ? { id: PROJECT, billable: true, archived: false } : null,
    task: null,
  }),
  isMember: async () => true,
};

function person(): Identity {
  return { organizationId: newId("organization"), plan: "free", userId: newId("user"), role: "member", permissions: PERMISSIONS };
}

function recorder(): EntryEvents & { log: { type: string; entry: TimeEntry }[] } {
  const log: { type: string; entry: TimeEntry }[] = [];
  // Only what is published counts: a prepared event that is dropped was never announced.
  const record = (type: string): EntryEvents["created"] => ({
    prepare: () =>
      Promise.resolve({
        publish: (entry: TimeEntry) => {
          log.push({ type, entry });
          return Promise.resolve();
        },
        drop: () => Promise.resolve(),
      }),
  });
  return {
    log,
    created: record("created"),
    updated: record("updated"),
    deleted: record("deleted"),
    started: record("started"),
    stopped: record("stopped"),
  };
}

async function storesOver(store: DocumentStore): Promise<EntryStores> {
  const entries = new EntryStore(await store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION));
  const links = await store.collection<TimerLinkDocument>(TIMER_LINKS_COLLECTION);
  const tags = new TagStore(await store.collection<TagDocument>(TAGS_COLLECTION));
  return { entries, timers: new TimerChain(links, entries), tags, directory };
}

/** A clock that moves one second per reading, so every start has its own time. */
function tickingClock(from = Date.UTC(2026, 10, 21, 9)): () => Date {
  let now = from;
  return () => new Date((now += 1000));
}

function describeTimerRules(label: string, open: () => Promise<DocumentStore[]>): void {
  describe(`timer rules (${label})`, () => {
    let stores: DocumentStore[];
    let views: EntryStores[];

    beforeAll(async () => {
      stores = await open();
      views = await Promise.all(stores.map(storesOver));
    });

    afterAll(async () => {
      for (const store of stores) await store.close();
    });

    it("emits stopped for the timer a start ends, then started, and stopped on stop", async () => {
      const who = person();
      const events = recorder();
      const [view] = views as [EntryStores];
      const clock = tickingClock();
      const first = await startTimer(view, events, who, { project_id: PROJECT, task_id: null, description: "one", tags: [] }, clock);
      const second = await startTimer(view, events, who, { project_id: PROJECT, task_id: null, description: "two", tags: [] }, clock);
      const stopped = await stopTimer(view, events, who, clock);
      expect(events.log.map((e) => [e.type, e.entry.description])).toEqual([
        ["started", "one"],
        ["stopped", "one"],
        ["started", "two"],
        ["stopped", "two"],
      ]);
      expect(events.log[1]?.entry.end_time).toBe(second.start_time);
      expect(stopped.id).toBe(second.id);
      expect(first.is_running).toBe(true);
      await expect(stopTimer(view, events, who, clock)).rejects.toMatchObject({ code: 404 });
      expect(await currentTimer(view, who)).toBeNull();
    });

    it("finishes a start whose writer died after claiming its link", async () => {
      const who = person();
      const [view] = views as [EntryStores];
      const clock = tickingClock();
      const running = await startTimer(
        view,
        recorder(),
        who,
        { project_id: PROJECT, task_id: null, description: "before", tags: [] },
        clock,
      );
      // A start that claimed the next link and then stopped: no entry written, the old one still open.
      const head = await view.timers.head(who.organizationId, who.userId);
      const orphan: TimeEntryDocument = {
        _id: newId("timeEntry"),
        organization_id: who.organizationId,
        user_id: who.userId,
        project_id: PROJECT,
        task_id: null,
        description: "half-written",
        start_time: "2026-11-21T10:00:00Z",
        end_time: null,
        duration: null,
        billable: true,
        created_at: "2026-11-21T10:00:00Z",
        updated_at: "2026-11-21T10:00:00Z",
      };
      expect(
        await view.timers.claim(who.organizationId, who.userId, head, {
          kind: "start",
          at: orphan.start_time,
          entry: orphan,
          previous_entry_id: running.id,
        }),
      ).not.toBeNull();

      const current = await currentTimer(view, who);
      expect(current?.id).toBe(orphan._id);
      await startTimer(
        view,
        recorder(),
        who,
        { project_id: PROJECT, task_id: null, description: "after", tags: [] },
        tickingClock(Date.UTC(2026, 10, 21, 11)),
      );
      const before = await view.entries.find(who.organizationId, running.id);
      expect(before?.end_time).toBe("2026-11-21T10:00:00Z");
      const halfWritten = await view.entries.find(who.organizationId, orphan._id);
      expect(halfWritten?.end_time).toBe("2026-11-21T11:00:01Z");
    });

    it("finishes a stop whose writer died after claiming its link", async () => {
      const who = person();
      const [view] = views as [EntryStores];
      const running = await startTimer(
        view,
        recorder(),
        who,
        { project_id: PROJECT, task_id: null, description: "left running", tags: [] },
        tickingClock(),
      );
      const head = await view.timers.head(who.organizationId, who.userId);
      expect(
        await view.timers.claim(who.organizationId, who.userId, head, {
          kind: "stop",
          at: "2026-11-21T12:00:00Z",
          entry: null,
          previous_entry_id: running.id,
        }),
      ).not.toBeNull();
      expect(await currentTimer(view, who)).toBeNull();
      await expect(stopTimer(view, recorder(), who)).rejects.toMatchObject({ code: 404 });
      const ended = await view.entries.find(who.organizationId, running.id);
      expect(ended?.end_time).toBe("2026-11-21T12:00:00Z");
    });

    it("keeps one timer running when many starts for one user race over every connection", async () => {
      const who = person();
      const attempts = 30;
      const results = await Promise.all(
        Array.from({ length: attempts }, (_, i) =>
          startTimer(views[i % views.length] as EntryStores, recorder(), who, {
            project_id: PROJECT,
            task_id: null,
            description: `start ${i}`,
            tags: [],
          }),
        ),
      );
      const [view] = views as [EntryStores];
      const all = await view.entries.entries.find({ user_id: who.userId });
      expect(all).toHaveLength(attempts);
      expect(new Set(all.map((e) => e.description))).toEqual(new Set(results.map((r) => r.description)));
      const running = all.filter((e) => e.end_time === null);
      expect(running).toHaveLength(1);
      const finished = all
        .filter((e) => e.end_time !== null)
        .sort((a, b) => a.start_time.localeCompare(b.start_time) || (a.end_time as string).localeCompare(b.end_time as string));
      for (let i = 1; i < finished.length; i++) expect(finished[i]!.start_time >= (finished[i - 1]!.end_time as string)).toBe(true);
      expect((await currentTimer(view, who))?.id).toBe(running[0]!._id);
    }, 60_000);
  });
}

const dir = temporaryDir("timers");
afterAll(() => dir.remove());
describeTimerRules("embedded store", async () => [await openEmbeddedStore(dir.path)]);

describe("one process's changes of one user's timer", () => {
  it("take turns, so that none claims a link another of them has taken", async () => {
    const data = temporaryDir("timer-turns");
    const store = await openEmbeddedStore(data.path);
    try {
      const entries = new EntryStore(await store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION));
      const links = await store.collection<TimerLinkDocument>(TIMER_LINKS_COLLECTION);
      let claims = 0;
      const counted = new Proxy(links, {
        get(target, key, receiver) {
          if (key === "insertOne") return (doc: TimerLinkDocument) => (claims++, target.insertOne(doc));
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      const tags = new TagStore(await store.collection<TagDocument>(TAGS_COLLECTION));
      const view: EntryStores = { entries, timers: new TimerChain(counted, entries), tags, directory };
      const who = person();
      const input = { project_id: PROJECT, task_id: null, description: "again", tags: [] };
      await Promise.all(Array.from({ length: 10 }, () => startTimer(view, recorder(), who, input)));
      await Promise.all([stopTimer(view, recorder(), who), stopTimer(view, recorder(), who).catch(() => null)]);
      // Ten starts and one stop: each claim the first time; the second stop finds nothing running.
      expect(claims).toBe(11);
      expect(await currentTimer(view, who)).toBeNull();
    } finally {
      await store.close();
      data.remove();
    }
  });
});

describeWithServers(["mongo"], "timer rules on MongoDB", () => {
  const url = () => mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_timers_${randomUUID().slice(0, 8)}`);
  describeTimerRules("two connections to one MongoDB", async () => {
    const database = url();
    return [await openStore({ mongoUrl: database, dataDir: dir.path }), await openStore({ mongoUrl: database, dataDir: dir.path })];
  });
});
