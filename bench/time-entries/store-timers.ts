import mongoose from "mongoose";
import { answerEntryLookup } from "../../services/projects/lookup";
import { PROJECTS_COLLECTION, type ProjectDocument } from "../../services/projects/project";
import { ProjectStore } from "../../services/projects/project-store";
import { TASKS_COLLECTION, type TaskDocument } from "../../services/projects/task";
import { TaskStore } from "../../services/projects/task-store";
import { EntryStore } from "../../services/time-entries/entry-store";
import type { EntryEvents, EntryStores } from "../../services/time-entries/ports";
import { TIME_ENTRIES_COLLECTION, secondsBetween, type TimeEntryDocument } from "../../services/time-entries/time-entry";
import { TAGS_COLLECTION, type TagDocument } from "../../services/time-entries/tag";
import { TagStore } from "../../services/time-entries/tag-store";
import { TIMER_LINKS_COLLECTION, TimerChain, type TimerLinkDocument } from "../../services/time-entries/timer-chain";
import { startTimer, stopTimer } from "../../services/time-entries/timers";
import { newId } from "../../shared/ids";
import { ROLE_PERMISSIONS, type Identity } from "../../shared/identity";
import { openMongoStore } from "../../shared/storage/mongo";
import type { DocumentStore } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import { CpuWindow } from "../lib/cpu";
import type { InProcessPhase, PhaseReport } from "../lib/scenario";
import { StoreCalls, countedCollection } from "./counted-collection";
import { randomSource, type Dataset, type SeededProject, type SeededUser } from "./dataset";
import { cpuFigures, pairsWanted, type PhaseClock } from "./phase-clock";
import { prepareDataset } from "./prepare";
import { COMPARISON_HEADER, Durations, compareFigures, timed } from "./timings";

/** The operations of one step, in order: each user starts a timer, starts another (which stops the first), and stops. */
const OPERATIONS = [
  { key: "start", label: "start, no timer running" },
  { key: "switch", label: "start, one running (stops it)" },
  { key: "stop", label: "stop" },
] as const;
type OperationKey = (typeof OPERATIONS)[number]["key"];

/** Ids of the entries a run adds, kept in the database so that even an interrupted run's are removed by the next. */
const CREATED_COLLECTION = "bench_created";

type RawCollection<T extends { _id: string }> = mongoose.mongo.Collection<T>;

/** The service reports what changed on the bus; the store-level comparison leaves the bus out. */
const SILENT: EntryEvents["created"] = {
  prepare: () => Promise.resolve({ publish: () => Promise.resolve(), drop: () => Promise.resolve() }),
};
const NO_EVENTS: EntryEvents = { created: SILENT, updated: SILENT, deleted: SILENT, started: SILENT, stopped: SILENT };

interface RawRunning {
  id: string;
  start: string;
}

/**
 * The least a timer needs from the store, written with the raw driver: read the project
 * (it must exist in the organization and not be archived; it gives the `billable`
 * default), end the running entry with the same filter as the service and read it back,
 * insert the new one. It is told which entry runs, where
 * the service has to find out, and it keeps no guard against concurrent starts: it is the
 * floor the service is measured against, not a second implementation.
 */
class RawTimers {
  constructor(
    private readonly entries: RawCollection<TimeEntryDocument>,
    private readonly projects: RawCollection<ProjectDocument>,
  ) {}

  async start(user: SeededUser, projectId: string, running: RawRunning | null): Promise<RawRunning> {
    const project = await this.projects.findOne({ _id: projectId, organization_id: user.organizationId });
    if (!project || project.archived) throw new Error(`raw driver: ${projectId} is not an open project of ${user.organizationId}`);
    const now = isoSeconds();
    if (running) await this.end(running, now);
    const entry: TimeEntryDocument = {
      _id: newId("timeEntry"),
      organization_id: user.organizationId,
      user_id: user.id,
      project_id: projectId,
      task_id: null,
      description: "Bench timer",
      start_time: now,
      end_time: null,
      duration: null,
      billable: project.billable,
      created_at: now,
      updated_at: now,
    };
    await this.entries.insertOne(entry);
    return { id: entry._id, start: now };
  }

  stop(running: RawRunning): Promise<void> {
    return this.end(running, isoSeconds());
  }

  /** Ends the entry if it still runs, and reads it back: stop answers with it, and a switch announces it. */
  private async end(running: RawRunning, now: string): Promise<void> {
    const ended = await this.entries.findOneAndUpdate(
      { _id: running.id, end_time: null },
      { $set: { end_time: now, duration: secondsBetween(running.start, now), updated_at: now } },
      { returnDocument: "after" },
    );
    if (!ended) throw new Error(`raw driver: entry ${running.id} was not running`);
  }
}

