import type { Context } from "moleculer";
import { creationKeyOf } from "../../shared/creation";
import type { DomainEvent } from "../../shared/events";
import { PERMISSIONS, type Identity } from "../../shared/identity";
import { serviceTestBed, type RoutedInput } from "../../test/support/service-broker";
import { projectsService } from "../projects/projects.service";
import { timeEntriesService } from "./time-entries.service";
import type { TimeEntry } from "./contract";

const OWNER: Identity = {
  organizationId: "org_0000000000000000000000",
  plan: "free",
  userId: "usr_0000000000000000000000",
  role: "owner",
  permissions: PERMISSIONS,
};

describe("time-entries service events", () => {
  const events: DomainEvent<TimeEntry>[] = [];
  const bed = serviceTestBed("time-entries-service", (deps) => [
    projectsService(deps),
    timeEntriesService(deps),
    {
      name: "listener",
      events: {
        "time_entry.*"(ctx: Context<DomainEvent<TimeEntry>>) {
          events.push(ctx.params);
        },
      },
    },
  ]);

  function call<T>(action: string, input: RoutedInput): Promise<T> {
    return bed.call(action, OWNER, input);
  }

  it("emits every operation's event with the entry as Style A shows it, in order", async () => {
    const project = await call<{ data: { id: string } }>("projects.create", { body: { name: "Evented" } });
    const projectId = project.data.id;
    const created = await call<{ data: TimeEntry }>("timeEntries.create", {
      body: { project_id: projectId, start_time: "2026-01-05T09:00:00Z", end_time: "2026-01-05T10:00:00Z", tags: ["Planning"] },
    });
    await call("timeEntries.update", { params: { id: created.data.id }, body: { description: "changed", tags: ["planning", "Call"] } });
    await call("timeEntries.remove", { params: { id: created.data.id } });
    const first = await call<{ data: TimeEntry }>("timeEntries.start", { body: { project_id: projectId } });
    const second = await call<{ data: TimeEntry }>("timeEntries.start", { body: { project_id: projectId } });
    await call("timeEntries.stop", {});
    await new Promise((resolve) => setImmediate(resolve));

    expect(events.map((e) => [e.type, e.data.id])).toEqual([
      ["time_entry.created", created.data.id],
      ["time_entry.updated", created.data.id],
      ["time_entry.deleted", created.data.id],
      ["time_entry.started", first.data.id],
      ["time_entry.stopped", first.data.id],
      ["time_entry.started", second.data.id],
      ["time_entry.stopped", second.data.id],
    ]);
    for (const event of events) {
      expect(event.organization_id).toBe(OWNER.organizationId);
      expect(event.data.project_id).toBe(projectId);
      expect(Object.keys(event.data)).not.toContain("organization_id");
    }
    expect(events[0]?.data).toEqual(created.data);
    expect(events[0]?.data.tags).toEqual(["Planning"]);
    expect(events[1]?.data.description).toBe("changed");
    expect(events[1]?.data.tags).toEqual(["Planning", "Call"]);
    expect(events[4]?.data.end_time).toBe(second.data.start_time);
  });

  it("makes one entry and one timer per creation key however often a create is repeated, announcing each under one event id", async () => {
    const project = await call<{ data: { id: string } }>("projects.create", { body: { name: "Repeated" } });
    const repeat = <T>(action: string, creationKey: string, body: object) =>
      bed.broker().call<T, object>(action, { params: {}, query: {}, body }, { meta: { identity: OWNER, creationKey } });
    const key = (n: string) =>
      creationKeyOf({ organizationId: OWNER.organizationId, scope: `user:${OWNER.userId}`, idempotencyKey: n, fingerprint: n });
    events.length = 0;

    const body = { project_id: project.data.id, start_time: "2026-02-02T09:00:00Z", end_time: "2026-02-02T10:00:00Z" };
    const first = await repeat<{ data: TimeEntry }>("timeEntries.create", key("create"), body);
    const again = await repeat<{ data: TimeEntry }>("timeEntries.create", key("create"), body);
    expect(again.data).toEqual(first.data);
    const other = await repeat<{ data: TimeEntry }>("timeEntries.create", key("create-2"), body);
    expect(other.data.id).not.toBe(first.data.id);

    const started = await repeat<{ data: TimeEntry }>("timeEntries.start", key("start"), { project_id: project.data.id });
    const startedAgain = await repeat<{ data: TimeEntry }>("timeEntries.start", key("start"), { project_id: project.data.id });
    expect(startedAgain.data.id).toBe(started.data.id);
    // The repeat stopped nothing: the first run's timer still runs.
    expect((await call<{ data: TimeEntry | null }>("timeEntries.current", {})).data?.id).toBe(started.data.id);
    await new Promise((resolve) => setImmediate(resolve));

    const created = events.filter((e) => e.type === "time_entry.created" && e.data.id === first.data.id);
    expect(created).toHaveLength(2);
    expect(created[0]?.id).toBe(created[1]?.id);
    const startedEvents = events.filter((e) => e.type === "time_entry.started");
    expect(startedEvents.map((e) => e.data.id)).toEqual([started.data.id, started.data.id]);
    expect(startedEvents[0]?.id).toBe(startedEvents[1]?.id);
    expect(events.filter((e) => e.type === "time_entry.stopped")).toEqual([]);
  });
});
