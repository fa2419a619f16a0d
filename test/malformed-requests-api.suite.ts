import { CREDENTIAL_FAILURES_PER_MINUTE } from "../gateway/rate-limit/policy";
import { withApiKey } from "./support/accounts";
import { aProject } from "./support/builders";
import { answersUntilHeldBack } from "./support/held-back";
import { client, registerOwner, request, type Client } from "./support/http";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { A, B, type StyleAError, type StyleBError } from "./support/shapes";

/**
 * Requests a fuzzer sends and a careful client never does, end to end over HTTP in both
 * styles: each gets the documented 4xx, never a 500 and never a silent guess.
 */
export function describeMalformedRequests(mode: StintMode): void {
  describeStint(mode, "malformed requests", () => {
    const stint = useStint({ mode });
    let api: Client;

    beforeAll(async () => {
      api = (await registerOwner(stint.url)).api;
    });

    describe("a path id whose percent-encoding does not decode", () => {
      it.each(["%ff", "%c0%ae", "prj_%E0%A4%A"])("is a 404 in Style A: /projects/%s", async (id) => {
        const res = await api.get<StyleAError>(`${A}/projects/${id}`);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe("not_found");
      });

      it("is a 404 in Style B's shape, nested ids too", async () => {
        const res = await api.get<StyleBError>(`${B}/projects/%ff`);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe("NOT_FOUND");
        const project = (await api.post<{ data: { id: string } }>(`${B}/projects`, aProject())).body.data;
        const nested = await api.delete<StyleBError>(`${B}/projects/${project.id}/tasks/%c0%ae`);
        expect(nested.status).toBe(404);
        expect(nested.body.code).toBe("NOT_FOUND");
      });
    });

    describe("an empty query value", () => {
      it.each([
        [A, "page"],
        [A, "per_page"],
        [B, "page"],
      ])("is a 400 naming the parameter (%s/projects?%s=)", async (base, name) => {
        const res = await api.get<StyleAError & StyleBError>(`${base}/projects?${name}=`);
        expect(res.status).toBe(400);
        const details = base === A ? res.body.error.details : res.body.details;
        expect(details).toMatchObject({ field: name, reason: "invalid" });
      });

      it("is not taken for an absent one, which still gives the default", async () => {
        const res = await api.get<{ meta: { page: number; per_page: number } }>(`${A}/projects`);
        expect(res.status).toBe(200);
        expect(res.body.meta).toMatchObject({ page: 1, per_page: 50 });
      });
    });

    describe("a credential longer than any key", () => {
      const tooLong = `tt_live_${"k".repeat(300)}`;

      it("is a 401 in each style, as an X-API-Key and as a bearer token", async () => {
        const a = await client(stint.url, { "x-api-key": tooLong }).get<StyleAError>(`${A}/projects`);
        expect(a.status).toBe(401);
        expect(a.body.error.code).toBe("unauthorized");
        const b = await client(stint.url, { authorization: `Bearer ${tooLong}` }).get<StyleBError>(`${B}/projects`);
        expect(b.status).toBe(401);
        expect(b.body.code).toBe("UNAUTHORIZED");
      });

      it("counts against the caller's address as a refused key does: past the limit it is a 429, and a valid key from there still gets in", async () => {
        const from = { "x-forwarded-for": "192.0.2.77" };
        const answers = await answersUntilHeldBack(() => client(stint.url, { ...from, "x-api-key": tooLong }).get(`${A}/projects`));
        expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(CREDENTIAL_FAILURES_PER_MINUTE);
        expect(answers.at(-1)?.status).toBe(429);
        const valid = await withApiKey(stint.url, api, { name: "valid", permissions: ["projects:read"] });
        expect((await client(stint.url, { ...from, ...valid.headers }).get(`${A}/projects`)).status).toBe(200);
      });
    });

    describe("request bodies", () => {
      const raw = (base: string, bytes: string | Buffer) =>
        api.post<StyleAError & StyleBError>(`${base}/projects`, undefined, { raw: bytes, headers: { "content-type": "application/json" } });

      it("refuses bytes that are not UTF-8 with a 400 on the body, and stores nothing", async () => {
        const invalid = Buffer.concat([Buffer.from('{"name":"Caf'), Buffer.from([0xff]), Buffer.from('"}')]);
        const a = await raw(A, invalid);
        expect(a.status).toBe(400);
        expect(a.body.error.details).toMatchObject({ field: "body", reason: "invalid" });
        const b = await raw(B, Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc0, 0xae]), Buffer.from('"}')]));
        expect(b.status).toBe(400);
        expect(b.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "body", reason: "invalid" } });
        const list = await api.get<{ data: { name: string }[] }>(`${A}/projects?per_page=200`);
        expect(list.body.data.filter((p) => p.name.includes("\uFFFD"))).toEqual([]);
      });

      it("still takes UTF-8 beyond ASCII", async () => {
        const res = await raw(A, Buffer.from(JSON.stringify({ name: "Café ☕ 東京" }), "utf8"));
        expect(res.status).toBe(201);
      });

      it.each(["[]", '[{"name":"x"}]', '"a string"', "42", "null", "true", ' \n "padded"'])(
        "says a body that is JSON but not an object (%s) must be one",
        async (body) => {
          const a = await raw(A, body);
          expect(a.status).toBe(400);
          expect(a.body.error.message).toBe("body: must be a JSON object");
          expect(a.body.error.details).toMatchObject({
            field: "body",
            reason: "invalid",
            errors: [{ field: "body", reason: "invalid", message: "must be a JSON object" }],
          });
          const b = await raw(B, body);
          expect(b.status).toBe(400);
          expect(b.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "body", reason: "invalid" } });
        },
      );

      it("still answers text that is not JSON as not valid JSON", async () => {
        const res = await raw(A, '"unterminated');
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe("The request body is not valid JSON");
      });
    });

    describe("a check that gives its own reason", () => {
      it("keeps its own words: an empty update must change something, in both styles", async () => {
        const project = (await api.post<{ data: { id: string } }>(`${A}/projects`, aProject())).body.data;
        const a = await api.patch<StyleAError>(`${A}/projects/${project.id}`, {});
        expect(a.status).toBe(400);
        expect(a.body.error.message).toBe("body: must change at least one field");
        expect(a.body.error.details).toMatchObject({ field: "body", reason: "required" });
        const b = await api.patch<StyleBError>(`${B}/projects/${project.id}`, {});
        expect(b.body).toMatchObject({ error: "body: must change at least one field", details: { field: "body", reason: "required" } });
      });

      it("still says a missing field is required", async () => {
        const res = await api.post<StyleAError>(`${A}/projects`, {});
        expect(res.body.error.message).toBe("name: is required");
      });
    });

    describe("a method the path does not serve", () => {
      it("is a 405 whose Allow lists the methods the path serves, in Style A", async () => {
        const res = await api.delete<StyleAError>(`${A}/projects`);
        expect(res.status).toBe(405);
        expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
        expect(res.body.error.code).toBe("method_not_allowed");
      });

      it("is a 405 in Style B's shape, on paths with ids and under /v1", async () => {
        const b = await api.post<StyleBError>(`${B}/projects/proj_${"a".repeat(22)}`, {});
        expect(b.status).toBe(405);
        expect(b.headers.get("allow")).toBe("GET, HEAD, PUT, PATCH, DELETE");
        expect(b.body.code).toBe("METHOD_NOT_ALLOWED");
        const v1 = await api.post<StyleAError>("/v1/time-entries/current", {});
        expect(v1.status).toBe(405);
        expect(v1.headers.get("allow")).toBe("GET, HEAD");
      });

      it("is a 405 on a fixed path even where an id path would take the method (no id named `current`)", async () => {
        for (const [method, path, allow] of [
          ["PUT", `${A}/time-entries/current`, "GET, HEAD"],
          ["DELETE", `${B}/time-entries/start`, "POST"],
          ["PUT", `${A}/time-entries/stop`, "POST"],
          ["PATCH", `${A}/users/invitations`, "GET, HEAD, POST"],
          ["PATCH", `${A}/time-entries/current`, "GET, HEAD"],
        ] as const) {
          const res = await api.send(method, path, {});
          expect({ method, path, status: res.status, allow: res.headers.get("allow") }).toEqual({ method, path, status: 405, allow });
        }
      });

      it("is a 405, not a 415, whatever body a method the path does not serve carries", async () => {
        for (const [method, path, allow] of [
          ["PUT", `${A}/auth/oauth/token`, "POST"],
          ["PUT", `${B}/projects`, "GET, HEAD, POST"],
        ] as const) {
          const res = await request(stint.url, method, path, {
            headers: { "content-type": "application/x-www-form-urlencoded" },
            raw: "grant_type=x",
          });
          expect({ method, path, status: res.status, allow: res.headers.get("allow") }).toEqual({ method, path, status: 405, allow });
        }
        const served = await api.send("POST", `${A}/projects`, { headers: { "content-type": "text/plain" }, raw: "name=x" });
        expect(served.status).toBe(415);
      });

      it("is a 405 without a credential too: the method is wrong whoever asks", async () => {
        const res = await request<StyleAError>(stint.url, "PUT", `${A}/auth/login`);
        expect(res.status).toBe(405);
        expect(res.headers.get("allow")).toBe("POST");
      });

      it("leaves paths that are not served at all a 404", async () => {
        for (const [method, path] of [
          ["GET", `${A}/nothing-here`],
          ["DELETE", `${B}/projects/proj_${"a".repeat(22)}/elsewhere`],
          ["GET", "/elsewhere"],
        ] as const) {
          const res = await api.send(method, path);
          expect(res.status).toBe(404);
          expect(res.headers.get("allow")).toBeNull();
        }
      });
    });
  });
}
