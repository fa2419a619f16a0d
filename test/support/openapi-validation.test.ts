import { buildOpenApiDocument, buildOpenApiDocuments } from "../../gateway/openapi/document";
import { ROUTES } from "../../gateway/routes";
import { openApiChecker, type ReceivedResponse } from "./openapi-validation";

const check = openApiChecker(buildOpenApiDocuments());

const project = {
  id: "prj_0123456789abcdefghijKL",
  name: "Website",
  description: null,
  color: "#1a2b3c",
  client_name: null,
  billable: true,
  hourly_rate: null,
  archived: false,
  created_at: "2026-11-21T09:30:00Z",
  updated_at: "2026-11-21T09:30:00Z",
};

function received(method: string, path: string, status: number, body?: unknown): ReceivedResponse {
  return { method, path, status, body, text: body === undefined ? "" : JSON.stringify(body) };
}

describe("checking responses against the OpenAPI documents", () => {
  it("accepts responses as documented, in each style and mount", () => {
    expect(() => check(received("GET", `/api/v1/projects/${project.id}`, 200, { data: project }))).not.toThrow();
    expect(() => check(received("GET", `/v1/projects/${project.id}?x=1`, 200, { data: project }))).not.toThrow();
    expect(() =>
      check(received("GET", "/api/projects/proj_0123456789abcdefghijKL", 200, { data: { ...project, id: "proj_0123456789abcdefghijKL" } })),
    ).not.toThrow();
    expect(() =>
      check(received("GET", "/api/projects?page=2", 200, { data: [], meta: { total: 0, page: 2, per_page: 50 } })),
    ).not.toThrow();
    expect(() => check(received("DELETE", `/api/v1/projects/${project.id}`, 204))).not.toThrow();
    expect(() =>
      check(received("GET", "/api/v1/projects", 401, { error: { code: "unauthorized", message: "No credential", details: {} } })),
    ).not.toThrow();
  });

  it("names the field of a body that does not match", () => {
    const { color: _color, ...withoutColor } = project;
    expect(() => check(received("GET", `/api/v1/projects/${project.id}`, 200, { data: withoutColor }))).toThrow(
      /GET \/api\/v1\/projects\/prj_\S+ \(Style A\) answered 200[\s\S]*\/data: must have required property 'color'/,
    );
    expect(() => check(received("GET", `/api/v1/projects/${project.id}`, 200, { data: { ...project, secret: 1 } }))).toThrow(
      /additionalProperty[\s\S]*secret/,
    );
  });

  it("holds each style to its own shapes: project ids and error bodies", () => {
    expect(() => check(received("GET", `/api/projects/${project.id}`, 200, { data: project }))).toThrow(
      /\/data\/id: must match pattern "\^proj_/,
    );
    const styleAError = { error: { code: "not_found", message: "Project not found", details: {} } };
    expect(() => check(received("GET", `/api/v1/projects/${project.id}`, 404, styleAError))).not.toThrow();
    expect(() => check(received("GET", `/api/projects/${project.id}`, 404, styleAError))).toThrow(/Style B/);
    expect(() =>
      check(received("GET", `/api/projects/${project.id}`, 404, { error: "Project not found", code: "NOT_FOUND", details: {} })),
    ).not.toThrow();
    expect(() =>
      check(received("GET", `/api/projects/${project.id}`, 404, { error: "Project not found", code: "CONFLICT", details: {} })),
    ).toThrow(/code/);
  });

  it("fails a status the operation does not document", () => {
    expect(() => check(received("GET", "/api/v1/projects", 418, { error: { code: "teapot", message: "", details: {} } }))).toThrow(
      /status 418 is not documented for GET \/projects \(documented: 200, 400/,
    );
  });

  it("fails a body where none is documented, and a missing one where one is", () => {
    expect(() => check({ ...received("DELETE", `/api/v1/projects/${project.id}`, 204), text: "{}" })).toThrow(/has no body/);
    expect(() => check(received("GET", `/api/v1/projects/${project.id}`, 200))).toThrow(/expected a JSON body, got none/);
  });

  it("accepts the style's 404 for routes the gateway does not serve, and nothing else", () => {
    expect(() =>
      check(received("GET", "/api/v1/nothing-here", 404, { error: { code: "not_found", message: "No such route", details: {} } })),
    ).not.toThrow();
    expect(() =>
      check(received("GET", "/api/nothing-here", 404, { error: "No such route", code: "NOT_FOUND", details: {} })),
    ).not.toThrow();
    expect(() =>
      check(received("GET", "/elsewhere", 404, { error: { code: "not_found", message: "No such route", details: {} } })),
    ).not.toThrow();
    expect(() => check(received("GET", "/api/v1/nothing-here", 200, { ok: true }))).toThrow(/serves no such operation/);
  });

  it("accepts only the style's 405 for a method a served path does not serve", () => {
    const notAllowedA = {
      error: { code: "method_not_allowed", message: "DELETE is not served here", details: { allowed_methods: ["GET", "POST"] } },
    };
    expect(() => check(received("DELETE", "/api/v1/projects", 405, notAllowedA))).not.toThrow();
    expect(() =>
      check(received("TRACE", "/api/projects", 405, { error: "TRACE is not served here", code: "METHOD_NOT_ALLOWED", details: {} })),
    ).not.toThrow();
    expect(() =>
      check(received("DELETE", "/api/v1/projects", 404, { error: { code: "not_found", message: "No such route", details: {} } })),
    ).toThrow(/only a 405/);
    expect(() => check(received("DELETE", "/api/projects", 405, notAllowedA))).toThrow(/does not match/);
  });

  it("fails an operation the gateway serves but the document leaves out", () => {
    const others = ROUTES.filter((route) => route.action !== "projects.list");
    const partial = openApiChecker({ A: buildOpenApiDocument("A", others), B: buildOpenApiDocument("B", others) });
    expect(() => partial(received("GET", "/api/v1/projects", 200, { data: [], meta: { total: 0, page: 1, per_page: 50 } }))).toThrow(
      /undocumented operation/,
    );
  });

  it("accepts a file of a media type the response lists, and no other", () => {
    const csv = {
      ...received("GET", "/api/v1/reports/summary?start_date=2026-01-01&end_date=2026-01-31&format=csv", 200),
      text: "group_key\r\n",
      contentType: "text/csv; charset=utf-8",
    };
    expect(() => check(csv)).not.toThrow();
    const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    expect(() => check({ ...csv, path: "/api/reports/detailed?format=xlsx", contentType: xlsx })).not.toThrow();
    expect(() => check({ ...csv, contentType: "text/html" })).toThrow(
      /answered text\/html, but the document lists only application\/json, text\/csv/,
    );
    expect(() => check({ ...received("GET", "/api/v1/projects", 200), text: "a,b", contentType: "text/csv" })).toThrow(
      /lists only application\/json for GET \/projects/,
    );
  });

  it("leaves health probes and the reference page alone", () => {
    expect(() => check(received("GET", "/health/ready", 503, { status: "unavailable" }))).not.toThrow();
    expect(() => check({ ...received("GET", "/docs", 200), text: "<!doctype html>" })).not.toThrow();
  });
});
