/**
 * The data set of the time-entries scenario: 10 organizations, 1,000 users, 200 projects
 * and (by default) 1,000,000 finished time entries, written straight into the store in the
 * exact shape the services store them. The collections and their indexes are created
 * first through the storage port, as the services create them at start-up; the documents
 * then go in with the raw driver in bulk, which is what makes a million of them quick.
 *
 * A seeded database carries a marker document and is reused by later runs: its name holds
 * the number of entries and the version of this layout.
 */
import mongoose from "mongoose";
import { ORGANIZATIONS, type OrganizationDocument } from "../../services/auth/organization";
import { USERS, type UserDocument } from "../../services/auth/user";
import { PROJECTS_COLLECTION, nameKey, type ProjectDocument } from "../../services/projects/project";
import { TASKS_COLLECTION } from "../../services/projects/task";
import { TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "../../services/time-entries/time-entry";
import { TIMER_LINKS_COLLECTION } from "../../services/time-entries/timer-chain";
import { hashPassword } from "../../shared/auth/passwords";
import { newId } from "../../shared/ids";
import type { Role } from "../../shared/identity";
import { openMongoStore } from "../../shared/storage/mongo";
import { isoSeconds } from "../../shared/time";
import { mongoUrlWithDatabase } from "../lib/mongo";

/** The size. `--entries` lowers the number of entries only; users and projects stay. */
export const FULL_SIZE = { entries: 1_000_000, organizations: 10, users: 1_000, projects: 200 } as const;
/** Entries per user per month at full size (1,000,000 / 1,000 users / 12 months). */
const ENTRIES_PER_USER_MONTH = FULL_SIZE.entries / FULL_SIZE.users / 12;
/** Raise when the documents' shape or spread changes: older seeded databases are then left alone. */
const LAYOUT_VERSION = 1;
const INSERT_BATCH = 1_000;
const INSERTS_IN_FLIGHT = 2;
const MARKER_COLLECTION = "bench_seed";
const MARKER_ID = "time-entries";
const MIN_ENTRY_SECONDS = 15 * 60;
const MAX_ENTRY_SECONDS = 4 * 60 * 60;
const DESCRIPTIONS = [
  "Planning",
  "Code review",
  "Client call",
  "Design",
  "Bug fixing",
  "Documentation",
  "Support",
  "Research",
  "Testing",
  "Meetings",
];

export interface SeededUser {
  id: string;
  organizationId: string;
  role: Role;
}

export interface SeededProject {
  id: string;
  organizationId: string;
  billable: boolean;
}

export interface Dataset {
  /** Database name on the server; `url` is the server URL with it. */
  databaseName: string;
  url: string;
  entries: number;
  users: SeededUser[];
  projects: SeededProject[];
  /** `YYYY-MM` of every month the entries start in, oldest first. */
  months: string[];
  seededAt: string;
  /** How long seeding took when it was done. */
  seedSeconds: number;
  /** Whether this run found the data set already seeded. */
  reused: boolean;
}

interface SeedMarker {
  _id: string;
  layout: number;
  entries: number;
  organizations: number;
  users: number;
  projects: number;
  months: string[];
  seeded_at: string;
  seed_seconds: number;
}

type RawDb = mongoose.mongo.Db;

export function databaseNameFor(entries: number): string {
  return `stint_bench_te_v${LAYOUT_VERSION}_${entries}`;
}

/**
 * Months the entries spread over: as many as keep one user's month at the full size's
 * density (about 83 entries, so a page of 50 is full), twelve at most. A smaller data set
 * is then smaller by covering fewer months, and a list answers the same kind of page.
 */
export function monthsFor(entries: number): number {
  return Math.min(12, Math.max(1, Math.round(entries / (FULL_SIZE.users * ENTRIES_PER_USER_MONTH))));
}

/** `count` whole months ending before the month of `now`, as `YYYY-MM`, oldest first. */
function monthsBefore(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count + index, 1));
    return month.toISOString().slice(0, 7);
  });
}

/** The first and last day of a `YYYY-MM` month, as the list's `start_date` and `end_date`. */
export function monthRange(month: string): { start_date: string; end_date: string } {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0));
  return { start_date: `${month}-01`, end_date: last.toISOString().slice(0, 10) };
}

