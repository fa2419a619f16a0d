import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { z } from "zod";
import { EVERY_ROLE, isPublic } from "../../shared/access";
import type { Operation } from "../../shared/operations";
import { PROJECT_ID_PATTERN } from "../../shared/schemas";
import { noBody } from "../../shared/validation";
import { DOCUMENTED_ENDPOINTS, ROUTES, type Route } from "../routes";
import { buildOpenApiDocument, buildOpenApiDocuments } from "./document";
import { SchemaComponents } from "./schemas";
import { openApiPath, type JsonSchema, type OpenApiDocument, type OperationObject, type PathMethod } from "./types";

const documents = buildOpenApiDocuments();
const styles = ["A", "B"] as const;

function operationsOf(document: OpenApiDocument): { method: PathMethod; path: string; operation: OperationObject }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method as PathMethod, path, operation: operation as OperationObject })),
  );
}

/** Every JSON Schema the document embeds: named ones, and every `schema` of a parameter, body, response or header. */
function schemasOf(document: OpenApiDocument): { where: string; schema: JsonSchema }[] {
  const found: { where: string; schema: JsonSchema }[] = Object.entries(document.components.schemas).map(([name, schema]) => ({
    where: `components.schemas.${name}`,
    schema,
  }));
  const walk = (value: unknown, where: string): void => {
    if (value === null || typeof value !== "object") return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === "schema" && inner !== null && typeof inner === "object")
        found.push({ where: `${where}.schema`, schema: inner as JsonSchema });
      else if (key !== "schemas") walk(inner, `${where}.${key}`);
    }
  };
  walk({ paths: document.paths, components: document.components }, "");
  return found;
}

function refsOf(value: unknown): string[] {
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === "$ref" && typeof inner === "string" ? [inner] : refsOf(inner)));
}

function resolves(document: OpenApiDocument, ref: string): boolean {
  if (!ref.startsWith("#/")) return false;
  let node: unknown = document;
  for (const part of ref.slice(2).split("/")) {
    const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
    if (node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

describe.each(styles)("the Style %s OpenAPI document", (style) => {
  const document = documents[style];

  it("is an OpenAPI 3.1 document with servers, security schemes and tags", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toContain(`Style ${style}`);
    expect(document.servers.map((s) => s.url)).toEqual(style === "A" ? ["/api/v1", "/v1"] : ["/api"]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["apiKey", "bearer", "oauthClient"]);
    const tags = new Set(document.tags.map((t) => t.name));
    for (const { operation } of operationsOf(document)) for (const tag of operation.tags) expect(tags).toContain(tag);
  });

  it("embeds only schemas that are valid JSON Schema 2020-12", () => {
    const ajv = new Ajv2020({ strict: true });
    addFormats(ajv);
    const schemas = schemasOf(document);
    expect(schemas.length).toBeGreaterThan(50);
    const invalid = schemas.filter(({ schema }) => !ajv.validateSchema(schema)).map(({ where }) => `${where}: ${ajv.errorsText()}`);
    expect(invalid).toEqual([]);
  });

  it("compiles every schema in place, with every reference resolved, in ajv's strict mode", () => {
    const ajv = new Ajv2020({ strict: true });
    addFormats(ajv);
    // The document's own fields are not schema keywords: known, so that strict mode checks only the schemas.
    ajv.addVocabulary(Object.keys(document));
    ajv.addSchema(document as object, "doc", undefined, false);
    const unresolved = refsOf(document).filter((ref) => !resolves(document, ref));
    expect(unresolved).toEqual([]);
    for (const name of Object.keys(document.components.schemas))
      expect(() => ajv.compile({ $ref: `doc#/components/schemas/${name}` })).not.toThrow();
  });

  it("gives every operation a unique id, a summary, a success response and its errors", () => {
    const operations = operationsOf(document);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect({ method, path, success: statuses.some((s) => /^2\d\d$/.test(s)) }).toEqual({ method, path, success: true });
      expect(operation.summary.length).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(status).toMatch(/^[1-5]\d\d$/);
        expect("$ref" in response || response.description.length > 0).toBe(true);
      }
    }
  });

  it("declares each path parameter of a template, and only those", () => {
    for (const { method, path, operation } of operationsOf(document)) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? []).flatMap((p) => ("in" in p && p.in === "path" ? [p.name] : []));
      expect({ method, path, declared }).toEqual({ method, path, declared: inTemplate });
    }
  });

  it("marks public operations with an empty security list and leaves the rest to the document's", () => {
    for (const route of ROUTES) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as PathMethod];
      const open = isPublic(route.operation.access);
      expect({ op: route.action, security: operation?.security }).toEqual({ op: route.action, security: open ? [] : undefined });
      if (!open) expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(["401", "403", "429"]));
    }
    expect(document.security).toEqual([{ apiKey: [] }, { bearer: [] }]);
  });

  it("shows who may call each operation that takes a credential", () => {
    for (const route of ROUTES) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as PathMethod];
      const access = route.operation.access;
      if (isPublic(access)) {
        expect({ op: route.action, roles: operation?.["x-required-roles"] }).toEqual({ op: route.action, roles: undefined });
        continue;
      }
      expect({ op: route.action, permission: operation?.["x-required-permission"], roles: operation?.["x-required-roles"] }).toEqual({
        op: route.action,
        permission: access.permission,
        roles: [...access.roles],
      });
      expect(operation?.description).toMatch(/\*\*Access:\*\*/);
    }
  });

  it("shows project ids with its own prefix", () => {
    const text = JSON.stringify(document);
    const other = style === "A" ? "B" : "A";
    expect(text).toContain(JSON.stringify(PROJECT_ID_PATTERN[style]));
    expect(text).not.toContain(JSON.stringify(PROJECT_ID_PATTERN[other]));
    expect(document.components.schemas.Project?.properties).toMatchObject({ id: { pattern: PROJECT_ID_PATTERN[style] } });
  });

  it("describes errors in its style's shape", () => {
    const notFound = document.components.schemas["Error.NotFound"];
    if (style === "A") expect(notFound).toMatchObject({ properties: { error: { properties: { code: { const: "not_found" } } } } });
    else expect(notFound).toMatchObject({ properties: { error: { type: "string" }, code: { const: "NOT_FOUND" } } });
  });
});

