import type { Context } from "moleculer";
import { PERMISSIONS, ROLE_PERMISSIONS, type Identity } from "../../shared/identity";
import { serviceTestBed, type RoutedInput } from "../../test/support/service-broker";
import type { List } from "../../test/support/shapes";
import { projectsClient, type ProjectForEntry } from "./client";
import { timeEntriesService } from "../time-entries/time-entries.service";
import { projectsService } from "./projects.service";
import type { Project, Task } from "./contract";

const OWNER: Identity = {
  organizationId: "org_0000000000000000000000",
  plan: "free",
  userId: "usr_0000000000000000000000",
  role: "owner",
  permissions: PERMISSIONS,
};
const OTHER_ORG_OWNER: Identity = { ...OWNER, organizationId: "org_1111111111111111111111", userId: "usr_1111111111111111111111" };
const MEMBER: Identity = { ...OWNER, role: "member", userId: "usr_2222222222222222222222", permissions: ROLE_PERMISSIONS.member };

/** What a caller passes to `lookupForEntry`, before validation. */
type EntryLookupParams = Parameters<ReturnType<typeof projectsClient.over>["lookupForEntry"]>[0];

function styleB(projectId: string): string {
  return projectId.replace(/^prj_/, "proj_");
}

describe("projects service: tasks and the lookup for time entries", () => {
  const bed = serviceTestBed("tasks-service", (deps) => [
    projectsService(deps),
    timeEntriesService(deps),
    {
      name: "asker",
      actions: {
        lookup(ctx: Context<EntryLookupParams>) {
          return projectsClient.over(ctx).lookupForEntry(ctx.params);
        },
      },
    },
  ]);

  function call<T>(action: string, identity: Identity, input: RoutedInput): Promise<T> {
    return bed.call(`projects.${action}`, identity, input);
  }

  /** Asks through the client, from another service, as the time-entries service does. */
  function lookup(params: EntryLookupParams): Promise<ProjectForEntry> {
    return bed.broker().call("asker.lookup", params);
  }

  async function project(identity: Identity = OWNER, body: object = {}): Promise<Project> {
    return (
      await call<{ data: Project }>("create", identity, { body: { name: `Project ${Math.random().toString(36).slice(2)}`, ...body } })
    ).data;
  }

  async function task(projectId: string, body: object = {}, identity: Identity = OWNER): Promise<Task> {
    return (
      await call<{ data: Task }>("createTask", identity, {
        params: { id: projectId },
        body: { name: `Task ${Math.random().toString(36).slice(2)}`, ...body },
      })
    ).data;
  }

  describe("tasks", () => {
    it("creates a task with defaults under a project named by either prefix", async () => {
      const parent = await project();
      const created = await call<{ data: Task }>("createTask", OWNER, { params: { id: styleB(parent.id) }, body: { name: "  Design  " } });
      expect(created.data.id).toMatch(/^task_[0-9A-Za-z]{22}$/);
      expect(created.data).toEqual({
        id: created.data.id,
        project_id: parent.id,
        name: "Design",
        status: "active",
        billable: null,
        estimate_seconds: null,
        created_at: expect.stringMatching(/Z$/),
        updated_at: created.data.created_at,
      });
      expect((await call<{ data: Task }>("getTask", OWNER, { params: { id: parent.id, task_id: created.data.id } })).data).toEqual(
        created.data,
      );
    });

    it("lists a project's tasks only, by name, filtered by status, in the paged envelope", async () => {
      const parent = await project();
      const elsewhere = await project();
      await task(elsewhere.id, { name: "Alpha elsewhere" });
      const b = await task(parent.id, { name: "beta", status: "done" });
      const a = await task(parent.id, { name: "Alpha" });
      const c = await task(parent.id, { name: "Gamma" });
      const all = await call<List<Task>>("listTasks", MEMBER, { params: { id: parent.id } });
      expect(all.data.map((t) => t.id)).toEqual([a.id, b.id, c.id]);
      expect(all.meta).toEqual({ total: 3, page: 1, per_page: 50 });
      const done = await call<List<Task>>("listTasks", OWNER, { params: { id: parent.id }, query: { status: "done" } });
      expect(done.data.map((t) => t.id)).toEqual([b.id]);
      const second = await call<List<Task>>("listTasks", OWNER, { params: { id: parent.id }, query: { page: "2", per_page: "2" } });
      expect(second).toEqual({ data: [c], meta: { total: 3, page: 2, per_page: 2 } });
    });

    it("updates only the fields given, and keeps a name unique in its project regardless of case (409)", async () => {
      const parent = await project();
      const first = await task(parent.id, { name: "Review" });
      const second = await task(parent.id, { name: "Deploy", estimate_seconds: 3600 });
      const updated = await call<{ data: Task }>("updateTask", OWNER, {
        params: { id: parent.id, task_id: second.id },
        body: { status: "done", billable: false },
      });
      expect(updated.data).toMatchObject({ name: "Deploy", status: "done", billable: false, estimate_seconds: 3600 });
      await expect(
        call("updateTask", OWNER, { params: { id: parent.id, task_id: second.id }, body: { name: "REVIEW" } }),
      ).rejects.toMatchObject({ code: 409, type: "conflict" });
      await expect(task(parent.id, { name: "review" })).rejects.toMatchObject({ code: 409, type: "conflict", data: { field: "name" } });
      // The same name in another project is fine.
      expect((await task((await project()).id, { name: "Review" })).name).toBe("Review");
      expect((await call<{ data: Task }>("getTask", OWNER, { params: { id: parent.id, task_id: first.id } })).data).toEqual(first);
    });

    it("answers 404 for a task asked for under another project, changing nothing", async () => {
      const owner = await project();
      const other = await project();
      const mine = await task(owner.id);
      for (const [action, input] of [
        ["getTask", {}],
        ["updateTask", { body: { name: "Moved" } }],
        ["removeTask", {}],
      ] as const) {
        await expect(call(action, OWNER, { params: { id: other.id, task_id: mine.id }, ...input })).rejects.toMatchObject({
          code: 404,
          type: "not_found",
        });
      }
      expect((await call<{ data: Task }>("getTask", OWNER, { params: { id: owner.id, task_id: mine.id } })).data).toEqual(mine);
    });

    it("answers 404 to another organization for the project's tasks and for each task", async () => {
      const parent = await project();
      const mine = await task(parent.id);
      await expect(call("listTasks", OTHER_ORG_OWNER, { params: { id: parent.id } })).rejects.toMatchObject({ code: 404 });
      await expect(call("createTask", OTHER_ORG_OWNER, { params: { id: parent.id }, body: { name: "Intruder" } })).rejects.toMatchObject({
        code: 404,
      });
      for (const action of ["getTask", "removeTask"]) {
        await expect(call(action, OTHER_ORG_OWNER, { params: { id: parent.id, task_id: mine.id } })).rejects.toMatchObject({ code: 404 });
      }
      await expect(
        call("updateTask", OTHER_ORG_OWNER, { params: { id: parent.id, task_id: mine.id }, body: { status: "done" } }),
      ).rejects.toMatchObject({ code: 404 });
      const list = await call<List<Task>>("listTasks", OWNER, { params: { id: parent.id } });
      expect(list.data).toEqual([mine]);
    });

    it("refuses a new task in an archived project (400 on project_id), and allows one again once unarchived", async () => {
      const parent = await project();
      await call("archive", OWNER, { params: { id: parent.id } });
      await expect(task(parent.id)).rejects.toMatchObject({
        code: 400,
        type: "invalid_request",
        data: { field: "project_id", reason: "invalid" },
      });
      await call("unarchive", OWNER, { params: { id: parent.id } });
      expect((await task(parent.id)).project_id).toBe(parent.id);
    });

    it("lets a member read tasks but not change them (403)", async () => {
      const parent = await project();
      const existing = await task(parent.id);
      expect((await call<{ data: Task }>("getTask", MEMBER, { params: { id: parent.id, task_id: existing.id } })).data.id).toBe(
        existing.id,
      );
      await expect(task(parent.id, {}, MEMBER)).rejects.toMatchObject({ code: 403, type: "forbidden" });
      await expect(
        call("updateTask", MEMBER, { params: { id: parent.id, task_id: existing.id }, body: { status: "done" } }),
      ).rejects.toMatchObject({ code: 403 });
      await expect(call("removeTask", MEMBER, { params: { id: parent.id, task_id: existing.id } })).rejects.toMatchObject({ code: 403 });
    });

    it("deletes a task, then answers 404 for it", async () => {
      const parent = await project();
      const doomed = await task(parent.id);
      await call("removeTask", OWNER, { params: { id: parent.id, task_id: doomed.id } });
      await expect(call("getTask", OWNER, { params: { id: parent.id, task_id: doomed.id } })).rejects.toMatchObject({ code: 404 });
      await expect(call("removeTask", OWNER, { params: { id: parent.id, task_id: doomed.id } })).rejects.toMatchObject({ code: 404 });
    });

    it("deletes a project's tasks with the project", async () => {
      const parent = await project();
      const kept = await project();
      const gone = await task(parent.id);
      const survivor = await task(kept.id);
      await call("remove", OWNER, { params: { id: parent.id } });
      expect(await lookup({ organizationId: OWNER.organizationId, projectId: kept.id, taskId: gone.id })).toMatchObject({ task: null });
      expect((await lookup({ organizationId: OWNER.organizationId, projectId: kept.id, taskId: survivor.id })).task?.id).toBe(survivor.id);
    });
  });

  describe("lookupForEntry", () => {
    it("answers the project and its task, with ids in Style A whichever prefix was asked", async () => {
      const parent = await project(OWNER, { billable: false });
      const child = await task(parent.id, { billable: true, status: "done" });
      const found = await lookup({ organizationId: OWNER.organizationId, projectId: styleB(parent.id), taskId: child.id });
      expect(found).toEqual({
        project: { id: parent.id, billable: false, archived: false },
        task: { id: child.id, project_id: parent.id, billable: true, status: "done" },
      });
    });

    it("answers task null when no task is asked for, or the task does not exist", async () => {
      const parent = await project();
      const expected = { project: { id: parent.id, billable: true, archived: false }, task: null };
      expect(await lookup({ organizationId: OWNER.organizationId, projectId: parent.id })).toEqual(expected);
      expect(await lookup({ organizationId: OWNER.organizationId, projectId: parent.id, taskId: null })).toEqual(expected);
      expect(await lookup({ organizationId: OWNER.organizationId, projectId: parent.id, taskId: "task_0000000000000000000000" })).toEqual(
        expected,
      );
    });

    it("shows an archived project as archived", async () => {
      const parent = await project();
      await call("archive", OWNER, { params: { id: parent.id } });
      expect((await lookup({ organizationId: OWNER.organizationId, projectId: parent.id })).project).toMatchObject({ archived: true });
    });

    it("answers a task of another project with that project's id, for the caller to refuse", async () => {
      const asked = await project();
      const other = await project();
      const foreign = await task(other.id);
      const found = await lookup({ organizationId: OWNER.organizationId, projectId: asked.id, taskId: foreign.id });
      expect(found.project?.id).toBe(asked.id);
      expect(found.task).toMatchObject({ id: foreign.id, project_id: other.id });
    });

    it("answers null for another organization's project and task", async () => {
      const parent = await project();
      const child = await task(parent.id);
      expect(await lookup({ organizationId: OTHER_ORG_OWNER.organizationId, projectId: parent.id, taskId: child.id })).toEqual({
        project: null,
        task: null,
      });
      const theirs = await project(OTHER_ORG_OWNER);
      expect(await lookup({ organizationId: OTHER_ORG_OWNER.organizationId, projectId: theirs.id, taskId: child.id })).toEqual({
        project: { id: theirs.id, billable: true, archived: false },
        task: null,
      });
    });

    it.each([
      [{ organizationId: "org_x", projectId: "prj_0000000000000000000000" }, "organizationId"],
      [{ organizationId: OWNER.organizationId, projectId: "task_0000000000000000000000" }, "projectId"],
      [{ organizationId: OWNER.organizationId, projectId: "prj_0000000000000000000000", taskId: "prj_0000000000000000000000" }, "taskId"],
      [{ organizationId: OWNER.organizationId }, "projectId"],
    ])("refuses malformed parameters %j, naming %s", async (params, field) => {
      await expect(lookup(params as EntryLookupParams)).rejects.toMatchObject({ code: 400, data: { field } });
    });

    it("is not published to the gateway", () => {
      const action = bed
        .broker()
        .registry.getActionList({})
        .find((a: { name: string }) => a.name === "projects.lookupForEntry") as { action?: { visibility?: string } } | undefined;
      expect(action?.action?.visibility).toBe("public");
    });
  });
});