/** A small seeded generator (mulberry32): the spread of the data is the same on every machine. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function accounts(
  createdAt: string,
  passwordHash: string,
): { organizations: OrganizationDocument[]; users: UserDocument[]; projects: ProjectDocument[] } {
  const organizations: OrganizationDocument[] = Array.from({ length: FULL_SIZE.organizations }, (_, index) => ({
    _id: newId("organization"),
    name: `Bench organization ${index + 1}`,
    plan: "free",
    created_at: createdAt,
    updated_at: createdAt,
  }));
  const users: UserDocument[] = Array.from({ length: FULL_SIZE.users }, (_, index) => ({
    _id: newId("user"),
    organization_id: (organizations[index % FULL_SIZE.organizations] as OrganizationDocument)._id,
    email: `bench-user-${index + 1}@example.test`,
    name: `Bench user ${index + 1}`,
    // The first user of each organization owns it; the rest are members.
    role: index < FULL_SIZE.organizations ? "owner" : "member",
    password_hash: passwordHash,
    created_at: createdAt,
    updated_at: createdAt,
  }));
  const projects: ProjectDocument[] = Array.from({ length: FULL_SIZE.projects }, (_, index) => {
    const name = `Project ${String(Math.floor(index / FULL_SIZE.organizations) + 1).padStart(2, "0")}`;
    return {
      _id: newId("project"),
      organization_id: (organizations[index % FULL_SIZE.organizations] as OrganizationDocument)._id,
      name,
      name_key: nameKey(name),
      description: null,
      color: null,
      client_name: null,
      billable: index % 4 !== 3,
      archived: false,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  return { organizations, users, projects };
}

/** Entry `index` of the data set: users in turn, a random project of the user's organization, a random start in the months. */
function entryAt(
  index: number,
  random: () => number,
  users: readonly SeededUser[],
  projectsByOrganization: ReadonlyMap<string, SeededProject[]>,
  spanStartMs: number,
  spanMs: number,
): TimeEntryDocument {
  const user = users[index % users.length] as SeededUser;
  const projects = projectsByOrganization.get(user.organizationId) ?? [];
  const project = projects[Math.floor(random() * projects.length)] as SeededProject;
  const startMs = spanStartMs + Math.floor(random() * (spanMs / 1000)) * 1000;
  const seconds = MIN_ENTRY_SECONDS + Math.floor(random() * (MAX_ENTRY_SECONDS - MIN_ENTRY_SECONDS));
  const start = isoSeconds(new Date(startMs));
  const end = isoSeconds(new Date(startMs + seconds * 1000));
  return {
    _id: newId("timeEntry"),
    organization_id: user.organizationId,
    user_id: user.id,
    project_id: project.id,
    task_id: null,
    description: `${DESCRIPTIONS[index % DESCRIPTIONS.length] as string} ${index % 97}`,
    start_time: start,
    end_time: end,
    duration: seconds,
    billable: project.billable,
    // Saved when it ended, as an entry made by hand or by a timer would be.
    created_at: end,
    updated_at: end,
  };
}

function groupProjects(projects: readonly SeededProject[]): Map<string, SeededProject[]> {
  const byOrganization = new Map<string, SeededProject[]>();
  for (const project of projects)
    byOrganization.set(project.organizationId, [...(byOrganization.get(project.organizationId) ?? []), project]);
  return byOrganization;
}

async function insertEntries(
  db: RawDb,
  count: number,
  users: readonly SeededUser[],
  projects: readonly SeededProject[],
  months: readonly string[],
  log: (line: string) => void,
): Promise<void> {
  const collection = db.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION.name);
  const random = randomSource(20_261_121);
  const byOrganization = groupProjects(projects);
  const spanStartMs = Date.parse(`${months[0] as string}-01T00:00:00Z`);
  const lastMonth = monthRange(months[months.length - 1] as string);
  // Starts end a day before the span does, so no entry runs into the month of the run.
  const spanMs = Date.parse(`${lastMonth.end_date}T00:00:00Z`) - spanStartMs;
  const startedAt = Date.now();
  let next = 0;
  let written = 0;
  let reported = 0;
  const worker = async () => {
    while (next < count) {
      const from = next;
      next = Math.min(count, next + INSERT_BATCH);
      const batch: TimeEntryDocument[] = [];
      for (let index = from; index < next; index++) batch.push(entryAt(index, random, users, byOrganization, spanStartMs, spanMs));
      await collection.insertMany(batch, { ordered: false });
      written += batch.length;
      if (written - reported >= count / 10 || written === count) {
        reported = written;
        const seconds = (Date.now() - startedAt) / 1000;
        log(
          `  seeded ${written.toLocaleString("en-US")} of ${count.toLocaleString("en-US")} entries in ${seconds.toFixed(0)} s (${Math.round(written / seconds)} a second)`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: INSERTS_IN_FLIGHT }, worker));
}