describe("the documents together", () => {
  it("document the same operations in both styles", () => {
    const signatures = (document: OpenApiDocument) =>
      operationsOf(document).map(({ method, path, operation }) => `${method} ${path} ${operation.operationId}`);
    expect(signatures(documents.B)).toEqual(signatures(documents.A));
  });

  it("document every route, once per method, and nothing else", () => {
    const routed = [
      ...ROUTES.map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`),
      ...DOCUMENTED_ENDPOINTS.map((endpoint) => `${endpoint.method.toLowerCase()} ${endpoint.path}`),
    ].sort();
    const documented = operationsOf(documents.A)
      .map(({ method, path }) => `${method} ${path}`)
      .filter((op) => op !== "get /openapi.json")
      .sort();
    expect(documented).toEqual(routed);
  });

  it("document a request body exactly for the operations whose input takes one", () => {
    for (const route of ROUTES) {
      const operation = documents.A.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as PathMethod];
      const takesBody = route.operation.input.shape.body !== noBody;
      expect({ action: route.action, body: operation?.requestBody !== undefined }).toEqual({ action: route.action, body: takesBody });
    }
  });
});

describe("building a document", () => {
  const input = z.object({ params: z.object({ id: z.string() }).strict(), query: z.object({}).strict(), body: noBody });
  const thing = (path: string): Operation => ({
    method: "GET",
    path,
    summary: "Read a thing",
    tag: "Things",
    resource: "Thing",
    input,
    access: { permission: "projects:read", roles: EVERY_ROLE },
    success: { status: 200, description: "The thing", body: z.object({ data: z.object({ id: z.string() }) }) },
  });
  const routeOf = (path: string): Route => ({ method: "GET", path, action: "things.get", operation: thing(path) });

  it("refuses an input whose path parameters differ from the route's", () => {
    expect(() => buildOpenApiDocument("A", [routeOf("/things/:thing_id")], [])).toThrow(/things\.get/);
  });

  it("documents each route with the errors every operation of its kind can give", () => {
    const document = buildOpenApiDocument("A", [routeOf("/things/:id")], []);
    expect(Object.keys(document.paths).sort()).toEqual(["/openapi.json", "/things/{id}"]);
    expect(Object.keys(document.paths["/things/{id}"]?.get?.responses ?? {})).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "429",
      "500",
      "503",
    ]);
    expect(document.paths["/things/{id}"]?.get?.["x-required-permission"]).toBe("projects:read");
  });

  it("refuses two different schemas under one name, and shares one schema used twice", () => {
    const components = new SchemaComponents();
    components.add("Thing", { type: "string" });
    expect(components.add("Thing", { type: "string" })).toBe("#/components/schemas/Thing");
    expect(() => components.add("Thing", { type: "number" })).toThrow(/Thing/);
  });
});
