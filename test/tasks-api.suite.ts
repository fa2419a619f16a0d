import { joinTeam } from "./support/accounts";
import { aTask } from "./support/builders";
import { registerOwner, type Client } from "./support/http";
import { createProject, createTask } from "./support/resources";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { A, B, type List, type StyleAError, type StyleBError } from "./support/shapes";
import type { Project, Task } from "../services/projects/contract";

const ISO_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

function inStyleB(projectId: string): string {
  return projectId.replace(/^prj_/, "proj_");
}

/** Tasks under projects, end to end over HTTP, in both styles; run once per deployment mode. */
export function describeTasksApi(mode: StintMode): void {
  describeStint(mode, "tasks API", () => {
    const stint = useStint({ mode });
    let api: Client;
    let member: Client;
    let stranger: Client;

    beforeAll(async () => {
      api = (await registerOwner(stint.url)).api;
      member = (await joinTeam(stint.url, api, "member")).api;
      stranger = (await registerOwner(stint.url, "Stranger")).api;
    });

    describe("create and read across styles", () => {
      it("when a task is created with every field, then the answer holds them normalised, with a task_ id and a nested Location", async () => {
        const project = await createProject(api);
        const res = await api.post<{ data: Task }>(`${A}/projects/${project.id}/tasks`, {
          name: "  Wireframes  ",
          status: "done",
          billable: false,
          estimate_seconds: 7200,
        });
        expect(res.status).toBe(201);
        const task = res.body.data;
        expect(task.id).toMatch(/^task_[0-9A-Za-z]{22}$/);
        expect(task).toMatchObject({ project_id: project.id, name: "Wireframes", status: "done", billable: false, estimate_seconds: 7200 });
        expect(task.created_at).toMatch(ISO_SECONDS);
        expect(task.updated_at).toBe(task.created_at);
        expect(res.headers.get("location")).toBe(`${A}/projects/${project.id}/tasks/${task.id}`);
        const followed = await api.get<{ data: Task }>(res.headers.get("location") ?? "");
        expect(followed.body.data).toEqual(task);
      });

      it("when a task made in Style A is read in Style B, then it is the same task under its project's proj_ id", async () => {
        const project = await createProject(api);
        const task = await createTask(api, project.id, { status: "done", billable: false, estimate_seconds: 7200 });
        const inB = await api.get<{ data: Task }>(`${B}/projects/${inStyleB(project.id)}/tasks/${task.id}`);
        expect(inB.status).toBe(200);
        expect(inB.body.data).toEqual({ ...task, project_id: inStyleB(project.id) });
      });

      it("when a task is created in Style B without options, then it takes the defaults and its Location and project_id carry proj_", async () => {
        const project = await createProject(api);
        const res = await api.post<{ data: Task }>(`${B}/projects/${project.id}/tasks`, aTask());
        expect(res.status).toBe(201);
        expect(res.body.data).toMatchObject({ project_id: inStyleB(project.id), status: "active", billable: null, estimate_seconds: null });
        expect(res.headers.get("location")).toBe(`${B}/projects/${inStyleB(project.id)}/tasks/${res.body.data.id}`);
        const inA = await api.get<{ data: Task }>(`/v1/projects/${project.id}/tasks/${res.body.data.id}`);
        expect(inA.status).toBe(200);
        expect(inA.body.data.project_id).toBe(project.id);
      });

      it("when a second task in one project takes an existing name in another case, then it is refused with 409", async () => {
        const project = await createProject(api);
        const first = await createTask(api, project.id);
        const a = await api.post<StyleAError>(`${A}/projects/${project.id}/tasks`, { name: first.name.toUpperCase() });
        expect(a.status).toBe(409);
        expect(a.body.error.code).toBe("conflict");
        const b = await api.post<StyleBError>(`${B}/projects/${project.id}/tasks`, { name: first.name });
        expect(b.status).toBe(409);
        expect(b.body.code).toBe("CONFLICT");
        const second = await createTask(api, project.id);
        const renamed = await api.patch<StyleAError>(`${A}/projects/${project.id}/tasks/${second.id}`, { name: first.name.toLowerCase() });
        expect(renamed.status).toBe(409);
      });

      it("when a task in another project takes an existing name, then it is created", async () => {
        const first = await createTask(api, (await createProject(api)).id);
        expect((await createTask(api, (await createProject(api)).id, { name: first.name })).name).toBe(first.name);
      });

      it("when the project is archived, then a new task is refused with 400 naming project_id", async () => {
        const project = await createProject(api);
        expect((await api.post(`${A}/projects/${project.id}/archive`)).status).toBe(200);
        const a = await api.post<StyleAError>(`${A}/projects/${project.id}/tasks`, aTask());
        expect(a.status).toBe(400);
        expect(a.body.error.details).toMatchObject({ field: "project_id", reason: "invalid" });
        const b = await api.post<StyleBError>(`${B}/projects/${project.id}/tasks`, aTask());
        expect(b.status).toBe(400);
        expect(b.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "project_id", reason: "invalid" } });
        const list = await api.get<List<Task>>(`${A}/projects/${project.id}/tasks`);
        expect(list.body.meta.total).toBe(0);
      });
    });

    describe("validation", () => {
      let project: Project;

      beforeAll(async () => {
        project = await createProject(api);
      });

      it("when the name is missing, then both styles answer 400 naming it as required", async () => {
        const a = await api.post<StyleAError>(`${A}/projects/${project.id}/tasks`, { status: "active" });
        expect(a.status).toBe(400);
        expect(a.body.error.code).toBe("invalid_request");
        expect(a.body.error.details).toMatchObject({ field: "name", reason: "required" });
        const b = await api.post<StyleBError>(`${B}/projects/${project.id}/tasks`, {});
        expect(b.status).toBe(400);
        expect(b.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "name", reason: "required" } });
      });

      it.each([
        [{ name: 42 }, "name", "invalid"],
        [{ name: "   " }, "name", "invalid"],
        [{ name: "x".repeat(201) }, "name", "too_long"],
        [{ status: "paused" }, "status", "invalid"],
        [{ billable: "yes" }, "billable", "invalid"],
        [{ estimate_seconds: -1 }, "estimate_seconds", "out_of_range"],
        [{ estimate_seconds: 1.5 }, "estimate_seconds", "invalid"],
        [{ estimate_seconds: "3600" }, "estimate_seconds", "invalid"],
        [{ project_id: "prj_0000000000000000000001" }, "project_id", "unknown"],
        [{ organization_id: "org_0000000000000000000001" }, "organization_id", "unknown"],
      ])("when a task has %j, then the 400 names %s as %s", async (change, field, reason) => {
        const res = await api.post<StyleAError>(`${A}/projects/${project.id}/tasks`, { ...aTask(), ...change });
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field, reason });
      });

      it("when an update is invalid, then the task stays as it was", async () => {
        const task = await createTask(api, project.id);
        const path = `${A}/projects/${project.id}/tasks/${task.id}`;
        const unknown = await api.patch<StyleAError>(path, { status: "done", id: "task_0000000000000000000001" });
        expect(unknown.status).toBe(400);
        expect(unknown.body.error.details).toMatchObject({ field: "id", reason: "unknown" });
        expect((await api.patch<StyleAError>(path, {})).status).toBe(400);
        expect((await api.patch<StyleAError>(path, { status: "done", name: "" })).status).toBe(400);
        expect((await api.get<{ data: Task }>(path)).body.data).toEqual(task);
      });

      it.each([
        ["status=paused", "status", "invalid"],
        ["per_page=201", "per_page", "out_of_range"],
        ["archived=true", "archived", "unknown"],
      ])("when the list is asked with ?%s, then the 400 names %s as %s", async (query, field, reason) => {
        const res = await api.get<StyleAError>(`${A}/projects/${project.id}/tasks?${query}`);
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field, reason });
      });

      it.each(["task_short", "prj_0000000000000000000000", "nothing"])(
        "when the task id is the malformed %s, then the answer is 404",
        async (id) => {
          const res = await api.get<StyleAError>(`${A}/projects/${project.id}/tasks/${id}`);
          expect(res.status).toBe(404);
          expect(res.body.error.code).toBe("not_found");
        },
      );

      it("when the project id is malformed or unknown, then its task routes answer 404", async () => {
        for (const path of [`${A}/projects/task_0000000000000000000000/tasks`, `${A}/projects/prj_0000000000000000000000/tasks`]) {
          expect((await api.get(path)).status).toBe(404);
          expect((await api.post(path, aTask())).status).toBe(404);
        }
      });
    });

    describe("list, update and delete", () => {
      it("when a project's tasks are listed, then only its own come, by name, paged and filtered by status", async () => {
        const project = await createProject(api);
        const other = await createProject(api);
        await createTask(api, other.id, { name: "Also here" });
        const c = await createTask(api, project.id, { name: "charlie" });
        const a = await createTask(api, project.id, { name: "Alpha", status: "done" });
        const b = await createTask(api, project.id, { name: "Bravo" });
        const all = await api.get<List<Task>>(`${A}/projects/${project.id}/tasks`);
        expect(all.status).toBe(200);
        expect(all.body).toEqual({ data: [a, b, c], meta: { total: 3, page: 1, per_page: 50 } });
        const page = await api.get<List<Task>>(`${B}/projects/${inStyleB(project.id)}/tasks?page=2&per_page=2`);
        expect(page.body.meta).toEqual({ total: 3, page: 2, per_page: 2 });
        expect(page.body.data.map((t) => t.id)).toEqual([c.id]);
        expect(page.body.data[0]?.project_id).toBe(inStyleB(project.id));
        const active = await api.get<List<Task>>(`${A}/projects/${project.id}/tasks?status=active`);
        expect(active.body.data.map((t) => t.id)).toEqual([b.id, c.id]);
      });

      it("when a task is patched, then only the fields given change, null clearing one", async () => {
        const project = await createProject(api);
        const task = await createTask(api, project.id, { estimate_seconds: 600 });
        const patched = await api.patch<{ data: Task }>(`${B}/projects/${inStyleB(project.id)}/tasks/${task.id}`, {
          status: "done",
          billable: true,
        });
        expect(patched.status).toBe(200);
        expect(patched.body.data).toMatchObject({
          id: task.id,
          name: task.name,
          status: "done",
          billable: true,
          estimate_seconds: 600,
          project_id: inStyleB(project.id),
        });
        const cleared = await api.patch<{ data: Task }>(`${A}/projects/${project.id}/tasks/${task.id}`, {
          billable: null,
          estimate_seconds: null,
        });
        expect(cleared.body.data).toMatchObject({ status: "done", billable: null, estimate_seconds: null });
      });

      it("when a task is deleted (204), then it is 404 in both styles", async () => {
        const project = await createProject(api);
        const task = await createTask(api, project.id);
        const deleted = await api.delete(`${B}/projects/${project.id}/tasks/${task.id}`);
        expect(deleted.status).toBe(204);
        expect(deleted.text).toBe("");
        const a = await api.get<StyleAError>(`${A}/projects/${project.id}/tasks/${task.id}`);
        expect(a.status).toBe(404);
        expect(a.body.error.code).toBe("not_found");
        const b = await api.get<StyleBError>(`${B}/projects/${project.id}/tasks/${task.id}`);
        expect(b.body.code).toBe("NOT_FOUND");
        expect((await api.delete(`${A}/projects/${project.id}/tasks/${task.id}`)).status).toBe(404);
      });

      it("when a project is deleted, then its tasks go with it", async () => {
        const project = await createProject(api);
        const task = await createTask(api, project.id);
        expect((await api.delete(`${A}/projects/${project.id}`)).status).toBe(204);
        expect((await api.get(`${A}/projects/${project.id}/tasks/${task.id}`)).status).toBe(404);
        expect((await api.get(`${A}/projects/${project.id}/tasks`)).status).toBe(404);
      });
    });

    describe("access", () => {
      it("when a task is named under another project, then every route answers 404 and the task is untouched", async () => {
        const project = await createProject(api);
        const other = await createProject(api);
        const task = await createTask(api, project.id);
        const wrong = `${A}/projects/${other.id}/tasks/${task.id}`;
        expect((await api.get(wrong)).status).toBe(404);
        expect((await api.patch(wrong, { name: "Hijacked" })).status).toBe(404);
        expect((await api.delete(wrong)).status).toBe(404);
        expect((await api.get<{ data: Task }>(`${A}/projects/${project.id}/tasks/${task.id}`)).body.data).toEqual(task);
      });

      it("when another organization names a task, then every route answers 404 and the task is untouched", async () => {
        const project = await createProject(api);
        const task = await createTask(api, project.id);
        const list = `${A}/projects/${project.id}/tasks`;
        const one = `${list}/${task.id}`;
        expect((await stranger.get(list)).status).toBe(404);
        expect((await stranger.post(list, aTask())).status).toBe(404);
        expect((await stranger.get(one)).status).toBe(404);
        expect((await stranger.patch(one, { name: "Stolen" })).status).toBe(404);
        const b = await stranger.delete<StyleBError>(`${B}/projects/${project.id}/tasks/${task.id}`);
        expect(b.status).toBe(404);
        expect(b.body.code).toBe("NOT_FOUND");
        expect((await api.get<List<Task>>(list)).body.data).toEqual([task]);
      });

      it("when a member reads tasks, then they may, but every write is refused with 403", async () => {
        const project = await createProject(api);
        const task = await createTask(api, project.id);
        const list = `${A}/projects/${project.id}/tasks`;
        expect((await member.get<List<Task>>(list)).body.data).toEqual([task]);
        expect((await member.get(`${B}/projects/${project.id}/tasks/${task.id}`)).status).toBe(200);
        const created = await member.post<StyleAError>(list, aTask());
        expect(created.status).toBe(403);
        expect(created.body.error.code).toBe("forbidden");
        expect((await member.patch(`${list}/${task.id}`, { status: "done" })).status).toBe(403);
        const removed = await member.delete<StyleBError>(`${B}/projects/${project.id}/tasks/${task.id}`);
        expect(removed.status).toBe(403);
        expect(removed.body.code).toBe("FORBIDDEN");
        expect((await api.get<{ data: Task }>(`${list}/${task.id}`)).body.data).toEqual(task);
      });
    });
  });
}
