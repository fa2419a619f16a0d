import { ERROR_CODES } from "../../shared/errors";
import { noBody } from "../../shared/validation";
import { CREDENTIAL_ACTIONS } from "../admission";
import { API_OPERATIONS, type ApiOperation } from "../api-routes";
import { presentInStyle, STYLE_MOUNTS, type ApiStyle } from "../styles";
import { HEADERS, IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_PARAMETER, QUERY_PARAMETER_SCHEMAS, SECURITY_SCHEMES, STYLE_INFO, TAGS } from "./document-text";
import type { OperationDoc, OperationDocs } from "./operation";
import { OPERATION_DOCS } from "./registry";
import { PROJECT_ID_PATTERN } from "./resources/common";
import { ERROR_RESPONSES, errorBodySchema, errorCodeOf, type ErrorStatus } from "./resources/errors";
import { SchemaComponents } from "./schemas";
import { openApiPath, type JsonSchema, type OpenApiDocument, type OperationObject, type ParameterObject, type PathMethod, type ResponseObject } from "./types";

/** Where each style's document is served, under each of its mounts. */
export const DOCUMENT_FILE = "/openapi.json";

const BODY_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH"]);
const ref = (section: string, name: string) => ({ $ref: `#/components/${section}/${name}` });
const RATE_LIMIT_HEADERS = { "X-RateLimit-Limit": ref("headers", "X-RateLimit-Limit"), "X-RateLimit-Remaining": ref("headers", "X-RateLimit-Remaining"), "X-RateLimit-Reset": ref("headers", "X-RateLimit-Reset") };

/** Whether the gateway counts this operation against a rate limit. */
function isRateLimited(op: ApiOperation): boolean {
  return !op.public || CREDENTIAL_ACTIONS.has(op.action);
}

/** The errors any operation like this one can answer, plus its own. */
function errorStatusesOf(op: ApiOperation, doc: OperationDoc): ErrorStatus[] {
  // Every routed action validates its query strictly (400); any can meet a failure or a missing service.
  const statuses = new Set<ErrorStatus>([400, 500, 503, ...(doc.errors ?? [])]);
  const add = (...more: ErrorStatus[]) => more.forEach((status) => statuses.add(status));
  if (!op.public) add(401, 403);
  if (isRateLimited(op)) add(429);
  if (op.path.includes(":")) add(404);
  if (BODY_METHODS.has(op.method)) add(413, 415);
  // Idempotency-Key: the same key with another body (422), or while its first run is going (409).
  if (op.method === "POST" && !op.public) add(409, 422);
  return [...statuses].sort((a, b) => a - b);
}

function parametersOf(op: ApiOperation, doc: OperationDoc, schemas: SchemaComponents): OperationObject["parameters"] {
  const describe = (name: string) => (doc.parameters?.[name] ? { description: doc.parameters[name] } : {});
  const path = schemas.convert(doc.input.shape.params, "input") as { properties?: Record<string, JsonSchema> };
  const pathNames = Object.keys(path.properties ?? {});
  const templateNames = [...op.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  if (pathNames.join() !== templateNames.join()) {
    throw new Error(`${op.method} ${op.path}: the path names {${templateNames.join(", ")}} but ${op.action}'s input has {${pathNames.join(", ")}}`);
  }
  const query = schemas.convert(doc.input.shape.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  const parameters: NonNullable<OperationObject["parameters"]> = [
    ...pathNames.map((name): ParameterObject => ({ name, in: "path", required: true, ...describe(name), schema: path.properties?.[name] ?? {} })),
    ...Object.entries(query.properties ?? {}).map(([name, schema]): ParameterObject => {
      const known = QUERY_PARAMETER_SCHEMAS[name];
      const description = doc.parameters?.[name] ?? known?.description;
      return { name, in: "query", required: query.required?.includes(name) ?? false, ...(description ? { description } : {}), schema: known?.schema ?? schema };
    }),
  ];
  if (op.method === "POST" && !op.public) parameters.push(ref("parameters", IDEMPOTENCY_KEY));
  return parameters.length > 0 ? parameters : undefined;
}

function successOf(op: ApiOperation, doc: OperationDoc, schemas: SchemaComponents): ResponseObject {
  const headers: ResponseObject["headers"] = isRateLimited(op) ? { ...RATE_LIMIT_HEADERS } : {};
  if (doc.success.status === 201) headers.Location = ref("headers", "Location");
  const response: ResponseObject = { description: doc.success.description };
  if (Object.keys(headers).length > 0) response.headers = headers;
  if (doc.success.status !== 204) response.content = { "application/json": { schema: schemas.convert(doc.success.body, "output") } };
  return response;
}

function operationOf(op: ApiOperation, doc: OperationDoc, operationId: string, schemas: SchemaComponents): OperationObject {
  const parameters = parametersOf(op, doc, schemas);
  const body = doc.input.shape.body === noBody ? undefined : schemas.convert(doc.input.shape.body, "input");
  const responses: OperationObject["responses"] = { [String(doc.success.status)]: successOf(op, doc, schemas) };
  for (const status of errorStatusesOf(op, doc)) responses[String(status)] = ref("responses", ERROR_RESPONSES[errorCodeOf(status)].name);
  return {
    operationId,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    ...(op.public ? { security: [] } : {}),
    ...(parameters ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {}),
    responses,
  };
}

/** The document's own operation: served by the gateway, not by a service. */
function documentOperation(): OperationObject {
  const cached = { ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", "Cache-Control") };
  return {
    operationId: "openapi.document",
    summary: "This OpenAPI document",
    description: "Served without a credential and counted per client address. Send `If-None-Match` with the last `ETag` to get a 304 when it has not changed.",
    tags: ["Reference"],
    security: [],
    responses: {
      "200": { description: "The OpenAPI 3.1 document of this style", headers: { ...cached, ...RATE_LIMIT_HEADERS }, content: { "application/json": { schema: { type: "object" } } } },
      "304": { description: "Not modified since the `ETag` sent in `If-None-Match`", headers: cached },
      "429": ref("responses", ERROR_RESPONSES.rate_limited.name),
      "503": ref("responses", ERROR_RESPONSES.service_unavailable.name),
    },
  };
}

/** Error responses and their bodies, for the statuses the operations use. */
function errorComponents(style: ApiStyle, schemas: SchemaComponents): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  for (const code of Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]) {
    const { name, description } = ERROR_RESPONSES[code];
    const schema = schemas.add(`Error.${name}`, schemas.convert(errorBodySchema(style, code), "output"));
    const headers: ResponseObject["headers"] = { ...RATE_LIMIT_HEADERS };
    if (code === "rate_limited" || code === "service_unavailable") headers["Retry-After"] = ref("headers", "Retry-After");
    responses[name] = { description, headers, content: { "application/json": { schema: { $ref: schema } } } };
  }
  return responses;
}

/** Style B shows project ids as `proj_`: in its schemas' patterns and in every example. */
function inStyleB(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inStyleB);
  if (value === null || typeof value !== "object") return presentInStyle("B", value);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === "pattern" && inner === PROJECT_ID_PATTERN.A ? PROJECT_ID_PATTERN.B : inStyleB(inner)]));
}