/** Creates every collection the services use, with their indexes, through the storage port as they do. */
async function createCollections(url: string): Promise<void> {
  const store = await openMongoStore(url);
  try {
    for (const spec of [ORGANIZATIONS, USERS, PROJECTS_COLLECTION, TASKS_COLLECTION, TIME_ENTRIES_COLLECTION, TIMER_LINKS_COLLECTION])
      await store.collection(spec);
  } finally {
    await store.close();
  }
}

async function readAccounts(db: RawDb): Promise<{ users: SeededUser[]; projects: SeededProject[] }> {
  const users = await db
    .collection<UserDocument>(USERS.name)
    .find({}, { projection: { organization_id: 1, role: 1, email: 1 } })
    .toArray();
  const projects = await db
    .collection<ProjectDocument>(PROJECTS_COLLECTION.name)
    .find({}, { projection: { organization_id: 1, billable: 1 } })
    .toArray();
  // Stored order is not guaranteed; the e-mail numbers give the seeding order back.
  const userNumber = (email: string) => Number(/(\d+)@/.exec(email)?.[1] ?? 0);
  users.sort((a, b) => userNumber(a.email) - userNumber(b.email));
  projects.sort((a, b) => (a._id < b._id ? -1 : 1));
  return {
    users: users.map((user) => ({ id: user._id, organizationId: user.organization_id, role: user.role })),
    projects: projects.map((project) => ({ id: project._id, organizationId: project.organization_id, billable: project.billable })),
  };
}

/**
 * The data set with `entries` entries on the server at `serverUrl`: found as a previous run
 * left it, or seeded now (a partly seeded database, from an interrupted run, is dropped first).
 */
export async function provideDataset(serverUrl: string, entries: number, log: (line: string) => void): Promise<Dataset> {
  const databaseName = databaseNameFor(entries);
  const url = mongoUrlWithDatabase(serverUrl, databaseName);
  const client = new mongoose.mongo.MongoClient(serverUrl, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  try {
    const db = client.db(databaseName);
    const marker = await db.collection<SeedMarker>(MARKER_COLLECTION).findOne({ _id: MARKER_ID });
    if (marker && marker.layout === LAYOUT_VERSION && marker.entries === entries) {
      const { users, projects } = await readAccounts(db);
      if (users.length === FULL_SIZE.users && projects.length === FULL_SIZE.projects) {
        log(`  data set ${databaseName} found (seeded ${marker.seeded_at} in ${marker.seed_seconds.toFixed(0)} s); reusing it`);
        return {
          databaseName,
          url,
          entries,
          users,
          projects,
          months: marker.months,
          seededAt: marker.seeded_at,
          seedSeconds: marker.seed_seconds,
          reused: true,
        };
      }
    }

    log(
      `  seeding ${databaseName}: ${entries.toLocaleString("en-US")} entries, ${FULL_SIZE.users} users, ${FULL_SIZE.projects} projects, ${FULL_SIZE.organizations} organizations`,
    );
    const startedAt = Date.now();
    await db.dropDatabase();
    await createCollections(url);
    const now = new Date();
    const seededAt = isoSeconds(now);
    // One hash for every user: they never sign in here, and scrypt a thousand times would only slow seeding.
    const made = accounts(seededAt, await hashPassword(`bench-${newId("user")}`));
    await db.collection<OrganizationDocument>(ORGANIZATIONS.name).insertMany(made.organizations);
    await db.collection<UserDocument>(USERS.name).insertMany(made.users);
    await db.collection<ProjectDocument>(PROJECTS_COLLECTION.name).insertMany(made.projects);
    // Read back as a later run will, so that both see the users and projects in the same order.
    const { users, projects } = await readAccounts(db);
    const months = monthsBefore(now, monthsFor(entries));
    await insertEntries(db, entries, users, projects, months, log);
    const seedSeconds = (Date.now() - startedAt) / 1000;
    const done: SeedMarker = {
      _id: MARKER_ID,
      layout: LAYOUT_VERSION,
      entries,
      organizations: FULL_SIZE.organizations,
      users: FULL_SIZE.users,
      projects: FULL_SIZE.projects,
      months,
      seeded_at: seededAt,
      seed_seconds: seedSeconds,
    };
    await db.collection<SeedMarker>(MARKER_COLLECTION).insertOne(done);
    log(`  seeded in ${seedSeconds.toFixed(0)} s`);
    return { databaseName, url, entries, users, projects, months, seededAt, seedSeconds, reused: false };
  } finally {
    await client.close();
  }
}