async function serviceStores(store: DocumentStore, calls: StoreCalls): Promise<EntryStores> {
  const [entries, links, projects, tasks, tags] = await Promise.all([
    store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION),
    store.collection<TimerLinkDocument>(TIMER_LINKS_COLLECTION),
    store.collection<ProjectDocument>(PROJECTS_COLLECTION),
    store.collection<TaskDocument>(TASKS_COLLECTION),
    store.collection<TagDocument>(TAGS_COLLECTION),
  ]);
  const entryStore = new EntryStore(countedCollection("time_entries", entries, calls));
  // What the projects service answers over the bus, here answered in process from its own stores.
  const projectStores = {
    projects: new ProjectStore(countedCollection("projects", projects, calls)),
    tasks: new TaskStore(countedCollection("tasks", tasks, calls)),
  };
  return {
    entries: entryStore,
    timers: new TimerChain(countedCollection("timer_links", links, calls), entryStore),
    // Bench timers carry no tags, so the tags are never read.
    tags: new TagStore(tags),
    directory: {
      lookup: (organizationId, projectId, taskId) => answerEntryLookup(projectStores, { organizationId, projectId, taskId }),
      isMember: () => Promise.reject(new Error("timers never ask about membership")),
    },
  };
}

const identityOf = (user: SeededUser): Identity => ({
  organizationId: user.organizationId,
  plan: "free",
  userId: user.id,
  role: user.role,
  permissions: ROLE_PERMISSIONS[user.role],
});

/** Removes what earlier steps (of this run or an interrupted one) added: their entries and every timer link. */
async function cleanUp(db: mongoose.mongo.Db): Promise<number> {
  const created = db.collection<{ _id: string }>(CREATED_COLLECTION);
  const entries = db.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION.name);
  const ids = (await created.find({}).toArray()).map((doc) => doc._id);
  // One by id: FerretDB finds a document by `_id` without reading the others.
  for (const id of ids) await entries.deleteOne({ _id: id });
  await created.deleteMany({});
  await db.collection<TimerLinkDocument>(TIMER_LINKS_COLLECTION.name).deleteMany({});
  return ids.length;
}

function describeCalls(calls: ReadonlyMap<string, number>, operations: number): string {
  const total = [...calls.values()].reduce((sum, count) => sum + count, 0);
  const each = [...calls.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([call, count]) => `${call} ${(count / operations).toFixed(count % operations === 0 ? 0 : 1)}`);
  return `${(total / operations).toFixed(1)} store calls (${each.join(", ")})`;
}

const RAW_CALLS: Record<OperationKey, string> = {
  start: "2 calls (projects.findOne, time_entries.insertOne)",
  switch: "3 calls (projects.findOne, time_entries.findOneAndUpdate, time_entries.insertOne)",
  stop: "1 call (time_entries.findOneAndUpdate)",
};