function tagsOf(used: ReadonlySet<string>): OpenApiDocument["tags"] {
  const listed: OpenApiDocument["tags"] = TAGS.filter((tag) => used.has(tag.name));
  const unlisted = [...used].filter((name) => !TAGS.some((tag) => tag.name === name)).map((name) => ({ name }));
  return [...listed, ...unlisted];
}

/**
 * The OpenAPI 3.1 document of one style: every operation of `operations` that `docs`
 * documents (the others are left out), with the errors and headers the gateway adds.
 */
export function buildOpenApiDocument(style: ApiStyle, operations: readonly ApiOperation[] = API_OPERATIONS, docs: OperationDocs = OPERATION_DOCS): OpenApiDocument {
  const schemas = new SchemaComponents();
  const paths: OpenApiDocument["paths"] = { [DOCUMENT_FILE]: { get: documentOperation() } };
  const usedTags = new Set<string>(["Reference"]);
  const actionCount = new Map<string, number>();
  for (const op of operations) actionCount.set(op.action, (actionCount.get(op.action) ?? 0) + 1);
  for (const op of operations) {
    const doc = docs[op.action];
    if (!doc) continue;
    // An action served under two methods (PATCH and PUT) gets one id per method.
    const operationId = (actionCount.get(op.action) ?? 0) > 1 ? `${op.action}.${op.method.toLowerCase()}` : op.action;
    const item = (paths[openApiPath(op.path)] ??= {});
    item[op.method.toLowerCase() as PathMethod] = operationOf(op, doc, operationId, schemas);
    usedTags.add(doc.tag);
  }
  const responses = errorComponents(style, schemas);
  const document: OpenApiDocument = {
    openapi: "3.1.1",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: { ...STYLE_INFO[style], version: "v1", license: { name: "Apache-2.0", identifier: "Apache-2.0" } },
    servers: STYLE_MOUNTS.filter((mount) => mount.style === style).map((mount) => ({ url: mount.path, description: `Style ${style} at ${mount.path}` })),
    security: [{ apiKey: [] }, { bearer: [] }],
    tags: tagsOf(usedTags),
    paths,
    components: { schemas: schemas.schemas, responses, headers: HEADERS, parameters: { [IDEMPOTENCY_KEY]: IDEMPOTENCY_KEY_PARAMETER }, securitySchemes: SECURITY_SCHEMES },
  };
  return style === "A" ? document : (inStyleB(document) as OpenApiDocument);
}

export function buildOpenApiDocuments(): Record<ApiStyle, OpenApiDocument> {
  return { A: buildOpenApiDocument("A"), B: buildOpenApiDocument("B") };
}
