import { domainEvent } from "../../shared/events";
import type { StreamEntry } from "../../shared/event-stream";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import type { DocumentStore } from "../../shared/storage/port";
import { temporaryDir } from "../../test/support/stint";
import { EventLog } from "./event-log";

const ORG = "org_4fJ2kLm9QxT7bN1cR8sV0w";
const OTHER = "org_5fJ2kLm9QxT7bN1cR8sV0w";

describe("the embedded event log", () => {
  const dir = temporaryDir("event-log");
  let store: DocumentStore;
  let now = 1_000_000;

  beforeAll(async () => {
    store = await openEmbeddedStore(dir.path);
  });

  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  it("when events arrive at once, then each is told once, in the order they came, and read back after any position", async () => {
    const log = await EventLog.open(store, () => now);
    const told: StreamEntry[] = [];
    const events = Array.from({ length: 20 }, (_, at) => domainEvent("project.created", at % 2 ? OTHER : ORG, { id: `prj_${at}` }));
    await Promise.all([...events, events[3]!].map((event) => log.append(event, (entry) => told.push(entry))));

    expect(told.map((entry) => entry.event.id)).toEqual(events.map((event) => event.id));
    const positions = told.map((entry) => entry.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const ours = told.filter((entry) => entry.event.organization_id === ORG);
    const page = await log.readAfter(ORG, ours[1]!.position, 3);
    expect(page.entries.map((entry) => entry.event.id)).toEqual(ours.slice(2, 5).map((entry) => entry.event.id));
    expect(page).toMatchObject({ through: ours[4]!.position, done: false });
    const rest = await log.readAfter(ORG, page.through, 100);
    expect(rest.entries.map((entry) => entry.event.id)).toEqual(ours.slice(5).map((entry) => entry.event.id));
    expect(rest.done).toBe(true);

    expect(await log.positionOf(ORG, ours[2]!.event.id)).toBe(ours[2]!.position);
    expect(await log.positionOf(OTHER, ours[2]!.event.id)).toBeNull();
  });

  it("when the log is opened again, then positions go on from the last one; pruning forgets what is older", async () => {
    const before = await EventLog.open(store, () => now);
    const told: StreamEntry[] = [];
    await before.append(domainEvent("project.updated", ORG, { id: "prj_a" }), (entry) => told.push(entry));
    now += 60_000;
    const reopened = await EventLog.open(store, () => now);
    await reopened.append(domainEvent("project.updated", ORG, { id: "prj_b" }), (entry) => told.push(entry));
    expect(told[1]!.position).toBe(told[0]!.position + 1);

    expect(await reopened.prune(now)).toBeGreaterThan(0);
    expect(await reopened.positionOf(ORG, told[0]!.event.id)).toBeNull();
    expect(await reopened.positionOf(ORG, told[1]!.event.id)).toBe(told[1]!.position);
  });
});