async function measure(dataset: Dataset, serverUrl: string, clock: PhaseClock): Promise<PhaseReport> {
  const store = await openMongoStore(dataset.url);
  const client = new mongoose.mongo.MongoClient(serverUrl);
  try {
    await client.connect();
    const db = client.db(dataset.databaseName);
    const leftOver = await cleanUp(db);
    const calls = new StoreCalls();
    const stores = await serviceStores(store, calls);
    const entries = db.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION.name);
    const raw = new RawTimers(entries, db.collection<ProjectDocument>(PROJECTS_COLLECTION.name));
    const created = db.collection<{ _id: string }>(CREATED_COLLECTION);

    // Half the users for the service, half for the raw driver: the two never share a timer.
    const serviceUsers = dataset.users.filter((_, index) => index % 2 === 0);
    const rawUsers = dataset.users.filter((_, index) => index % 2 === 1);
    const projectsOf = new Map<string, SeededProject[]>();
    for (const project of dataset.projects)
      projectsOf.set(project.organizationId, [...(projectsOf.get(project.organizationId) ?? []), project]);
    const random = randomSource(11);
    const projectFor = (user: SeededUser) => {
      const choices = projectsOf.get(user.organizationId) ?? [];
      return (choices[Math.floor(random() * choices.length)] as SeededProject).id;
    };

    const times = new Map(OPERATIONS.map((operation) => [operation.key, { service: new Durations(), raw: new Durations() }]));
    const callsPerOperation = new Map<OperationKey, Map<string, number>>(OPERATIONS.map((operation) => [operation.key, new Map()]));
    let recordedSteps = 0;

    /** Runs one operation both ways, in the step's order, timing each when `record`. */
    const both = async <S, R>(
      key: OperationKey,
      serviceFirst: boolean,
      record: boolean,
      serviceWork: () => Promise<S>,
      rawWork: () => Promise<R>,
    ): Promise<[S, R]> => {
      const timesOf = times.get(key);
      const runService = async () => {
        const before = calls.snapshot();
        const result = await timed(record ? timesOf?.service : undefined, serviceWork);
        if (record) {
          const tally = callsPerOperation.get(key) as Map<string, number>;
          for (const [call, count] of calls.since(before)) tally.set(call, (tally.get(call) ?? 0) + count);
        }
        return result;
      };
      const runRaw = () => timed(record ? timesOf?.raw : undefined, rawWork);
      if (serviceFirst) {
        const fromService = await runService();
        return [fromService, await runRaw()];
      }
      const fromRaw = await runRaw();
      return [await runService(), fromRaw];
    };

    const step = async (index: number, record: boolean) => {
      const serviceUser = serviceUsers[index % serviceUsers.length] as SeededUser;
      const rawUser = rawUsers[index % rawUsers.length] as SeededUser;
      const who = identityOf(serviceUser);
      const serviceFirst = index % 2 === 0;
      const input = (projectId: string) => ({ project_id: projectId, task_id: null, description: "Bench timer", tags: [] });

      const [first, rawFirst] = await both(
        "start",
        serviceFirst,
        record,
        () => startTimer(stores, NO_EVENTS, who, input(projectFor(serviceUser))),
        () => raw.start(rawUser, projectFor(rawUser), null),
      );
      const [second, rawSecond] = await both(
        "switch",
        serviceFirst,
        record,
        () => startTimer(stores, NO_EVENTS, who, input(projectFor(serviceUser))),
        () => raw.start(rawUser, projectFor(rawUser), rawFirst),
      );
      const [stopped] = await both(
        "stop",
        serviceFirst,
        record,
        () => stopTimer(stores, NO_EVENTS, who),
        () => raw.stop(rawSecond),
      );
      await created.insertMany([first.id, second.id, rawFirst.id, rawSecond.id].map((id) => ({ _id: id })));

      // The service did what a timer must: the first entry ended when the second began, and stop ended the second.
      const ended = await entries.findOne({ _id: first.id });
      if (!first.is_running || ended?.end_time !== second.start_time)
        throw new Error(`service: starting a second timer did not end ${first.id} at ${second.start_time}`);
      if (stopped.id !== second.id || stopped.is_running) throw new Error(`service: stop did not end ${second.id}`);
      if (record) recordedSteps += 1;
    };

    const warmed = await clock.warmUp((index) => step(index, false));
    const cpu = new CpuWindow(clock.observedPids);
    const steps = await clock.measure((index) => step(warmed + index, true));
    const used = cpu.end();
    const removed = await cleanUp(db);

    const figures: Record<string, number> = { steps, warmUpSteps: warmed, ...cpuFigures(clock, used) };
    const rows: string[][] = [];
    const callNotes: string[] = [];
    for (const operation of OPERATIONS) {
      const timesOf = times.get(operation.key) as { service: Durations; raw: Durations };
      const compared = compareFigures(operation.key, operation.label, timesOf.service, timesOf.raw);
      Object.assign(figures, compared.figures);
      rows.push(...compared.rows);
      callNotes.push(
        `${operation.label}: service ${describeCalls(callsPerOperation.get(operation.key) as Map<string, number>, recordedSteps)}; raw driver ${RAW_CALLS[operation.key]}`,
      );
    }
    return {
      figures,
      table: { header: COMPARISON_HEADER, rows },
      notes: [
        `${steps} steps, each: start a timer, start another (stopping the first), stop; for one user through startTimer/stopTimer with the real stores (project lookup answered in process, no bus events), and for another user by the raw driver, in turns of who goes first`,
        ...callNotes,
        `entries added by the steps were removed afterwards (${removed}${leftOver > 0 ? `; ${leftOver} left by an earlier run were removed first` : ""})`,
        ...clock.cpuNotes(used),
      ],
    };
  } finally {
    await store.close();
    await client.close();
  }
}

/** startTimer/stopTimer with the real stores against the raw driver writing the same entries. */
export const storeTimersPhase: InProcessPhase = {
  name: "store-timers",
  description:
    "startTimer/stopTimer (services/time-entries/timers.ts) with the real stores vs the raw MongoDB driver reading the project and writing the same entries",
  async run(ctx) {
    const prepared = await prepareDataset(ctx);
    if (!prepared.available) return { skipped: prepared.reason };
    return measure(prepared.dataset, prepared.mongo.url, pairsWanted(ctx, prepared.mongo.pid));
  },
};
