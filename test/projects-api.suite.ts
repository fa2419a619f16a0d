import { randomUUID } from "node:crypto";
import { aProject, unique } from "./support/builders";
import { registerOwner, type Client } from "./support/http";
import { createProject } from "./support/resources";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { A, B, projectIdIn, type List, type StyleAError, type StyleBError } from "./support/shapes";
import type { Project } from "../services/projects/contract";

const ISO_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

/** The projects API, end to end over HTTP, in both styles; run once per deployment mode. */
export function describeProjectsApi(mode: StintMode): void {
  describeStint(mode, "projects API", () => {
    const stint = useStint({ mode });
    let api: Client;

    beforeAll(async () => {
      api = (await registerOwner(stint.url)).api;
    });

    describe("create and read across styles", () => {
      it("when a project is created with every field, then the answer holds them normalised, with a prj_ id and its Location", async () => {
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
      });

      it("when a project made in Style A is read in Style B, then it is the same project under its proj_ id", async () => {
        const project = await createProject(api, { description: "Q4 work", color: "#1a2b3c", client_name: "Acme", hourly_rate: 95.5 });
        const inB = await api.get<{ data: Project }>(`${B}/projects/${project.id}`);
        expect(inB.status).toBe(200);
        expect(inB.body.data.id).toBe(projectIdIn("B", project.id));
        expect({ ...inB.body.data, id: project.id }).toEqual(project);
      });

      it("when a project is created in Style B, then Style A and /v1 read it under its prj_ id", async () => {
        const res = await api.post<{ data: Project }>(`${B}/projects`, aProject());
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

      it("when the optional fields are left out, then the project takes their defaults", async () => {
        const project = await createProject(api);
        expect(project).toMatchObject({
          description: null,
          color: null,
          client_name: null,
          billable: true,
          hourly_rate: null,
          archived: false,
        });
      });

      it("when a second project takes an existing name in another case, then it is refused with 409 and the first is kept", async () => {
        const first = await createProject(api);
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
      it("when the name is missing, then Style A answers 400 naming it as required", async () => {
        const res = await api.post<StyleAError>(`${A}/projects`, { description: "no name" });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe("invalid_request");
        expect(res.body.error.details).toMatchObject({ field: "name", reason: "required" });
        expect(res.body.error.details.errors).toEqual([expect.objectContaining({ field: "name", reason: "required" })]);
      });

      it("when the name is missing in Style B, then the 400 is in Style B's shape", async () => {
        const res = await api.post<StyleBError>(`${B}/projects`, { description: "no name" });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("VALIDATION_ERROR");
        expect(typeof res.body.error).toBe("string");
        expect(res.body.details).toMatchObject({ field: "name", reason: "required" });
      });

      it.each([
        [{ name: 42 }, "name", "invalid"],
        [{ name: "x".repeat(201) }, "name", "too_long"],
        [{ color: "red" }, "color", "invalid"],
        [{ hourly_rate: -1 }, "hourly_rate", "out_of_range"],
        [{ billable: "yes" }, "billable", "invalid"],
        [{ organization_id: "org_0000000000000000000001" }, "organization_id", "unknown"],
        [{ id: "prj_0000000000000000000001" }, "id", "unknown"],
      ])("when a project has %j, then the 400 names %s as %s", async (change, field, reason) => {
        const res = await api.post<StyleAError>(`${A}/projects`, { ...aProject(), ...change });
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field, reason });
      });

      it("when several fields are bad, then the 400 lists each and names the first in details.field", async () => {
        const res = await api.post<StyleAError>(`${A}/projects`, { name: "", color: "blue", extra: true });
        expect(res.status).toBe(400);
        const fields = res.body.error.details.errors?.map((e) => e.field).sort();
        expect(fields).toEqual(["color", "extra", "name"]);
        expect(fields).toContain(res.body.error.details.field);
      });

      it("when the body is not an object, then the 400 names the body", async () => {
        const res = await api.post<StyleAError>(`${A}/projects`, [{ name: "in an array" }]);
        expect(res.status).toBe(400);
        expect(res.body.error.details.field).toBe("body");
      });

      it("when the JSON is malformed, then both styles answer 400", async () => {
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

      it("when a JSON body is over 1 MiB, then both styles answer 413", async () => {
        const huge = JSON.stringify({ name: "big", description: "x".repeat(1024 * 1024) });
        const a = await api.send<StyleAError>("POST", `${A}/projects`, { raw: huge, headers: { "content-type": "application/json" } });
        expect(a.status).toBe(413);
        expect(a.body.error.code).toBe("payload_too_large");
        const b = await api.send<StyleBError>("POST", `${B}/projects`, { raw: huge, headers: { "content-type": "application/json" } });
        expect(b.status).toBe(413);
        expect(b.body.code).toBe("PAYLOAD_TOO_LARGE");
      });

      it("when the body is not JSON, then both styles answer 415", async () => {
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

      it("when a create fails validation, then nothing is stored", async () => {
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
        for (const name of names) await createProject(api, { name });
        names.sort();
      });

      it("when projects are listed, then the answer is data with meta: total, page and per_page (50 by default)", async () => {
        const res = await api.get<List<Project>>(`${A}/projects`);
        expect(res.status).toBe(200);
        expect(res.body.meta).toMatchObject({ page: 1, per_page: 50 });
        expect(res.body.meta.total).toBeGreaterThanOrEqual(3);
        expect(res.body.data.length).toBe(Math.min(50, res.body.meta.total));
      });

      it("when projects are paged, then the pages follow name order and together hold every project", async () => {
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
      });

      it("when a page past the end is asked for, then it is empty and still tells the total", async () => {
        const total = (await api.get<List<Project>>(`${A}/projects?per_page=1`)).body.meta.total;
        const past = await api.get<List<Project>>(`${A}/projects?page=1000&per_page=2`);
        expect(past.status).toBe(200);
        expect(past.body.data).toEqual([]);
        expect(past.body.meta.total).toBe(total);
      });

      it("when projects are listed in Style B, then their ids carry proj_", async () => {
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
      ])("when the list is asked with ?%s, then the 400 names %s as %s", async (query, field, reason) => {
        const res = await api.get<StyleAError>(`${A}/projects?${query}`);
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field, reason });
      });
    });

    describe("update, archive and delete", () => {
      it("when a project is updated by PATCH or PUT, then only the fields given change", async () => {
        const project = await createProject(api, { hourly_rate: 10 });
        const patched = await api.patch<{ data: Project }>(`${A}/projects/${project.id}`, { hourly_rate: 12.5, client_name: "Globex" });
        expect(patched.status).toBe(200);
        expect(patched.body.data).toMatchObject({ id: project.id, name: project.name, hourly_rate: 12.5, client_name: "Globex" });
        const put = await api.put<{ data: Project }>(`${B}/projects/${projectIdIn("B", project.id)}`, { description: "from B" });
        expect(put.status).toBe(200);
        expect(put.body.data).toMatchObject({ id: projectIdIn("B", project.id), description: "from B", hourly_rate: 12.5 });
        const read = await api.get<{ data: Project }>(`${A}/projects/${project.id}`);
        expect(read.body.data).toMatchObject({ description: "from B", client_name: "Globex", hourly_rate: 12.5 });
      });

      it("when an update is invalid, then the project stays as it was", async () => {
        const project = await createProject(api, { description: "original" });
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

      it("when a project is archived, then it is listed under archived=true and not under archived=false", async () => {
        const project = await createProject(api);
        const archived = await api.post<{ data: Project }>(`${A}/projects/${project.id}/archive`);
        expect(archived.status).toBe(200);
        expect(archived.body.data.archived).toBe(true);
        const onlyArchived = await api.get<List<Project>>(`${A}/projects?archived=true&per_page=200`);
        expect(onlyArchived.body.data.map((p) => p.id)).toContain(project.id);
        expect(onlyArchived.body.data.every((p) => p.archived)).toBe(true);
        const active = await api.get<List<Project>>(`${A}/projects?archived=false&per_page=200`);
        expect(active.body.data.map((p) => p.id)).not.toContain(project.id);
      });

      it("when an archived project is unarchived, then it is active again", async () => {
        const project = await createProject(api);
        expect((await api.post(`${A}/projects/${project.id}/archive`)).status).toBe(200);
        const restored = await api.post<{ data: Project }>(`${B}/projects/${project.id}/unarchive`);
        expect(restored.status).toBe(200);
        expect(restored.body.data.archived).toBe(false);
      });

      it("when a project is deleted (204), then it is 404 in both styles", async () => {
        const project = await createProject(api);
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
        "when the path id is the malformed %s, then reads and updates answer 404",
        async (id) => {
          const res = await api.get<StyleAError>(`${A}/projects/${encodeURIComponent(id)}`);
          expect(res.status).toBe(404);
          expect(res.body.error.code).toBe("not_found");
          expect((await api.patch(`${A}/projects/${encodeURIComponent(id)}`, { name: "x" })).status).toBe(404);
        },
      );

      it("when a well-formed id names no project, then the answer is 404", async () => {
        const res = await api.get<StyleAError>(`${A}/projects/prj_0000000000000000000000`);
        expect(res.status).toBe(404);
      });
    });

    describe("idempotency", () => {
      it("when a POST is repeated with the same key and body, then the first answer is replayed and one project exists", async () => {
        const key = `idem-${randomUUID()}`;
        const body = aProject({ hourly_rate: 50 });
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

      it("when a key is reused with another body, then both styles answer 422", async () => {
        const key = `idem-${randomUUID()}`;
        expect((await api.post(`${B}/projects`, aProject(), { headers: { "idempotency-key": key } })).status).toBe(201);
        const b = await api.post<StyleBError>(`${B}/projects`, aProject(), { headers: { "idempotency-key": key } });
        expect(b.status).toBe(422);
        expect(b.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
        const keyA = `idem-${randomUUID()}`;
        expect((await api.post(`${A}/projects`, aProject(), { headers: { "idempotency-key": keyA } })).status).toBe(201);
        const a = await api.post<StyleAError>(`${A}/projects`, aProject(), { headers: { "idempotency-key": keyA } });
        expect(a.status).toBe(422);
        expect(a.body.error.code).toBe("idempotency_key_reused");
      });

      it("when duplicates arrive at once, then one runs and the others get 409 or its replayed 201", async () => {
        const key = `idem-${randomUUID()}`;
        const body = aProject();
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => api.post<{ data: Project }>(`${A}/projects`, body, { headers: { "idempotency-key": key } })),
        );
        const fresh = answers.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
        expect(fresh).toHaveLength(1);
        for (const answer of answers) expect([201, 409]).toContain(answer.status);
        const all = await api.get<List<Project>>(`${A}/projects?per_page=200`);
        expect(all.body.data.filter((p) => p.name === body.name)).toHaveLength(1);
      });

      it("when a refused request is repeated with its key, then its 4xx is replayed", async () => {
        const key = `idem-${randomUUID()}`;
        const bad = await api.post<StyleAError>(`${A}/projects`, { color: "nope" }, { headers: { "idempotency-key": key } });
        expect(bad.status).toBe(400);
        const again = await api.post<StyleAError>(`${A}/projects`, { color: "nope" }, { headers: { "idempotency-key": key } });
        expect(again.status).toBe(400);
        expect(again.headers.get("idempotent-replayed")).toBe("true");
        expect(again.body).toEqual(bad.body);
      });

      it("when the idempotency key is malformed, then the answer is 400", async () => {
        const malformed = await api.post<StyleAError>(`${A}/projects`, aProject(), { headers: { "idempotency-key": "k".repeat(300) } });
        expect(malformed.status).toBe(400);
      });
    });

    describe("gateway conventions", () => {
      it("when a route is unknown, then the 404 is in the style of its path", async () => {
        const a = await api.get<StyleAError>(`${A}/nothing-here`);
        expect(a.status).toBe(404);
        expect(a.body.error.code).toBe("not_found");
        const b = await api.get<StyleBError>(`${B}/nothing-here`);
        expect(b.status).toBe(404);
        expect(b.body.code).toBe("NOT_FOUND");
        const outside = await api.get<StyleAError>("/not-an-api-path");
        expect(outside.status).toBe(404);
        expect(outside.body.error.code).toBe("not_found");
      });

      it("when a path is asked with a method it does not serve, then the 405 names the methods it does", async () => {
        const wrongMethod = await api.send<StyleAError>("DELETE", `${A}/projects`);
        expect(wrongMethod.status).toBe(405);
        expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD, POST");
      });

      it("when the caller sends a usable X-Request-Id, then the answer carries it back, an error's too", async () => {
        const given = await api.get(`${A}/projects`, { headers: { "x-request-id": "trace-abc.123" } });
        expect(given.headers.get("x-request-id")).toBe("trace-abc.123");
        const onError = await api.get(`${B}/nothing-here`, { headers: { "x-request-id": "err-1" } });
        expect(onError.headers.get("x-request-id")).toBe("err-1");
      });

      it("when the caller sends no X-Request-Id or an unsafe one, then the gateway makes one", async () => {
        const made = await api.get(`${A}/projects`);
        expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
        const unsafe = await api.get(`${A}/projects`, { headers: { "x-request-id": "bad id with spaces" } });
        expect(unsafe.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      });

      it("when liveness is asked, then the process answers ok", async () => {
        const live = await api.get<{ status: string }>("/health/live");
        expect(live.status).toBe(200);
        expect(live.body.status).toBe("ok");
      });

      it("when readiness is asked with every dependency up, then it is ready with each check ok", async () => {
        const ready = await api.get<{ status: string; checks: Record<string, string> }>("/health/ready");
        expect(ready.status).toBe(200);
        expect(ready.body.status).toBe("ready");
        expect(Object.values(ready.body.checks).every((state) => state === "ok")).toBe(true);
      });

      it("when the version is asked in either style, then a service answers it", async () => {
        const a = await api.get<{ data: { name: string; api: string } }>(`${A}/version`);
        expect(a.status).toBe(200);
        expect(a.body.data).toMatchObject({ name: "stint", api: "v1" });
        expect((await api.get(`${B}/version`)).status).toBe(200);
      });
    });
  });
}
