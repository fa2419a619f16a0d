import { isPublic, type Access } from "../../shared/access";
import { ERROR_CODES, type ErrorStatus } from "../../shared/errors";
import type { DocumentedEndpoint, Operation } from "../../shared/operations";
import { PROJECT_ID_PATTERN } from "../../shared/schemas";
import { acceptedIdPattern } from "../../shared/ids";
import { noBody } from "../../shared/validation";
import { DOCUMENTED_ENDPOINTS, ROUTES, type Route } from "../routes";
import { presentInStyle, STYLE_MOUNTS, type ApiStyle } from "../styles";
import {
  HEADERS,
  IDEMPOTENCY_KEY,
  IDEMPOTENCY_KEY_PARAMETER,
  QUERY_PARAMETER_SCHEMAS,
  SECURITY_SCHEMES,
  STYLE_INFO,
  TAGS,
} from "./document-text";
import { ERROR_RESPONSES, errorBodySchema, errorCodeOf } from "./errors";
import { SchemaComponents } from "./schemas";
import {
  openApiPath,
  type JsonSchema,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type PathMethod,
  type ResponseObject,
} from "./types";

/** Where each style's document is served, under each of its mounts. */
export const DOCUMENT_FILE = "/openapi.json";

const BODY_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH"]);
const ref = (section: string, name: string) => ({ $ref: `#/components/${section}/${name}` });
const RATE_LIMIT_HEADERS = {
  "X-RateLimit-Limit": ref("headers", "X-RateLimit-Limit"),
  "X-RateLimit-Remaining": ref("headers", "X-RateLimit-Remaining"),
  "X-RateLimit-Reset": ref("headers", "X-RateLimit-Reset"),
};

/** Whether the gateway counts this operation against a rate limit. */
function isRateLimited(access: Access): boolean {
  return !isPublic(access) || access.perAddress !== undefined;
}

/** The errors any operation like this one can answer, plus its own. */
function errorStatusesOf(route: Route): ErrorStatus[] {
  const { method, path, operation } = route;
  const credentialed = !isPublic(operation.access);
  // Every routed action validates its query strictly (400); any can meet a failure or a missing service.
  const statuses = new Set<ErrorStatus>([400, 500, 503, ...(operation.errors ?? [])]);
  const add = (...more: ErrorStatus[]) => more.forEach((status) => statuses.add(status));
  if (credentialed) add(401, 403);
  if (isRateLimited(operation.access)) add(429);
  if (path.includes(":")) add(404);
  if (BODY_METHODS.has(method)) add(413, 415);
  // Idempotency-Key: the same key with another body (422), or while its first run is going (409).
  if (method === "POST" && credentialed && !operation.upload) add(409, 422);
  return [...statuses].sort((a, b) => a - b);
}

/** Who may call it, for people (the description) and for tools (`x-required-permission`, `x-required-roles`). */
function accessDocOf(access: Access): { note: string; extensions: Record<string, unknown> } {
  if (isPublic(access)) return { note: "", extensions: {} };
  const roles = access.roles.length === 3 ? "any role" : access.roles.join(" or ");
  const needs = [
    access.permission ? `the \`${access.permission}\` permission` : undefined,
    `${roles}`,
    access.sessionOnly ? "a signed-in user's access token (not an API key)" : undefined,
  ].filter(Boolean);
  return {
    note: `**Access:** ${needs.join(", ")}.`,
    extensions: {
      ...(access.permission ? { "x-required-permission": access.permission } : {}),
      "x-required-roles": [...access.roles],
      ...(access.sessionOnly ? { "x-session-only": true } : {}),
    },
  };
}

/** What an EventSource sends when it reconnects; a stream resumes after that event. */
const LAST_EVENT_ID: ParameterObject = {
  name: "Last-Event-ID",
  in: "header",
  required: false,
  description: "The id of the last event received: the stream resumes after it (an id it no longer knows gets a `reset` message first)",
  schema: { type: "string", pattern: acceptedIdPattern("event") },
};

