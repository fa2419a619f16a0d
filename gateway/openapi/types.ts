/** The parts of an OpenAPI 3.1 document that Stint's documents use. */

export type JsonSchema = { [keyword: string]: unknown };

export interface Reference {
  $ref: string;
}

export interface HeaderObject {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface MediaType {
  schema: JsonSchema;
  /** `text/event-stream`: the schema of each message's `data` (OpenAPI 3.1 has no keyword for it; 3.2's is `itemSchema`). */
  "x-event-data"?: JsonSchema;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, MediaType>;
}

export interface ParameterObject {
  name: string;
  in: "path" | "query" | "header";
  description?: string;
  required: boolean;
  schema: JsonSchema;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Who may call it: the permission a credential needs, and the roles. */
  "x-required-permission"?: string;
  "x-required-roles"?: string[];
  /** Only a signed-in user's access token, never an API key. */
  "x-session-only"?: boolean;
  /** `[]` on public operations: they take no credential. */
  security?: Record<string, string[]>[];
  parameters?: (ParameterObject | Reference)[];
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject | Reference>;
}

export type PathMethod = "get" | "post" | "put" | "patch" | "delete";
export type PathItem = Partial<Record<PathMethod, OperationObject>>;

export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string; description: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description?: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    headers: Record<string, HeaderObject>;
    parameters: Record<string, ParameterObject>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

export function isReference(value: object): value is Reference {
  return typeof (value as Partial<Reference>).$ref === "string";
}

/** `/projects/:id` as OpenAPI writes it: `/projects/{id}`. */
export function openApiPath(routePath: string): string {
  return routePath.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}
