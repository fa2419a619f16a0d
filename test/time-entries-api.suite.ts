import { joinTeam } from "./support/accounts";
import { aTimeEntry } from "./support/builders";
import { registerOwner, type Client } from "./support/http";
import { createProject, createTask, createTimeEntry } from "./support/resources";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { A, B, projectIdIn, type List, type StyleAError, type StyleBError } from "./support/shapes";
import type { TimeEntry } from "../services/time-entries/contract";

/** Time entries and timers, end to end over HTTP, in both styles; run once per deployment mode. */
export function describeTimeEntriesApi(mode: StintMode): void {
  describeStint(mode, "time entries API", () => {
    const stint = useStint({ mode });

    /** A fresh organization per test: every test has its own rate-limit budget and data. */
    async function team(): Promise<{ owner: Client; ownerId: string; projectId: string }> {
      const { account, api } = await registerOwner(stint.url);
      const project = await createProject(api, { billable: true });
      return { owner: api, ownerId: account.user.id, projectId: project.id };
    }

    /** An entry from `start` to `end`, with `extra` fields (the wrong ones too). */
    function entryAt(projectId: string, start: string, end: string, extra: Record<string, unknown> = {}) {
      return { ...aTimeEntry(projectId, { start_time: start, end_time: end }), ...extra };
    }

    describe("entries by hand", () => {
      it("when an entry is created, then its times are answered in UTC to the second, with its duration", async () => {
        const { owner, ownerId, projectId } = await team();
        const res = await owner.post<{ data: TimeEntry }>(`${A}/time-entries`, {
          project_id: projectId,
          start_time: "2026-03-02T10:30:00.750+01:00",
          end_time: "2026-03-02T11:15:30Z",
          description: "Planning",
        });
        expect(res.status).toBe(201);
        const entry = res.body.data;
        expect(entry).toEqual({
          id: expect.stringMatching(/^te_[0-9A-Za-z]{22}$/),
          user_id: ownerId,
          project_id: projectId,
          task_id: null,
          description: "Planning",
          start_time: "2026-03-02T09:30:00Z",
          end_time: "2026-03-02T11:15:30Z",
          duration: 6330,
          billable: true,
          tags: [],
          is_running: false,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        });
        expect(res.headers.get("location")).toBe(`${A}/time-entries/${entry.id}`);
      });

      it("when an entry made in Style A is read in Style B, then it is the same entry with its project's proj_ id", async () => {
        const { owner, projectId } = await team();
        const entry = await createTimeEntry(owner, projectId, { description: "Planning" });
        const inB = await owner.get<{ data: TimeEntry }>(`${B}/time-entries/${entry.id}`);
        expect(inB.status).toBe(200);
        expect(inB.body.data).toEqual({ ...entry, project_id: projectIdIn("B", projectId) });
      });

      it("when an entry names its project by the Style B id, then it is taken and answered in Style B", async () => {
        const { owner, projectId } = await team();
        const res = await owner.post<{ data: TimeEntry }>(
          `${B}/time-entries`,
          entryAt(projectIdIn("B", projectId), "2026-03-03T08:00:00Z", "2026-03-03T09:00:00Z"),
        );
        expect(res.status).toBe(201);
        expect(res.body.data.project_id).toBe(projectIdIn("B", projectId));
      });

      it("when an entry says whether it is billable, then that wins over its project's", async () => {
        const { owner, projectId } = await team();
        const res = await owner.post<{ data: TimeEntry }>(
          `${A}/time-entries`,
          entryAt(projectId, "2026-03-03T08:00:00Z", "2026-03-03T09:00:00Z", { billable: false }),
        );
        expect(res.status).toBe(201);
        expect(res.body.data.billable).toBe(false);
      });

      it("when an entry is invalid, then the 400 names the bad field in each style and nothing is stored", async () => {
        const { owner, projectId } = await team();
        const missing = await owner.post<StyleAError>(`${A}/time-entries`, {
          start_time: "2026-03-02T10:00:00Z",
          end_time: "2026-03-02T11:00:00Z",
        });
        expect(missing.status).toBe(400);
        expect(missing.body.error).toMatchObject({ code: "invalid_request", details: { field: "project_id", reason: "required" } });
        const missingB = await owner.post<StyleBError>(`${B}/time-entries`, {
          start_time: "2026-03-02T10:00:00Z",
          end_time: "2026-03-02T11:00:00Z",
        });
        expect(missingB.status).toBe(400);
        expect(missingB.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "project_id", reason: "required" } });

        const cases: [Record<string, unknown>, string, string][] = [
          [entryAt(projectId, "2026-03-02T10:00:00Z", "2026-03-02T09:00:00Z"), "end_time", "invalid"],
          [entryAt(projectId, "2026-03-02T10:00:00Z", "2026-03-02T10:00:00Z"), "end_time", "invalid"],
          [entryAt(projectId, "2026-03-02T10:00:00Z", "2026-03-03T10:00:01Z"), "end_time", "out_of_range"],
          [entryAt(projectId, "2026-02-30T10:00:00Z", "2026-03-02T11:00:00Z"), "start_time", "invalid"],
          [entryAt(projectId, "yesterday", "2026-03-02T11:00:00Z"), "start_time", "invalid"],
          [entryAt(projectId, "2026-03-02T10:00:00", "2026-03-02T11:00:00Z"), "start_time", "invalid"],
          [entryAt(projectId, "1960-03-02T10:00:00Z", "1960-03-02T11:00:00Z"), "start_time", "out_of_range"],
          [entryAt("prj_short", "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z"), "project_id", "invalid"],
          [entryAt(`prj_${"Z".repeat(22)}`, "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z"), "project_id", "invalid"],
          [entryAt(projectId, "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z", { task_id: `task_${"Z".repeat(22)}` }), "task_id", "invalid"],
          [entryAt(projectId, "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z", { billable: "yes" }), "billable", "invalid"],
          [entryAt(projectId, "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z", { duration: 5 }), "duration", "unknown"],
          [entryAt(projectId, "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z", { organization_id: "org_x" }), "organization_id", "unknown"],
        ];
        for (const [body, field, reason] of cases) {
          const res = await owner.post<StyleAError>(`${A}/time-entries`, body);
          expect({ body, status: res.status, details: res.body.error?.details }).toMatchObject({
            body,
            status: 400,
            details: { field, reason },
          });
        }
        const list = await owner.get<List<TimeEntry>>(`${A}/time-entries`);
        expect(list.body.meta.total).toBe(0);
      });

      it("when the project is archived, then new time on it is refused with 400 naming project_id, by hand and by timer", async () => {
        const { owner, projectId } = await team();
        expect((await owner.post(`${A}/projects/${projectId}/archive`)).status).toBe(200);
        const byHand = await owner.post<StyleAError>(
          `${A}/time-entries`,
          entryAt(projectId, "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z"),
        );
        expect(byHand.status).toBe(400);
        expect(byHand.body.error.details).toMatchObject({ field: "project_id", reason: "invalid" });
        expect(byHand.body.error.message).toMatch(/archived/);
        const byTimer = await owner.post<StyleBError>(`${B}/time-entries/start`, { project_id: projectId });
        expect(byTimer.status).toBe(400);
        expect(byTimer.body.details).toMatchObject({ field: "project_id" });
        expect((await owner.get<{ data: null }>(`${A}/time-entries/current`)).body.data).toBeNull();
      });

      it("when an entry's project is archived, then the entry may still be edited, its project resent unchanged", async () => {
        const { owner, projectId } = await team();
        const entry = (
          await owner.post<{ data: TimeEntry }>(`${A}/time-entries`, entryAt(projectId, "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z"))
        ).body.data;
        expect((await owner.post(`${A}/projects/${projectId}/archive`)).status).toBe(200);

        const resent = await owner.put<{ data: TimeEntry }>(`${A}/time-entries/${entry.id}`, {
          project_id: projectId,
          description: "kept",
        });
        expect(resent.status).toBe(200);
        expect(resent.body.data).toMatchObject({ project_id: projectId, description: "kept" });
        const inStyleB = await owner.put<{ data: TimeEntry }>(`${B}/time-entries/${entry.id}`, {
          project_id: projectId.replace(/^prj_/, "proj_"),
          task_id: null,
        });
        expect(inStyleB.status).toBe(200);
      });

      it("when an entry is moved onto an archived project, then the move is refused with 400 naming project_id", async () => {
        const { owner, projectId } = await team();
        const other = (await createProject(owner)).id;
        const elsewhere = (
          await owner.post<{ data: TimeEntry }>(`${A}/time-entries`, entryAt(other, "2026-03-03T10:00:00Z", "2026-03-03T11:00:00Z"))
        ).body.data;
        expect((await owner.post(`${A}/projects/${projectId}/archive`)).status).toBe(200);
        const moved = await owner.put<StyleAError>(`${A}/time-entries/${elsewhere.id}`, { project_id: projectId });
        expect(moved.status).toBe(400);
        expect(moved.body.error.details).toMatchObject({ field: "project_id", reason: "invalid" });
        expect((await owner.get<{ data: TimeEntry }>(`${A}/time-entries/${elsewhere.id}`)).body.data.project_id).toBe(other);
      });

      it("when an entry has a task, then the task's billable wins over the project's and the task filter finds it", async () => {
        const { owner, projectId } = await team();
        const task = await createTask(owner, projectId, { billable: false });
        const withTask = await owner.post<{ data: TimeEntry }>(
          `${A}/time-entries`,
          entryAt(projectId, "2026-03-08T09:00:00Z", "2026-03-08T10:00:00Z", { task_id: task.id }),
        );
        expect(withTask.status).toBe(201);
        expect(withTask.body.data).toMatchObject({ task_id: task.id, billable: false });
        const filtered = await owner.get<List<TimeEntry>>(`${A}/time-entries?task_id=${task.id}`);
        expect(filtered.body.data.map((e) => e.id)).toEqual([withTask.body.data.id]);
      });

      it("when an entry's task belongs to another project, then it is refused naming task_id, by hand, by timer and on a move", async () => {
        const { owner, projectId } = await team();
        const otherProject = (await createProject(owner)).id;
        const task = await createTask(owner, projectId);
        const foreignTask = await createTask(owner, otherProject);
        const withTask = await owner.post<{ data: TimeEntry }>(
          `${A}/time-entries`,
          entryAt(projectId, "2026-03-08T09:00:00Z", "2026-03-08T10:00:00Z", { task_id: task.id }),
        );
        const wrong = await owner.post<StyleAError>(
          `${A}/time-entries`,
          entryAt(projectId, "2026-03-08T09:00:00Z", "2026-03-08T10:00:00Z", { task_id: foreignTask.id }),
        );
        expect(wrong.status).toBe(400);
        expect(wrong.body.error.details).toMatchObject({ field: "task_id", reason: "invalid" });
        const timer = await owner.post<StyleBError>(`${B}/time-entries/start`, { project_id: projectId, task_id: foreignTask.id });
        expect(timer.status).toBe(400);
        expect(timer.body.details).toMatchObject({ field: "task_id" });
        const moved = await owner.put<StyleAError>(`${A}/time-entries/${withTask.body.data.id}`, { project_id: otherProject });
        expect(moved.body.error.details).toMatchObject({ field: "task_id", reason: "invalid" });
      });

      it("when a project or task has time entries, then deleting it is refused with 409 until they are gone", async () => {
        const { owner, projectId } = await team();
        const task = (await owner.post<{ data: { id: string } }>(`${A}/projects/${projectId}/tasks`, { name: "Build" })).body.data;
        const entry = (
          await owner.post<{ data: TimeEntry }>(
            `${A}/time-entries`,
            entryAt(projectId, "2026-03-09T09:00:00Z", "2026-03-09T10:00:00Z", { task_id: task.id }),
          )
        ).body.data;
        const project = await owner.delete<StyleAError>(`${A}/projects/${projectId}`);
        expect(project.status).toBe(409);
        expect(project.body.error.code).toBe("conflict");
        expect(project.body.error.message).toMatch(/archive/);
        const taskRes = await owner.delete<StyleBError>(`${B}/projects/${projectId}/tasks/${task.id}`);
        expect(taskRes.status).toBe(409);
        expect(taskRes.body.code).toBe("CONFLICT");
        expect((await owner.get(`${A}/projects/${projectId}`)).status).toBe(200);

        expect((await owner.delete(`${A}/time-entries/${entry.id}`)).status).toBe(204);
        expect((await owner.delete(`${A}/projects/${projectId}/tasks/${task.id}`)).status).toBe(204);
        expect((await owner.delete(`${A}/projects/${projectId}`)).status).toBe(204);
      });

      it("when an entry is updated with PUT, then the fields given change and the duration follows", async () => {
        const { owner, projectId } = await team();
        const created = (
          await owner.post<{ data: TimeEntry }>(`${A}/time-entries`, entryAt(projectId, "2026-03-04T09:00:00Z", "2026-03-04T10:00:00Z"))
        ).body.data;
        const updated = await owner.put<{ data: TimeEntry }>(`${B}/time-entries/${created.id}`, {
          description: "Edited",
          end_time: "2026-03-04T12:00:00Z",
        });
        expect(updated.status).toBe(200);
        expect(updated.body.data).toMatchObject({ description: "Edited", end_time: "2026-03-04T12:00:00Z", duration: 3 * 3600 });
      });

      it("when an update is invalid, its span judged with the stored times, then it is refused with 400 and the entry stays as it was", async () => {
        const { owner, projectId } = await team();
        const created = (
          await owner.post<{ data: TimeEntry }>(`${A}/time-entries`, entryAt(projectId, "2026-03-04T09:00:00Z", "2026-03-04T12:00:00Z"))
        ).body.data;
        const tooLong = await owner.put<StyleAError>(`${A}/time-entries/${created.id}`, { start_time: "2026-03-03T11:00:00Z" });
        expect(tooLong.status).toBe(400);
        expect(tooLong.body.error.details).toMatchObject({ field: "start_time", reason: "out_of_range" });
        const backwards = await owner.put<StyleAError>(`${A}/time-entries/${created.id}`, { end_time: "2026-03-04T08:00:00Z" });
        expect(backwards.body.error.details).toMatchObject({ field: "end_time", reason: "invalid" });
        for (const body of [{}, { is_running: true }, { user_id: "nobody" }, { description: 7 }]) {
          expect((await owner.put(`${A}/time-entries/${created.id}`, body)).status).toBe(400);
        }
        const after = await owner.get<{ data: TimeEntry }>(`${A}/time-entries/${created.id}`);
        expect(after.body.data).toEqual(created);
      });

      it("when an entry is deleted (204), then it is 404 in both styles", async () => {
        const { owner, projectId } = await team();
        const created = (
          await owner.post<{ data: TimeEntry }>(`${A}/time-entries`, entryAt(projectId, "2026-03-05T09:00:00Z", "2026-03-05T10:00:00Z"))
        ).body.data;
        const removed = await owner.delete(`${B}/time-entries/${created.id}`);
        expect(removed.status).toBe(204);
        expect((await owner.get<StyleAError>(`${A}/time-entries/${created.id}`)).body.error.code).toBe("not_found");
        expect((await owner.get<StyleBError>(`${B}/time-entries/${created.id}`)).body.code).toBe("NOT_FOUND");
        expect((await owner.delete(`${A}/time-entries/${created.id}`)).status).toBe(404);
        expect((await owner.get(`${A}/time-entries/te_bad`)).status).toBe(404);
      });
    });

    describe("lists", () => {
      describe("six entries over two projects, from 31 March to 1 May", () => {
        let owner: Client;
        let projectId: string;
        let other: string;

        beforeAll(async () => {
          ({ owner, projectId } = await team());
          other = (await createProject(owner, { billable: false })).id;
          const starts = [
            "2026-04-01T00:00:00Z",
            "2026-04-15T12:00:00Z",
            "2026-04-30T23:30:00Z",
            "2026-05-01T00:00:00Z",
            "2026-03-31T23:59:59Z",
          ];
          for (const startTime of starts) {
            const end = new Date(Date.parse(startTime) + 1800_000).toISOString();
            expect((await owner.post(`${A}/time-entries`, entryAt(projectId, startTime, end))).status).toBe(201);
          }
          expect((await owner.post(`${A}/time-entries`, entryAt(other, "2026-04-10T09:00:00Z", "2026-04-10T10:00:00Z"))).status).toBe(201);
        });

        it("when entries are listed between two dates, then both days count whole, in UTC, newest start first", async () => {
          const april = await owner.get<List<TimeEntry>>(`${A}/time-entries?start_date=2026-04-01&end_date=2026-04-30`);
          expect(april.status).toBe(200);
          expect(april.body.meta).toEqual({ total: 4, page: 1, per_page: 50 });
          expect(april.body.data.map((e) => e.start_time)).toEqual([
            "2026-04-30T23:30:00Z",
            "2026-04-15T12:00:00Z",
            "2026-04-10T09:00:00Z",
            "2026-04-01T00:00:00Z",
          ]);
        });

        it("when entries are filtered by a project's Style B id, then only its entries come", async () => {
          const mine = await owner.get<List<TimeEntry>>(
            `${B}/time-entries?project_id=${projectIdIn("B", projectId)}&start_date=2026-04-01&end_date=2026-04-30`,
          );
          expect(mine.body.meta.total).toBe(3);
          expect(mine.body.data.every((e) => e.project_id === projectIdIn("B", projectId))).toBe(true);
        });

        it("when entries are filtered by billable=false, then only those of the project that is not billable come", async () => {
          const notBillable = await owner.get<List<TimeEntry>>(`${A}/time-entries?billable=false`);
          expect(notBillable.body.data.map((e) => e.project_id)).toEqual([other]);
        });

        it("when entries are paged, then each page holds its share in order, and a page past the end is empty", async () => {
          const page2 = await owner.get<List<TimeEntry>>(`${A}/time-entries?per_page=2&page=2`);
          expect(page2.body.meta).toEqual({ total: 6, page: 2, per_page: 2 });
          expect(page2.body.data.map((e) => e.start_time)).toEqual(["2026-04-15T12:00:00Z", "2026-04-10T09:00:00Z"]);
          const past = await owner.get<List<TimeEntry>>(`${A}/time-entries?page=9`);
          expect(past.body).toEqual({ data: [], meta: { total: 6, page: 9, per_page: 50 } });
        });

        it.each([
          ["per_page=201", "per_page"],
          ["page=0", "page"],
          ["start_date=2026-13-01", "start_date"],
          ["start_date=2026-04-10&end_date=2026-04-01", "end_date"],
          ["billable=maybe", "billable"],
          ["user_id=usr_1", "user_id"],
          ["colour=red", "colour"],
        ])("when the list is asked with ?%s, then the 400 names %s", async (query, field) => {
          const res = await owner.get<StyleAError>(`${A}/time-entries?${query}`);
          expect({ query, status: res.status, field: res.body.error.details.field }).toEqual({ query, status: 400, field });
        });
      });

      it("when entries start at the same time, then they are listed by id, descending", async () => {
        const { owner, projectId } = await team();
        for (let i = 0; i < 3; i++)
          await owner.post(`${A}/time-entries`, entryAt(projectId, "2026-06-01T09:00:00Z", "2026-06-01T10:00:00Z"));
        const ids = (await owner.get<List<TimeEntry>>(`${A}/time-entries`)).body.data.map((e) => e.id);
        expect(ids).toEqual([...ids].sort().reverse());
      });
    });

    describe("timers", () => {
      it("when a timer is started, then its entry runs and is current until the timer is stopped", async () => {
        const { owner, projectId } = await team();
        expect((await owner.get<{ data: null }>(`${B}/time-entries/current`)).body).toEqual({ data: null });
        const started = await owner.post<{ data: TimeEntry }>(`${B}/time-entries/start`, {
          project_id: projectIdIn("B", projectId),
          description: "Deep work",
        });
        expect(started.status).toBe(201);
        expect(started.body.data).toMatchObject({
          is_running: true,
          end_time: null,
          description: "Deep work",
          billable: true,
          project_id: projectIdIn("B", projectId),
        });
        expect(started.body.data.duration).toBeGreaterThanOrEqual(0);

        const current = await owner.get<{ data: TimeEntry }>(`${A}/time-entries/current`);
        expect(current.body.data).toMatchObject({ id: started.body.data.id, is_running: true, project_id: projectId });

        const stopped = await owner.post<{ data: TimeEntry }>(`${A}/time-entries/stop`);
        expect(stopped.status).toBe(200);
        expect(stopped.body.data).toMatchObject({ id: started.body.data.id, is_running: false });
        expect(stopped.body.data.end_time).not.toBeNull();
        expect(stopped.body.data.duration).toBe(
          (Date.parse(stopped.body.data.end_time as string) - Date.parse(stopped.body.data.start_time)) / 1000,
        );
        expect((await owner.get<{ data: null }>(`${A}/time-entries/current`)).body.data).toBeNull();
      });

      it("when no timer runs, then stopping answers 404 in both styles", async () => {
        const { owner } = await team();
        const again = await owner.post<StyleAError>(`${A}/time-entries/stop`);
        expect(again.status).toBe(404);
        expect(again.body.error.code).toBe("not_found");
        expect(again.body.error.message).toMatch(/no timer is running/i);
        const againB = await owner.post<StyleBError>(`${B}/time-entries/stop`);
        expect(againB.body.code).toBe("NOT_FOUND");
        expect((await owner.get<{ data: null }>(`${A}/time-entries/current`)).body.data).toBeNull();
      });

      it("when a timer starts while another runs, then the first stops where the new one begins", async () => {
        const { owner, projectId } = await team();
        const first = (await owner.post<{ data: TimeEntry }>(`${A}/time-entries/start`, { project_id: projectId })).body.data;
        const second = (await owner.post<{ data: TimeEntry }>(`${A}/time-entries/start`, { project_id: projectId, description: "next" }))
          .body.data;
        const firstNow = (await owner.get<{ data: TimeEntry }>(`${A}/time-entries/${first.id}`)).body.data;
        expect(firstNow.is_running).toBe(false);
        expect(firstNow.end_time).toBe(second.start_time);
        expect((await owner.get<{ data: TimeEntry }>(`${A}/time-entries/current`)).body.data.id).toBe(second.id);
      });

      it("when a timer's start body is invalid, then the 400 names the field", async () => {
        const { owner, projectId } = await team();
        const missing = await owner.post<StyleAError>(`${A}/time-entries/start`, { description: "no project" });
        expect(missing.body.error.details).toMatchObject({ field: "project_id", reason: "required" });
        const unknown = await owner.post<StyleAError>(`${A}/time-entries/start`, {
          project_id: projectId,
          start_time: "2026-01-01T00:00:00Z",
        });
        expect(unknown.body.error.details).toMatchObject({ field: "start_time", reason: "unknown" });
      });

      it("when a running entry is given an end_time, then it is refused with 400 and keeps running", async () => {
        const { owner, projectId } = await team();
        const running = (await owner.post<{ data: TimeEntry }>(`${A}/time-entries/start`, { project_id: projectId })).body.data;
        const ended = await owner.put<StyleAError>(`${A}/time-entries/${running.id}`, { end_time: "2099-01-01T00:00:00Z" });
        expect(ended.status).toBe(400);
        expect(ended.body.error.details.field).toBe("end_time");
        expect((await owner.get<{ data: TimeEntry }>(`${A}/time-entries/current`)).body.data.id).toBe(running.id);
      });

      it("when the running entry is deleted, then no timer runs and a new one may start", async () => {
        const { owner, projectId } = await team();
        const running = (await owner.post<{ data: TimeEntry }>(`${A}/time-entries/start`, { project_id: projectId })).body.data;
        expect((await owner.delete(`${A}/time-entries/${running.id}`)).status).toBe(204);
        expect((await owner.get<{ data: null }>(`${A}/time-entries/current`)).body.data).toBeNull();
        expect((await owner.post(`${A}/time-entries/stop`)).status).toBe(404);
        expect((await owner.post(`${A}/time-entries/start`, { project_id: projectId })).status).toBe(201);
      });

      it("when starts arrive at once, then exactly one timer runs and the others are stopped, chained without overlap, none lost", async () => {
        const { owner, projectId } = await team();
        const attempts = 24;
        const results = await Promise.all(
          Array.from({ length: attempts }, (_, i) =>
            owner.post<{ data: TimeEntry }>(`${A}/time-entries/start`, { project_id: projectId, description: `start ${i}` }),
          ),
        );
        expect(results.map((r) => r.status)).toEqual(Array(attempts).fill(201));
        const list = await owner.get<List<TimeEntry>>(`${A}/time-entries?per_page=200`);
        expect(list.body.meta.total).toBe(attempts);
        expect(new Set(list.body.data.map((e) => e.description))).toEqual(new Set(results.map((r) => r.body.data.description)));
        const running = list.body.data.filter((e) => e.is_running);
        expect(running).toHaveLength(1);
        const ordered = [...list.body.data].sort((a, b) => (a.start_time === b.start_time ? 0 : a.start_time < b.start_time ? -1 : 1));
        const byEnd = ordered.filter((e) => !e.is_running);
        for (const entry of byEnd) expect(entry.end_time! >= entry.start_time).toBe(true);
        // Chained, not overlapping: each entry ends exactly where some other one starts.
        const starts = new Set(list.body.data.map((e) => e.start_time));
        for (const entry of byEnd) expect(starts.has(entry.end_time as string)).toBe(true);
        const intervals = byEnd
          .map((e) => [Date.parse(e.start_time), Date.parse(e.end_time as string)] as const)
          .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
        for (let i = 1; i < intervals.length; i++) expect(intervals[i]![0]).toBeGreaterThanOrEqual(intervals[i - 1]![1]);
        expect((await owner.get<{ data: TimeEntry }>(`${A}/time-entries/current`)).body.data.id).toBe(running[0]!.id);
      }, 60_000);
    });

    describe("who sees what", () => {
      it("when a member reaches the owner's entries, then they are hidden (404) or refused (403), while the member's own stay theirs to change", async () => {
        const { owner, ownerId, projectId } = await team();
        const member = await joinTeam(stint.url, owner, "member");
        const ownersEntry = (
          await owner.post<{ data: TimeEntry }>(`${A}/time-entries`, entryAt(projectId, "2026-03-06T09:00:00Z", "2026-03-06T10:00:00Z"))
        ).body.data;
        const forMember = await owner.post<{ data: TimeEntry }>(
          `${A}/time-entries`,
          entryAt(projectId, "2026-03-06T11:00:00Z", "2026-03-06T12:00:00Z", { user_id: member.account.user.id }),
        );
        expect(forMember.status).toBe(201);
        expect(forMember.body.data.user_id).toBe(member.account.user.id);

        const memberList = await member.api.get<List<TimeEntry>>(`${A}/time-entries`);
        expect(memberList.body.data.map((e) => e.id)).toEqual([forMember.body.data.id]);
        expect((await member.api.get(`${A}/time-entries?user_id=${ownerId}`)).status).toBe(403);
        expect((await member.api.get(`${A}/time-entries/${ownersEntry.id}`)).status).toBe(404);
        expect((await member.api.put(`${A}/time-entries/${ownersEntry.id}`, { description: "mine now" })).status).toBe(404);
        expect((await member.api.delete(`${A}/time-entries/${ownersEntry.id}`)).status).toBe(404);
        expect(
          (
            await member.api.post(
              `${A}/time-entries`,
              entryAt(projectId, "2026-03-06T13:00:00Z", "2026-03-06T14:00:00Z", { user_id: ownerId }),
            )
          ).status,
        ).toBe(403);
        expect((await member.api.put(`${A}/time-entries/${forMember.body.data.id}`, { description: "my own" })).status).toBe(200);

        expect((await owner.get<{ data: TimeEntry }>(`${A}/time-entries/${ownersEntry.id}`)).body.data.description).toBe("");
      }, 30_000);

      it("when an owner records time for a member, then the entry is the member's", async () => {
        const { owner, projectId } = await team();
        const member = await joinTeam(stint.url, owner, "member");
        const forMember = await owner.post<{ data: TimeEntry }>(
          `${A}/time-entries`,
          entryAt(projectId, "2026-03-06T11:00:00Z", "2026-03-06T12:00:00Z", { user_id: member.account.user.id }),
        );
        expect(forMember.status).toBe(201);
        expect(forMember.body.data.user_id).toBe(member.account.user.id);
        const ownerList = await owner.get<List<TimeEntry>>(`${A}/time-entries?user_id=${member.account.user.id}`);
        expect(ownerList.body.data.map((e) => e.id)).toEqual([forMember.body.data.id]);
      });

      it("when another organization's ids are named, then its entries are 404 and its users and projects are refused", async () => {
        const mine = await team();
        const theirs = await team();
        const entry = (
          await mine.owner.post<{ data: TimeEntry }>(
            `${A}/time-entries`,
            entryAt(mine.projectId, "2026-03-07T09:00:00Z", "2026-03-07T10:00:00Z"),
          )
        ).body.data;
        expect((await theirs.owner.get(`${A}/time-entries/${entry.id}`)).status).toBe(404);
        expect((await theirs.owner.put(`${B}/time-entries/${entry.id}`, { description: "stolen" })).status).toBe(404);
        expect((await theirs.owner.delete(`${A}/time-entries/${entry.id}`)).status).toBe(404);
        expect((await theirs.owner.get<List<TimeEntry>>(`${A}/time-entries`)).body.meta.total).toBe(0);
        const intoMine = await theirs.owner.post<StyleAError>(
          `${A}/time-entries`,
          entryAt(mine.projectId, "2026-03-07T09:00:00Z", "2026-03-07T10:00:00Z"),
        );
        expect(intoMine.body.error.details).toMatchObject({ field: "project_id", reason: "invalid" });
        const forMyUser = await theirs.owner.post<StyleAError>(
          `${A}/time-entries`,
          entryAt(theirs.projectId, "2026-03-07T09:00:00Z", "2026-03-07T10:00:00Z", { user_id: mine.ownerId }),
        );
        expect(forMyUser.body.error.details).toMatchObject({ field: "user_id", reason: "invalid" });
        expect((await theirs.owner.get(`${A}/time-entries?user_id=${mine.ownerId}`)).status).toBe(200);
        expect((await mine.owner.get<{ data: TimeEntry }>(`${A}/time-entries/${entry.id}`)).body.data).toEqual(entry);
      });
    });
  });
}
