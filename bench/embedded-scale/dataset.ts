/**
 * The data set of the embedded-scale scenario: one organization of 70 people (a year of
 * such a team is about 200,000 entries), 30 projects and N finished time entries over the
 * twelve months before the month of seeding, written through the embedded store's port
 * exactly as the services write them (collections opened with their specs and indexes,
 * then `insertOne`). A seeded folder is kept under the bench cache and reused by later runs.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { ORGANIZATIONS, type OrganizationDocument } from "../../services/auth/organization";
import { USERS, type UserDocument } from "../../services/auth/user";
import { PROJECTS_COLLECTION, nameKey, type ProjectDocument } from "../../services/projects/project";
import { TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "../../services/time-entries/time-entry";
import { hashPassword } from "../../shared/auth/passwords";
import { newId } from "../../shared/ids";
import type { Role } from "../../shared/identity";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import { isoSeconds } from "../../shared/time";
import { monthRange, randomSource } from "../time-entries/dataset";

export const TEAM = { users: 70, admins: 10, projects: 30, months: 12 } as const;
/** Raise when the documents' shape or spread changes: older seeded folders are then left alone. */
const LAYOUT_VERSION = 2;
const MARKER_FILE = "bench-seed.json";
/** Inserts in flight at once: the store commits each event-loop turn's writes together. */
const INSERTS_IN_FLIGHT = 2_000;
const MIN_ENTRY_SECONDS = 15 * 60;
const MAX_ENTRY_SECONDS = 4 * 60 * 60;

export interface ScaleUser {
  id: string;
  role: Role;
}

export interface ScaleDataset {
  dataDir: string;
  entries: number;
  organizationId: string;
  users: ScaleUser[];
  projects: string[];
  /** `YYYY-MM` of each month the entries start in, oldest first. */
  months: string[];
  seedSeconds: number;
  reused: boolean;
}

type Marker = Omit<ScaleDataset, "dataDir" | "reused"> & { layout: number };

function cacheRoot(): string {
  const base = process.env.XDG_CACHE_HOME?.trim() || join(homedir(), ".cache");
  return join(base, "stint", "bench");
}

function monthsBefore(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count + index, 1)).toISOString().slice(0, 7),
  );
}

async function seed(dataDir: string, entries: number, log: (line: string) => void): Promise<Omit<Marker, "layout">> {
  const startedAt = Date.now();
  const store = await openEmbeddedStore(dataDir);
  try {
    const now = new Date();
    const at = isoSeconds(now);
    const organization: OrganizationDocument = {
      _id: newId("organization"),
      name: "Bench team",
      plan: "free",
      created_at: at,
      updated_at: at,
    };
    await (await store.collection<OrganizationDocument>(ORGANIZATIONS)).insertOne(organization);
    const passwordHash = await hashPassword(`bench-${newId("user")}`);
    const users: ScaleUser[] = Array.from({ length: TEAM.users }, (_, index) => ({
      id: newId("user"),
      role: index === 0 ? "owner" : index < TEAM.admins ? "admin" : "member",
    }));
    const userDocs = await store.collection<UserDocument>(USERS);
    for (const [index, user] of users.entries()) {
      await userDocs.insertOne({
        _id: user.id,
        organization_id: organization._id,
        email: `scale-${index + 1}@example.test`,
        name: `Member ${index + 1}`,
        role: user.role,
        password_hash: passwordHash,
        created_at: at,
        updated_at: at,
      });
    }
    const projectDocs = await store.collection<ProjectDocument>(PROJECTS_COLLECTION);
    const projects: { id: string; billable: boolean }[] = [];
    for (let index = 0; index < TEAM.projects; index++) {
      const name = `Project ${index + 1}`;
      const doc: ProjectDocument = {
        _id: newId("project"),
        organization_id: organization._id,
        name,
        name_key: nameKey(name),
        description: null,
        color: null,
        client_name: null,
        billable: index % 4 !== 3,
        archived: false,
        created_at: at,
        updated_at: at,
      };
      await projectDocs.insertOne(doc);
      projects.push({ id: doc._id, billable: doc.billable });
    }

    const months = monthsBefore(now, TEAM.months);
    const spanStartMs = Date.parse(`${months[0] as string}-01T00:00:00Z`);
    const spanMs = Date.parse(`${monthRange(months[months.length - 1] as string).end_date}T00:00:00Z`) - spanStartMs;
    const random = randomSource(70_200_000);
    const timeEntries = await store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION);
    let reported = 0;
    for (let from = 0; from < entries; from += INSERTS_IN_FLIGHT) {
      const batch: Promise<void>[] = [];
      for (let index = from; index < Math.min(entries, from + INSERTS_IN_FLIGHT); index++) {
        const user = users[index % users.length] as ScaleUser;
        const project = projects[Math.floor(random() * projects.length)] as { id: string; billable: boolean };
        const startMs = spanStartMs + Math.floor(random() * (spanMs / 1000)) * 1000;
        const seconds = MIN_ENTRY_SECONDS + Math.floor(random() * (MAX_ENTRY_SECONDS - MIN_ENTRY_SECONDS));
        const end = isoSeconds(new Date(startMs + seconds * 1000));
        batch.push(
          timeEntries.insertOne({
            _id: newId("timeEntry"),
            organization_id: organization._id,
            user_id: user.id,
            project_id: project.id,
            task_id: null,
            description: `Work ${index % 97}`,
            start_time: isoSeconds(new Date(startMs)),
            end_time: end,
            duration: seconds,
            billable: project.billable,
            created_at: end,
            updated_at: end,
          }),
        );
      }
      await Promise.all(batch);
      const written = Math.min(entries, from + INSERTS_IN_FLIGHT);
      if (written - reported >= entries / 10 || written === entries) {
        reported = written;
        const elapsed = (Date.now() - startedAt) / 1000;
        log(`  seeded ${written.toLocaleString("en-US")} of ${entries.toLocaleString("en-US")} entries in ${elapsed.toFixed(0)} s`);
      }
    }
    return {
      entries,
      organizationId: organization._id,
      users,
      projects: projects.map((project) => project.id),
      months,
      seedSeconds: (Date.now() - startedAt) / 1000,
    };
  } finally {
    await store.close();
  }
}

/** The seeded folder for `entries` entries: found as an earlier run left it, or seeded now. */
export async function provideScaleDataset(entries: number, log: (line: string) => void): Promise<ScaleDataset> {
  const dataDir = join(cacheRoot(), `embedded-scale-v${LAYOUT_VERSION}-${entries}`);
  const markerPath = join(dataDir, MARKER_FILE);
  if (existsSync(markerPath)) {
    const marker = JSON.parse(readFileSync(markerPath, "utf8")) as Marker;
    if (marker.layout === LAYOUT_VERSION && marker.entries === entries) {
      log(`  data set ${dataDir} found (seeded in ${marker.seedSeconds.toFixed(0)} s); reusing it`);
      return { ...marker, dataDir, reused: true };
    }
  }
  // A folder without its marker is an interrupted seeding: start again.
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  log(
    `  seeding ${dataDir}: ${entries.toLocaleString("en-US")} entries, ${TEAM.users} people, ${TEAM.projects} projects, through the storage port`,
  );
  const seeded = await seed(dataDir, entries, log);
  writeFileSync(markerPath, JSON.stringify({ ...seeded, layout: LAYOUT_VERSION }));
  log(`  seeded in ${seeded.seedSeconds.toFixed(0)} s`);
  return { ...seeded, dataDir, reused: false };
}
