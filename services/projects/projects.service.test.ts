import type { Context } from "moleculer";
import type { DomainEvent } from "../../shared/events";
import { PERMISSIONS, ROLE_PERMISSIONS, type Identity } from "../../shared/identity";
import { serviceTestBed, type RoutedInput } from "../../test/support/service-broker";
import { timeEntriesService } from "../time-entries/time-entries.service";
import { projectsService } from "./projects.service";
import type { RateChange } from "../../shared/billing/rate-book";
import type { Project } from "./contract";

const OWNER: Identity = {
  organizationId: "org_0000000000000000000000",
  plan: "free",
  userId: "usr_0000000000000000000000",
  role: "owner",
  permissions: PERMISSIONS,
};
const OTHER_ORG_OWNER: Identity = { ...OWNER, organizationId: "org_1111111111111111111111", userId: "usr_1111111111111111111111" };
const MEMBER: Identity = { ...OWNER, role: "member", userId: "usr_2222222222222222222222", permissions: ROLE_PERMISSIONS.member };
const READ_ONLY_KEY: Identity = { ...OWNER, permissions: ["projects:read"], apiKeyId: "key_0000000000000000000000" };

describe("projects service", () => {
  const events: DomainEvent<Project>[] = [];
  const bed = serviceTestBed("projects-service", (deps) => [
    projectsService(deps),
    timeEntriesService(deps),
    {
      name: "listener",
      events: {
        "project.*"(ctx: Context<DomainEvent<Project>>) {
          events.push(ctx.params);
        },
      },
    },
  ]);

  function call<T>(action: string, identity: Identity, input: RoutedInput): Promise<T> {
    return bed.call(`projects.${action}`, identity, input);
  }

  beforeEach(() => {
    events.length = 0;
  });

  it("emits project.created, project.updated and project.deleted with the project as Style A shows it", async () => {
    const created = await call<{ data: Project }>("create", OWNER, { body: { name: "Evented" } });
    const id = created.data.id;
    await call("update", OWNER, { params: { id: id.replace("prj_", "proj_") }, body: { color: "#ABCDEF" } });
    await call("archive", OWNER, { params: { id } });
    await call("remove", OWNER, { params: { id } });
    await new Promise((resolve) => setImmediate(resolve));

    expect(events.map((e) => e.type)).toEqual(["project.created", "project.updated", "project.updated", "project.deleted"]);
    for (const event of events) {
      expect(event.organization_id).toBe(OWNER.organizationId);
      expect(event.data.id).toBe(id);
      expect(Object.keys(event.data)).not.toContain("organization_id");
      expect(Object.keys(event.data)).not.toContain("name_key");
    }
    expect(events[0]?.data).toEqual(created.data);
    expect(events[1]?.data.color).toBe("#abcdef");
    expect(events[2]?.data.archived).toBe(true);
  });

  it("answers 404 for another organization's project on every operation, and changes nothing", async () => {
    const mine = (await call<{ data: Project }>("create", OWNER, { body: { name: "Private" } })).data;
    for (const [action, input] of [
      ["get", {}],
      ["update", { body: { name: "Stolen" } }],
      ["archive", {}],
      ["remove", {}],
    ] as const) {
      await expect(call(action, OTHER_ORG_OWNER, { params: { id: mine.id }, ...input })).rejects.toMatchObject({
        code: 404,
        type: "not_found",
      });
    }
    const theirs = await call<{ data: Project[]; meta: { total: number } }>("list", OTHER_ORG_OWNER, {});
    expect(theirs.data.map((p) => p.id)).not.toContain(mine.id);
    expect((await call<{ data: Project }>("get", OWNER, { params: { id: mine.id } })).data).toEqual(mine);
  });

  it("lets another organization use a name that is taken elsewhere", async () => {
    await call("create", OWNER, { body: { name: "Shared name" } });
    const theirs = await call<{ data: Project }>("create", OTHER_ORG_OWNER, { body: { name: "Shared name" } });
    expect(theirs.data.name).toBe("Shared name");
  });

  it("lets a member read projects but not change them (403)", async () => {
    const project = (await call<{ data: Project }>("create", OWNER, { body: { name: "Members read" } })).data;
    expect((await call<{ data: Project }>("get", MEMBER, { params: { id: project.id } })).data.id).toBe(project.id);
    await expect(call("create", { ...MEMBER, permissions: PERMISSIONS }, { body: { name: "Not allowed" } })).rejects.toMatchObject({
      code: 403,
      type: "forbidden",
    });
    await expect(call("create", MEMBER, { body: { name: "Not allowed" } })).rejects.toMatchObject({ code: 403, type: "forbidden" });
    await expect(call("update", MEMBER, { params: { id: project.id }, body: { name: "Nope" } })).rejects.toMatchObject({ code: 403 });
    await expect(call("remove", MEMBER, { params: { id: project.id } })).rejects.toMatchObject({ code: 403 });
  });

  it("refuses a credential without projects:write (403)", async () => {
    await expect(call("create", READ_ONLY_KEY, { body: { name: "Read only" } })).rejects.toMatchObject({ code: 403, type: "forbidden" });
  });

  describe("rates for other services", () => {
    const client = <T>(action: string, params: object) => bed.broker().call<T, object>(`projects.${action}`, params);

    it("hands out every rate change of the organization in recording order, the project's set on create and on PATCH", async () => {
      const organizationId = "org_3333333333333333333333";
      const owner: Identity = { ...OWNER, organizationId };
      const member = "usr_4444444444444444444444";
      const site = (await call<{ data: Project }>("create", owner, { body: { name: "Site", hourly_rate: 70 } })).data;
      await call("create", owner, { body: { name: "Unpriced" } });
      await client("setRate", { organizationId, level: "organization", hourlyRate: 50 });
      await client("setRate", { organizationId, level: "member", userId: member, hourlyRate: 60.5 });
      const patched = await call<{ data: Project }>("update", owner, { params: { id: site.id }, body: { hourly_rate: 75 } });
      expect(patched.data.hourly_rate).toBe(75);

      const changes = await client<RateChange[]>("rateChangesOf", { organizationId });
      expect(changes).toEqual([
        { level: "organization", user_id: null, project_id: null, hourly_rate: 50, effective_from: null },
        { level: "member", user_id: member, project_id: null, hourly_rate: 60.5, effective_from: null },
        { level: "project", user_id: null, project_id: site.id, hourly_rate: 75, effective_from: null },
      ]);
      expect(await client<RateChange[]>("rateChangesOf", { organizationId: OTHER_ORG_OWNER.organizationId })).not.toContainEqual(
        expect.objectContaining({ project_id: site.id }),
      );
      expect(await client("ratesToday", { organizationId, userIds: [member, OWNER.userId] })).toEqual({
        organization: 50,
        members: { [member]: 60.5, [OWNER.userId]: null },
      });

      await call("update", owner, { params: { id: site.id }, body: { hourly_rate: null } });
      await client("setRate", { organizationId, level: "organization", hourlyRate: null });
      expect(await client<RateChange[]>("rateChangesOf", { organizationId })).toEqual([
        { level: "member", user_id: member, project_id: null, hourly_rate: 60.5, effective_from: null },
      ]);
    });

    it("refuses a rate that is negative or has more than two decimals", async () => {
      for (const hourlyRate of [-1, 10.005]) {
        await expect(client("setRate", { organizationId: OWNER.organizationId, level: "organization", hourlyRate })).rejects.toMatchObject({
          code: 400,
        });
        await expect(call("create", OWNER, { body: { name: `Bad rate ${hourlyRate}`, hourly_rate: hourlyRate } })).rejects.toMatchObject({
          code: 400,
          data: { field: "hourly_rate" },
        });
      }
    });
  });
});
