import { randomUUID } from "node:crypto";
import { registerOwner, type Client } from "./support/http";
import type { TestStint } from "./support/stint";
import { A, B, projectIdIn, type List, type StyleAError, type StyleBError } from "./support/shapes";
import type { Project } from "../services/projects/contract";

const ISO_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

function unique(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}`;
}

/** The projects API, end to end over HTTP, in both styles; run once per deployment mode. */
export function describeProjectsApi(title: string, start: () => Promise<TestStint>): void {
  describe(title, () => {
    let stint: TestStint;
    let api: Client;

    beforeAll(async () => {
      stint = await start();
      api = (await registerOwner(stint.url)).api;
    }, 60_000);

    afterAll(async () => {
      await stint?.stop();
    }, 30_000);

    async function createProject(body: Record<string, unknown> = {}, base = A): Promise<Project> {
      const res = await api.post<{ data: Project }>(`${base}/projects`, { name: unique("Project"), ...body });
      expect(res.status).toBe(201);
      return res.body.data;
    }

    describe("create and read across styles", () => {
      it("creates a project in Style A with prj_ and every field, and reads it back in Style B with proj_", async () => {
        const res = await api.post<{ data: Project }>(`${A}/projects`, {
          name: "  Website relaunch  ",
          description: "Q4 work",
          color: "#1A2B3C",
          client_name: "Acme",
          billable: false,
          hourly_rate: 95.5,
        });
        expect(res.status).toBe(201);
        const project = res.body.data;
        expect(project.id).toMatch(/^prj_[0-9A-Za-z]{22}$/);
        expect(project).toMatchObject({
          name: "Website relaunch",
          description: "Q4 work",
          color: "#1a2b3c",
          client_name: "Acme",
          billable: false,
          hourly_rate: 95.5,
          archived: false,
        });
        expect(project.created_at).toMatch(ISO_SECONDS);
        expect(project.updated_at).toBe(project.created_at);
        expect(res.headers.get("location")).toBe(`${A}/projects/${project.id}`);

        const inB = await api.get<{ data: Project }>(`${B}/projects/${project.id}`);
        expect(inB.status).toBe(200);
        expect(inB.body.data.id).toBe(projectIdIn("B", project.id));
        expect({ ...inB.body.data, id: project.id }).toEqual(project);
      });

      it("creates a project in Style B with proj_ and reads it back in Style A and under /v1 with prj_", async () => {
        const res = await api.post<{ data: Project }>(`${B}/projects`, { name: unique("Style B") });
        expect(res.status).toBe(201);
        const id = res.body.data.id;
        expect(id).toMatch(/^proj_[0-9A-Za-z]{22}$/);
        expect(res.headers.get("location")).toBe(`${B}/projects/${id}`);

        for (const base of [A, "/v1"]) {
          const inA = await api.get<{ data: Project }>(`${base}/projects/${id}`);
          expect(inA.status).toBe(200);
          expect(inA.body.data.id).toBe(projectIdIn("A", id));
        }
      });

      it("applies defaults to optional fields", async () => {
        const project = await createProject({ name: unique("Defaults") });
        expect(project).toMatchObject({
          description: null,
          color: null,
          client_name: null,
          billable: true,
          hourly_rate: null,
          archived: false,
        });
      });

      it("refuses a second project with the same name in any case (409), keeping the first", async () => {
        const first = await createProject({ name: unique("Twin") });
        const res = await api.post<StyleAError>(`${A}/projects`, { name: first.name.toUpperCase() });
        expect(res.status).toBe(409);
        expect(res.body.error.code).toBe("conflict");
        const resB = await api.post<StyleBError>(`${B}/projects`, { name: first.name });
        expect(resB.status).toBe(409);
        expect(resB.body.code).toBe("CONFLICT");
        expect((await api.get(`${A}/projects/${first.id}`)).status).toBe(200);
      });
    });

    describe("validation", () => {
      it("names a missing field with reason required, in Style A", async () => {
        const res = await api.post<StyleAError>(`${A}/projects`, { description: "no name" });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe("invalid_request");
        expect(res.body.error.details).toMatchObject({ field: "name", reason: "required" });
        expect(res.body.error.details.errors).toEqual([expect.objectContaining({ field: "name", reason: "required" })]);
      });

      it("answers the same problem in Style B's shape", async () => {
        const res = await api.post<StyleBError>(`${B}/projects`, { description: "no name" });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("VALIDATION_ERROR");
        expect(typeof res.body.error).toBe("string");
        expect(res.body.details).toMatchObject({ field: "name", reason: "required" });
      });

      it.each([
        [{ name: 42 }, "name", "invalid"],
        [{ name: "x".repeat(201) }, "name", "too_long"],
        [{ name: "ok", color: "red" }, "color", "invalid"],
        [{ name: "ok", hourly_rate: -1 }, "hourly_rate", "out_of_range"],
        [{ name: "ok", billable: "yes" }, "billable", "invalid"],
        [{ name: "ok", organization_id: "org_0000000000000000000001" }, "organization_id", "unknown"],
        [{ name: "ok", id: "prj_0000000000000000000001" }, "id", "unknown"],
      ])("rejects %j with %s %s", async (body, field, reason) => {
        const res = await api.post<StyleAError>(`${A}/projects`, body);
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field, reason });
      });

      it("lists every bad field, the first one in details.field", async () => {
        const res = await api.post<StyleAError>(`${A}/projects`, { name: "", color: "blue", extra: true });
        expect(res.status).toBe(400);
        const fields = res.body.error.details.errors?.map((e) => e.field).sort();
        expect(fields).toEqual(["color", "extra", "name"]);
        expect(fields).toContain(res.body.error.details.field);
      });

      it("rejects a body that is not an object", async () => {
        const res = await api.post<StyleAError>(`${A}/projects`, [{ name: "in an array" }]);
        expect(res.status).toBe(400);
        expect(res.body.error.details.field).toBe("body");
      });

      it("rejects malformed JSON with 400 in both styles", async () => {
        const a = await api.send<StyleAError>("POST", `${A}/projects`, {
          raw: '{"name": "oops",',
          headers: { "content-type": "application/json" },
        });
        expect(a.status).toBe(400);
        expect(a.body.error).toMatchObject({ code: "invalid_request", details: { field: "body", reason: "invalid" } });
        const b = await api.send<StyleBError>("POST", `${B}/projects`, { raw: "{nope", headers: { "content-type": "application/json" } });
        expect(b.status).toBe(400);
        expect(b.body.code).toBe("VALIDATION_ERROR");
      });

      it("rejects a JSON body over 1 MiB with 413 in both styles", async () => {
        const huge = JSON.stringify({ name: "big", description: "x".repeat(1024 * 1024) });
        const a = await api.send<StyleAError>("POST", `${A}/projects`, { raw: huge, headers: { "content-type": "application/json" } });
        expect(a.status).toBe(413);
        expect(a.body.error.code).toBe("payload_too_large");
        const b = await api.send<StyleBError>("POST", `${B}/projects`, { raw: huge, headers: { "content-type": "application/json" } });
        expect(b.status).toBe(413);
        expect(b.body.code).toBe("PAYLOAD_TOO_LARGE");
      });

      it("rejects a body that is not JSON with 415", async () => {
        const a = await api.send<StyleAError>("POST", `${A}/projects`, {
          raw: "name=form",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
        expect(a.status).toBe(415);
        expect(a.body.error.code).toBe("unsupported_media_type");
        const b = await api.send<StyleBError>("POST", `${B}/projects`, { raw: "plain", headers: { "content-type": "text/plain" } });
        expect(b.status).toBe(415);
        expect(b.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
      });

      it("stores nothing when a create fails validation", async () => {
        const name = unique("Never stored");
        const bad = await api.post(`${A}/projects`, { name, color: "not-a-colour" });
        expect(bad.status).toBe(400);
        const all = await api.get<List<Project>>(`${A}/projects?per_page=200`);
        expect(all.body.data.map((p) => p.name)).not.toContain(name);
      });
    });

    describe("list and paging", () => {
      let names: string[];

      beforeAll(async () => {
        const prefix = `Paging ${randomUUID().slice(0, 6)}`;
        names = [`${prefix} c`, `${prefix} a`, `${prefix} b`];
        for (const name of names) await createProject({ name });
        names.sort();
      });

      it("wraps lists in data and meta with total, page and per_page (default 50)", async () => {
        const res = await api.get<List<Project>>(`${A}/projects`);
        expect(res.status).toBe(200);
        expect(res.body.meta).toMatchObject({ page: 1, per_page: 50 });
        expect(res.body.meta.total).toBeGreaterThanOrEqual(3);
        expect(res.body.data.length).toBe(Math.min(50, res.body.meta.total));
      });

      it("pages in name order, and a page past the end is empty", async () => {
        const total = (await api.get<List<Project>>(`${A}/projects?per_page=1`)).body.meta.total;
        const seen: string[] = [];
        for (let page = 1; page <= total; page += 2) {
          const res = await api.get<List<Project>>(`${B}/projects?page=${(page + 1) / 2}&per_page=2`);
          expect(res.status).toBe(200);
          expect(res.body.meta).toEqual({ total, page: (page + 1) / 2, per_page: 2 });
          seen.push(...res.body.data.map((p) => p.name));
        }
        expect(seen).toHaveLength(total);
        expect([...seen].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()))).toEqual(seen);
        expect(seen.filter((n) => names.includes(n))).toEqual(names);
        const past = await api.get<List<Project>>(`${A}/projects?page=1000&per_page=2`);
        expect(past.status).toBe(200);
        expect(past.body.data).toEqual([]);
        expect(past.body.meta.total).toBe(total);
      });

      it("shows proj_ ids in Style B lists", async () => {
        const res = await api.get<List<Project>>(`${B}/projects`);
        expect(res.body.data.length).toBeGreaterThan(0);
        for (const project of res.body.data) expect(project.id).toMatch(/^proj_/);
      });

      it.each([
        ["per_page=201", "per_page", "out_of_range"],
        ["per_page=0", "per_page", "out_of_range"],
        ["page=0", "page", "out_of_range"],
        ["page=abc", "page", "invalid"],
        ["archived=maybe", "archived", "invalid"],
        ["colour=red", "colour", "unknown"],
      ])("rejects ?%s with %s %s", async (query, field, reason) => {
        const res = await api.get<StyleAError>(`${A}/projects?${query}`);
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field, reason });
      });
    });

    describe("update, archive and delete", () => {
      it("updates with PATCH and with PUT, changing only the fields given", async () => {
        const project = await createProject({ hourly_rate: 10 });
        const patched = await api.patch<{ data: Project }>(`${A}/projects/${project.id}`, { hourly_rate: 12.5, client_name: "Globex" });
        expect(patched.status).toBe(200);
        expect(patched.body.data).toMatchObject({ id: project.id, name: project.name, hourly_rate: 12.5, client_name: "Globex" });
        const put = await api.put<{ data: Project }>(`${B}/projects/${projectIdIn("B", project.id)}`, { description: "from B" });
        expect(put.status).toBe(200);
        expect(put.body.data).toMatchObject({ id: projectIdIn("B", project.id), description: "from B", hourly_rate: 12.5 });
        const read = await api.get<{ data: Project }>(`${A}/projects/${project.id}`);
        expect(read.body.data).toMatchObject({ description: "from B", client_name: "Globex", hourly_rate: 12.5 });
      });

      it("keeps the project as it was when an update is invalid", async () => {
        const project = await createProject({ description: "original" });
        const bad = await api.patch<StyleAError>(`${A}/projects/${project.id}`, { description: "changed", name: "y".repeat(300) });
        expect(bad.status).toBe(400);
        expect(bad.body.error.details).toMatchObject({ field: "name", reason: "too_long" });
        const unknown = await api.patch<StyleAError>(`${A}/projects/${project.id}`, { description: "changed", role: "owner" });
        expect(unknown.status).toBe(400);
        expect(unknown.body.error.details).toMatchObject({ field: "role", reason: "unknown" });
        const empty = await api.patch<StyleAError>(`${A}/projects/${project.id}`, {});
        expect(empty.status).toBe(400);
        const read = await api.get<{ data: Project }>(`${A}/projects/${project.id}`);
        expect(read.body.data).toEqual(project);
      });

      it("archives and unarchives, and filters by archived", async () => {
        const project = await createProject();
        const archived = await api.post<{ data: Project }>(`${A}/projects/${project.id}/archive`);
        expect(archived.status).toBe(200);
        expect(archived.body.data.archived).toBe(true);
        const onlyArchived = await api.get<List<Project>>(`${A}/projects?archived=true&per_page=200`);
        expect(onlyArchived.body.data.map((p) => p.id)).toContain(project.id);
        expect(onlyArchived.body.data.every((p) => p.archived)).toBe(true);
        const active = await api.get<List<Project>>(`${A}/projects?archived=false&per_page=200`);
        expect(active.body.data.map((p) => p.id)).not.toContain(project.id);
        const restored = await api.post<{ data: Project }>(`${B}/projects/${project.id}/unarchive`);
        expect(restored.status).toBe(200);
        expect(restored.body.data.archived).toBe(false);
      });

      it("deletes with 204, after which the project is 404 in both styles", async () => {
        const project = await createProject();
        const deleted = await api.delete(`${B}/projects/${project.id}`);
        expect(deleted.status).toBe(204);
        expect(deleted.text).toBe("");
        const a = await api.get<StyleAError>(`${A}/projects/${project.id}`);
        expect(a.status).toBe(404);
        expect(a.body.error.code).toBe("not_found");
        const b = await api.get<StyleBError>(`${B}/projects/${project.id}`);
        expect(b.status).toBe(404);
        expect(b.body.code).toBe("NOT_FOUND");
        expect((await api.delete(`${A}/projects/${project.id}`)).status).toBe(404);
      });

      it.each(["prj_short", "task_0000000000000000000000", "nothing", "prj_000000000000000000000!"])(
        "answers 404 for the malformed path id %s",
        async (id) => {
          const res = await api.get<StyleAError>(`${A}/projects/${encodeURIComponent(id)}`);
          expect(res.status).toBe(404);
          expect(res.body.error.code).toBe("not_found");
          expect((await api.patch(`${A}/projects/${encodeURIComponent(id)}`, { name: "x" })).status).toBe(404);
        },
      );

      it("answers 404 for a well-formed id that does not exist", async () => {
        const res = await api.get<StyleAError>(`${A}/projects/prj_0000000000000000000000`);
        expect(res.status).toBe(404);
      });
    });

    describe("idempotency", () => {
      it("answers a repeated POST with the same key and body from the first run, creating one project", async () => {
        const key = `idem-${randomUUID()}`;
        const body = { name: unique("Once only"), hourly_rate: 50 };
        const first = await api.post<{ data: Project }>(`${A}/projects`, body, { headers: { "idempotency-key": key } });
        expect(first.status).toBe(201);
        expect(first.headers.get("idempotent-replayed")).toBeNull();
        const again = await api.post<{ data: Project }>(
          `${A}/projects`,
          { hourly_rate: 50, name: body.name },
          { headers: { "idempotency-key": key } },
        );
        expect(again.status).toBe(201);
        expect(again.headers.get("idempotent-replayed")).toBe("true");
        expect(again.headers.get("location")).toBe(first.headers.get("location"));
        expect(again.body).toEqual(first.body);
        const all = await api.get<List<Project>>(`${A}/projects?per_page=200`);
        expect(all.body.data.filter((p) => p.name === body.name)).toHaveLength(1);
      });

      it("refuses the same key with a different body (422) in both styles", async () => {
        const key = `idem-${randomUUID()}`;
        expect((await api.post(`${B}/projects`, { name: unique("First") }, { headers: { "idempotency-key": key } })).status).toBe(201);
        const b = await api.post<StyleBError>(`${B}/projects`, { name: unique("Second") }, { headers: { "idempotency-key": key } });
        expect(b.status).toBe(422);
        expect(b.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
        const keyA = `idem-${randomUUID()}`;
        expect((await api.post(`${A}/projects`, { name: unique("First") }, { headers: { "idempotency-key": keyA } })).status).toBe(201);
        const a = await api.post<StyleAError>(`${A}/projects`, { name: unique("Second") }, { headers: { "idempotency-key": keyA } });
        expect(a.status).toBe(422);
        expect(a.body.error.code).toBe("idempotency_key_reused");
      });

      it("runs concurrent duplicates once: one 201, the rest 409 or the replayed 201", async () => {
        const key = `idem-${randomUUID()}`;
        const body = { name: unique("Raced") };
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => api.post<{ data: Project }>(`${A}/projects`, body, { headers: { "idempotency-key": key } })),
        );
        const fresh = answers.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
        expect(fresh).toHaveLength(1);
        for (const answer of answers) expect([201, 409]).toContain(answer.status);
        const all = await api.get<List<Project>>(`${A}/projects?per_page=200`);
        expect(all.body.data.filter((p) => p.name === body.name)).toHaveLength(1);
      });

      it("replays a refused request's 4xx, and rejects a malformed key with 400", async () => {
        const key = `idem-${randomUUID()}`;
        const bad = await api.post<StyleAError>(`${A}/projects`, { color: "nope" }, { headers: { "idempotency-key": key } });
        expect(bad.status).toBe(400);
        const again = await api.post<StyleAError>(`${A}/projects`, { color: "nope" }, { headers: { "idempotency-key": key } });
        expect(again.status).toBe(400);
        expect(again.headers.get("idempotent-replayed")).toBe("true");
        expect(again.body).toEqual(bad.body);
        const malformed = await api.post<StyleAError>(
          `${A}/projects`,
          { name: unique("x") },
          { headers: { "idempotency-key": "k".repeat(300) } },
        );
        expect(malformed.status).toBe(400);
      });
    });

    describe("gateway conventions", () => {
      it("answers unknown routes with 404 in the style of their path", async () => {
        const a = await api.get<StyleAError>(`${A}/nothing-here`);
        expect(a.status).toBe(404);
        expect(a.body.error.code).toBe("not_found");
        const b = await api.get<StyleBError>(`${B}/nothing-here`);
        expect(b.status).toBe(404);
        expect(b.body.code).toBe("NOT_FOUND");
        const outside = await api.get<StyleAError>("/not-an-api-path");
        expect(outside.status).toBe(404);
        expect(outside.body.error.code).toBe("not_found");
        // A path served with other methods is a 405 that names them.
        const wrongMethod = await api.send<StyleAError>("DELETE", `${A}/projects`);
        expect(wrongMethod.status).toBe(405);
        expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD, POST");
      });

      it("returns the caller's X-Request-Id, or makes one", async () => {
        const given = await api.get(`${A}/projects`, { headers: { "x-request-id": "trace-abc.123" } });
        expect(given.headers.get("x-request-id")).toBe("trace-abc.123");
        const made = await api.get(`${A}/projects`);
        expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
        const unsafe = await api.get(`${A}/projects`, { headers: { "x-request-id": "bad id with spaces" } });
        expect(unsafe.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
        const onError = await api.get(`${B}/nothing-here`, { headers: { "x-request-id": "err-1" } });
        expect(onError.headers.get("x-request-id")).toBe("err-1");
      });

      it("reports liveness and readiness", async () => {
        const live = await api.get<{ status: string }>("/health/live");
        expect(live.status).toBe(200);
        expect(live.body.status).toBe("ok");
        const ready = await api.get<{ status: string; checks: Record<string, string> }>("/health/ready");
        expect(ready.status).toBe(200);
        expect(ready.body.status).toBe("ready");
        expect(Object.values(ready.body.checks).every((state) => state === "ok")).toBe(true);
      });

      it("serves the version through a service in both styles", async () => {
        const a = await api.get<{ data: { name: string; api: string } }>(`${A}/version`);
        expect(a.status).toBe(200);
        expect(a.body.data).toMatchObject({ name: "stint", api: "v1" });
        expect((await api.get(`${B}/version`)).status).toBe(200);
      });
    });
  });
}