function parametersOf(route: Route, schemas: SchemaComponents): OperationObject["parameters"] {
  const { method, path: routePath, action, operation: doc } = route;
  const credentialed = !isPublic(doc.access);
  const describe = (name: string) => (doc.parameters?.[name] ? { description: doc.parameters[name] } : {});
  const path = schemas.convert(doc.input.shape.params, "input") as { properties?: Record<string, JsonSchema> };
  const pathNames = Object.keys(path.properties ?? {});
  const templateNames = [...routePath.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  if (pathNames.join() !== templateNames.join()) {
    throw new Error(
      `${method} ${routePath}: the path names {${templateNames.join(", ")}} but ${action}'s input has {${pathNames.join(", ")}}`,
    );
  }
  const query = schemas.convert(doc.input.shape.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  const parameters: NonNullable<OperationObject["parameters"]> = [
    ...pathNames.map((name): ParameterObject => ({
      name,
      in: "path",
      required: true,
      ...describe(name),
      schema: path.properties?.[name] ?? {},
    })),
    ...Object.entries(query.properties ?? {}).map(([name, schema]): ParameterObject => {
      const known = QUERY_PARAMETER_SCHEMAS[name];
      const description = doc.parameters?.[name] ?? known?.description;
      return {
        name,
        in: "query",
        required: query.required?.includes(name) ?? false,
        ...(description ? { description } : {}),
        schema: known?.schema ?? schema,
      };
    }),
  ];
  if (method === "POST" && credentialed && !doc.upload) parameters.push(ref("parameters", IDEMPOTENCY_KEY));
  if ("stream" in doc.success) parameters.push(LAST_EVENT_ID);
  return parameters.length > 0 ? parameters : undefined;
}

function successOf(doc: Operation, schemas: SchemaComponents): ResponseObject {
  const headers: ResponseObject["headers"] = isRateLimited(doc.access) ? { ...RATE_LIMIT_HEADERS } : {};
  if ((doc.success.status === 201 || doc.success.status === 202) && doc.success.location) headers.Location = ref("headers", "Location");
  const response: ResponseObject = { description: doc.success.description };
  if (Object.keys(headers).length > 0) response.headers = headers;
  if ("image" in doc.success) {
    response.headers = { ...response.headers, ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", "Cache-Control") };
    response.content = Object.fromEntries(
      doc.success.image.map((mediaType) => [mediaType, { schema: { type: "string", contentMediaType: mediaType } }]),
    );
  } else if ("stream" in doc.success) {
    response.content = {
      "text/event-stream": {
        // OpenAPI 3.1 has `schema` describe each message of an event stream, as parsed.
        schema: {
          type: "object",
          description:
            "One Server-Sent Events message: `id:` (the event id), `event:` (its type, or `reset` when the stream cannot resume) and one `data:` line of JSON, which `x-event-data` describes for the events. Lines starting with `:` are comments (heartbeats).",
          properties: {
            event: { type: "string", description: "The event's type" },
            data: { type: "string", description: "One line of JSON" },
            id: { type: "string", description: "The event's id, to resume from with `Last-Event-ID`" },
            retry: { type: "integer", minimum: 0, description: "How long to wait before reconnecting, in milliseconds" },
          },
          required: ["event", "data"],
        },
        "x-event-data": schemas.convert(doc.success.stream.event, "output"),
      },
    };
  } else if (doc.success.status !== 204) {
    response.content = { "application/json": { schema: schemas.convert(doc.success.body, "output") } };
    // Files (exports) are documented beside the JSON, as bytes of their own media type.
    for (const mediaType of doc.success.files ?? [])
      response.content[mediaType] = { schema: { type: "string", contentMediaType: mediaType } };
    if (doc.success.files) response.headers = { ...response.headers, "Content-Disposition": ref("headers", "Content-Disposition") };
  }
  return response;
}

function operationOf(route: Route, operationId: string, schemas: SchemaComponents): OperationObject {
  const doc = route.operation;
  const parameters = parametersOf(route, schemas);
  const body = doc.input.shape.body === noBody ? undefined : schemas.convert(doc.input.shape.body, "input");
  const responses: OperationObject["responses"] = { [String(doc.success.status)]: successOf(doc, schemas) };
  for (const other of "otherwise" in doc.success ? (doc.success.otherwise ?? []) : []) {
    responses[String(other.status)] = {
      description: other.description,
      ...(isRateLimited(doc.access) ? { headers: { ...RATE_LIMIT_HEADERS } } : {}),
      content: { "application/json": { schema: schemas.convert(other.body, "output") } },
    };
  }
  if ("image" in doc.success)
    responses["304"] = {
      description: "Not modified: the `ETag` sent in `If-None-Match` is the image's",
      headers: { ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", "Cache-Control") },
    };
  for (const status of errorStatusesOf(route)) responses[String(status)] = ref("responses", ERROR_RESPONSES[errorCodeOf(status)].name);
  const access = accessDocOf(doc.access);
  const description = [doc.description, access.note].filter(Boolean).join("\n\n");
  return {
    operationId,
    summary: doc.summary,
    ...(description ? { description } : {}),
    tags: [doc.tag],
    ...access.extensions,
    ...(isPublic(doc.access) ? { security: [] } : {}),
    ...(parameters ? { parameters } : {}),
    ...(body ? { requestBody: requestBodyOf(doc, body) } : {}),
    responses,
  };
}

/** JSON, or for an upload a form: its text fields, then the file. */
function requestBodyOf(doc: Operation, body: JsonSchema): NonNullable<OperationObject["requestBody"]> {
  if (!doc.upload) return { required: true, content: { "application/json": { schema: body } } };
  const fields = body as { properties?: Record<string, JsonSchema>; required?: string[] };
  const { field, mediaType, maxBytes } = doc.upload;
  const schema: JsonSchema = {
    ...fields,
    properties: {
      ...fields.properties,
      [field]: {
        type: "string",
        contentMediaType: mediaType,
        description: `The file, at most ${maxBytes / (1024 * 1024)} MiB; after the other fields`,
      },
    },
    required: [...(fields.required ?? []), field],
  };
  return { required: true, content: { "multipart/form-data": { schema } } };
}

/** An endpoint the gateway serves itself (the OAuth protocol): its own bodies, errors and pages. */
function endpointOperation(endpoint: DocumentedEndpoint, schemas: SchemaComponents): OperationObject {
  const query = endpoint.query
    ? (schemas.convert(endpoint.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] })
    : undefined;
  const parameters = Object.entries(query?.properties ?? {}).map(([name, schema]): ParameterObject => ({
    name,
    in: "query",
    required: query?.required?.includes(name) ?? false,
    schema,
  }));
  const responses: OperationObject["responses"] = {};
  for (const [status, answer] of Object.entries(endpoint.responses)) {
    const response: ResponseObject = { description: answer.description };
    if (answer.body) response.content = { "application/json": { schema: schemas.convert(answer.body, "output") } };
    else if (answer.contentType) response.content = { [answer.contentType]: { schema: { type: "string" } } };
    if (status === "429") response.headers = { "Retry-After": ref("headers", "Retry-After") };
    responses[status] = response;
  }
  const form = endpoint.form ? schemas.convert(endpoint.form, "input") : undefined;
  return {
    operationId: `oauth.${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^A-Za-z]+(.)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [endpoint.tag],
    // Client authentication is HTTP Basic or fields of the body; nothing else is a credential here.
    security: endpoint.clientAuthentication ? [{ oauthClient: [] }, {}] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(form
      ? {
          requestBody: {
            required: true,
            content: { "application/x-www-form-urlencoded": { schema: form }, "application/json": { schema: form } },
          },
        }
      : {}),
    responses,
  };
}

/** The document's own operation: served by the gateway, not by a service. */
function documentOperation(): OperationObject {
  const cached = { ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", "Cache-Control") };
  return {
    operationId: "openapi.document",
    summary: "This OpenAPI document",
    description:
      "Served without a credential and counted per client address. Send `If-None-Match` with the last `ETag` to get a 304 when it has not changed.",
    tags: ["Reference"],
    security: [],
    responses: {
      "200": {
        description: "The OpenAPI 3.1 document of this style",
        headers: { ...cached, ...RATE_LIMIT_HEADERS },
        content: { "application/json": { schema: { type: "object" } } },
      },
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
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "pattern" && inner === PROJECT_ID_PATTERN.A ? PROJECT_ID_PATTERN.B : inStyleB(inner),
    ]),
  );
}

function tagsOf(used: ReadonlySet<string>): OpenApiDocument["tags"] {
  const listed: OpenApiDocument["tags"] = TAGS.filter((tag) => used.has(tag.name));
  const unlisted = [...used].filter((name) => !TAGS.some((tag) => tag.name === name)).map((name) => ({ name }));
  return [...listed, ...unlisted];
}

/**
 * The OpenAPI 3.1 document of one style: every route, with the errors and headers the
 * gateway adds.
 */
export function buildOpenApiDocument(
  style: ApiStyle,
  routes: readonly Route[] = ROUTES,
  endpoints: readonly DocumentedEndpoint[] = DOCUMENTED_ENDPOINTS,
): OpenApiDocument {
  const schemas = new SchemaComponents();
  const paths: OpenApiDocument["paths"] = { [DOCUMENT_FILE]: { get: documentOperation() } };
  const usedTags = new Set<string>(["Reference"]);
  const actionCount = new Map<string, number>();
  for (const route of routes) actionCount.set(route.action, (actionCount.get(route.action) ?? 0) + 1);
  for (const route of routes) {
    // An action served under two methods (PATCH and PUT) gets one id per method.
    const operationId = (actionCount.get(route.action) ?? 0) > 1 ? `${route.action}.${route.method.toLowerCase()}` : route.action;
    const item = (paths[openApiPath(route.path)] ??= {});
    item[route.method.toLowerCase() as PathMethod] = operationOf(route, operationId, schemas);
    usedTags.add(route.operation.tag);
  }
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    item[endpoint.method.toLowerCase() as PathMethod] = endpointOperation(endpoint, schemas);
    usedTags.add(endpoint.tag);
  }
  const responses = errorComponents(style, schemas);
  const document: OpenApiDocument = {
    openapi: "3.1.1",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: { ...STYLE_INFO[style], version: "v1", license: { name: "Apache-2.0", identifier: "Apache-2.0" } },
    servers: STYLE_MOUNTS.filter((mount) => mount.style === style).map((mount) => ({
      url: mount.path,
      description: `Style ${style} at ${mount.path}`,
    })),
    security: [{ apiKey: [] }, { bearer: [] }],
    tags: tagsOf(usedTags),
    paths,
    components: {
      schemas: schemas.schemas,
      responses,
      headers: HEADERS,
      parameters: { [IDEMPOTENCY_KEY]: IDEMPOTENCY_KEY_PARAMETER },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
  return style === "A" ? document : (inStyleB(document) as OpenApiDocument);
}

export function buildOpenApiDocuments(): Record<ApiStyle, OpenApiDocument> {
  return { A: buildOpenApiDocument("A"), B: buildOpenApiDocument("B") };
}
