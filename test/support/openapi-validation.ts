import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { buildOpenApiDocuments } from "../../gateway/openapi/document";
import { DOCUMENTED_ENDPOINTS, ROUTES } from "../../gateway/routes";
import { isReference, openApiPath, type OpenApiDocument, type PathMethod, type ResponseObject } from "../../gateway/openapi/types";
import { STYLE_MOUNTS, type ApiStyle } from "../../gateway/styles";

/**
 * Checks responses against the OpenAPI document of their style, as the gateway serves it:
 * the operation must be documented, its status listed, and its JSON body must match; a
 * body of another type (a file) must be of a media type the response lists.
 * A method the gateway does not serve on a path may only answer the style's 405 where the
 * path is served with other methods, and its 404 elsewhere. `HEAD`, which the documents leave
 * implied (docs/api.md#head-requests), is held to `GET`'s statuses, and must carry no body.
 */

/** A response as the test client received it. */
export interface ReceivedResponse {
  method: string;
  /** The request's path, with its query string if any. */
  path: string;
  status: number;
  /** The parsed JSON body, or undefined when the response was not JSON. */
  body: unknown;
  text: string;
  /** The `Content-Type` header, when there was one. */
  contentType?: string;
}

/** Served outside the API's documents: health probes, the reference page itself, the OAuth metadata, and the web application's session and files. */
const UNDOCUMENTED_PREFIXES = ["/health", "/docs", "/.well-known", "/web-session", "/assets"];

interface Template {
  path: string;
  pattern: RegExp;
  /** Literal routes win over parameterised ones (`/time-entries/current` over `/{id}`), as in the gateway. */
  parameters: number;
}

function templateOf(path: string): Template {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
  return { path, pattern: new RegExp(`^${escaped}$`), parameters: (path.match(/\{/g) ?? []).length };
}

/** The path's own template: the literal one where a literal and a parameterised one both match, as in the gateway. */
function matchTemplate(templates: readonly Template[], path: string): string | undefined {
  return templates
    .filter((t) => t.pattern.test(path))
    .sort((a, b) => a.parameters - b.parameters)
    .at(0)?.path;
}

/** JSON Pointer escaping of one reference token (RFC 6901). */
const token = (part: string) => part.replaceAll("~", "~0").replaceAll("/", "~1");

function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map(
      (e) =>
        `  ${e.instancePath || "(body)"}: ${e.message ?? e.keyword}${e.keyword === "additionalProperties" || e.keyword === "const" || e.keyword === "enum" ? ` ${JSON.stringify(e.params)}` : ""}`,
    )
    .join("\n");
}

function excerpt(text: string): string {
  return text.length > 600 ? `${text.slice(0, 600)}...` : text;
}

class ResponseValidator {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly documentTemplates: Record<ApiStyle, Template[]>;
  /** What the gateway serves under each mount: the operations, and each style's own document. */
  private readonly servedTemplates = [
    ...[...ROUTES, ...DOCUMENTED_ENDPOINTS].map((route) => ({ ...templateOf(openApiPath(route.path)), method: route.method })),
    { ...templateOf("/openapi.json"), method: "GET" },
  ];

  constructor(private readonly documents: Record<ApiStyle, OpenApiDocument>) {
    addFormats(this.ajv);
    for (const style of ["A", "B"] as const) this.ajv.addSchema(documents[style] as object, this.documentId(style), undefined, false);
    this.documentTemplates = { A: Object.keys(documents.A.paths).map(templateOf), B: Object.keys(documents.B.paths).map(templateOf) };
  }

  private documentId(style: ApiStyle): string {
    return `https://stint.test/openapi-${style}.json`;
  }

  /** One compiled validator per schema location, for the life of the process. */
  private validatorAt(style: ApiStyle, pointer: string): ValidateFunction {
    const key = `${style}#${pointer}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${this.documentId(style)}#${pointer}` });
      this.compiled.set(key, validate);
    }
    return validate;
  }

  check(received: ReceivedResponse): void {
    const path = (received.path.split("?")[0] ?? "").replace(/(.)\/$/, "$1");
    if (UNDOCUMENTED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return;
    const mount = STYLE_MOUNTS.find((m) => path === m.path || path.startsWith(`${m.path}/`));
    const style = mount?.style ?? "A";
    const document = this.documents[style];
    const what = `${received.method} ${received.path} (Style ${style}) answered ${received.status}`;
    const head = received.method === "HEAD";
    if (head && received.text !== "") throw new Error(`${what}, with a body: HEAD answers without one`);
    const asMethod = head ? "GET" : received.method;
    const method = asMethod.toLowerCase() as PathMethod;
    const relative = mount ? path.slice(mount.path.length) || "/" : undefined;

    const ownTemplate = relative === undefined ? undefined : matchTemplate(this.documentTemplates[style], relative);
    const template = ownTemplate !== undefined && document.paths[ownTemplate]?.[method] !== undefined ? ownTemplate : undefined;
    if (!template) {
      // What the gateway serves at the path's own (most literal) template, with this method.
      const servedTemplate = relative === undefined ? undefined : matchTemplate(this.servedTemplates, relative);
      const served = servedTemplate !== undefined && this.servedTemplates.some((t) => t.path === servedTemplate && t.method === asMethod);
      if (served)
        throw new Error(
          `${what}, but the OpenAPI document has no ${received.method} ${relative}: the gateway serves an undocumented operation (every route comes from an operations table: is the gateway serving something by hand?)`,
        );
      // A path served with other methods answers 405 (its `Allow` is the suites' to check); any other path 404.
      const servedOtherwise = relative !== undefined && this.servedTemplates.some((t) => t.pattern.test(relative));
      const expected = servedOtherwise ? 405 : 404;
      if (received.status !== expected)
        throw new Error(`${what}, but the gateway serves no such operation: only a ${expected} is expected`);
      if (head) return;
      this.validateBody(
        style,
        `/components/schemas/Error.${servedOtherwise ? "MethodNotAllowed" : "NotFound"}`,
        received,
        `${what} (no such operation)`,
      );
      return;
    }

    const operation = document.paths[template]?.[method];
    const answer = operation?.responses[String(received.status)];
    if (!operation || !answer) {
      const documented = Object.keys(operation?.responses ?? {}).join(", ");
      throw new Error(
        `${what}: status ${received.status} is not documented for ${received.method} ${template} (documented: ${documented})`,
      );
    }
    if (head) return;
    let pointer = `/paths/${token(template)}/${method}/responses/${received.status}`;
    let response = answer as ResponseObject;
    if (isReference(answer)) {
      const name = answer.$ref.replace("#/components/responses/", "");
      response = document.components.responses[name] as ResponseObject;
      pointer = `/components/responses/${token(name)}`;
    }
    if (!response.content) {
      if (received.text !== "")
        throw new Error(
          `${what}: the document says ${received.method} ${template} ${received.status} has no body, but it had one:\n${excerpt(received.text)}`,
        );
      return;
    }
    const mediaType = (received.contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (mediaType !== "" && mediaType !== "application/json") {
      const listed = Object.keys(response.content);
      if (!listed.includes(mediaType))
        throw new Error(
          `${what}: answered ${mediaType}, but the document lists only ${listed.join(", ")} for ${received.method} ${template} ${received.status}`,
        );
      return;
    }
    // A page (the OAuth pages answer HTML): documented as such, and not JSON.
    if (!response.content["application/json"]) {
      if (received.body !== undefined)
        throw new Error(
          `${what}: the document says ${received.method} ${template} ${received.status} is ${Object.keys(response.content).join(", ")}, but it answered JSON`,
        );
      return;
    }
    this.validateBody(
      style,
      `${pointer}/content/${token("application/json")}/schema`,
      received,
      `${what} (${received.method} ${template} ${received.status})`,
    );
  }

  checkStreamedEvent(style: ApiStyle, event: unknown): void {
    const pointer = `/paths/${token("/events/stream")}/get/responses/200/content/${token("text/event-stream")}/x-event-data`;
    const validate = this.validatorAt(style, pointer);
    if (!validate(event))
      throw new Error(
        `a streamed event does not match the OpenAPI document:\n${describeErrors(validate.errors)}\n${JSON.stringify(event)}`,
      );
  }

  private validateBody(style: ApiStyle, pointer: string, received: ReceivedResponse, what: string): void {
    if (received.body === undefined)
      throw new Error(
        `${what}: expected a JSON body, got ${received.text === "" ? "none" : `a body that is not JSON:\n${excerpt(received.text)}`}`,
      );
    const validate = this.validatorAt(style, pointer);
    if (!validate(received.body)) {
      throw new Error(
        `${what}: the body does not match the OpenAPI document:\n${describeErrors(validate.errors)}\nbody: ${excerpt(received.text)}`,
      );
    }
  }
}

let validator: ResponseValidator | undefined;

/** Throws when one event of a live stream (its `data`, parsed) is not what the documents say each message carries. */
export function checkStreamedEventAgainstOpenApi(style: ApiStyle, event: unknown): void {
  validator ??= new ResponseValidator(buildOpenApiDocuments());
  validator.checkStreamedEvent(style, event);
}

/** Throws, with a readable message, when a response is not what the documents say. */
export function checkAgainstOpenApi(received: ReceivedResponse): void {
  validator ??= new ResponseValidator(buildOpenApiDocuments());
  validator.check(received);
}

/** The same check against given documents (for testing the check itself). */
export function openApiChecker(documents: Record<ApiStyle, OpenApiDocument>): (received: ReceivedResponse) => void {
  const own = new ResponseValidator(documents);
  return (received) => own.check(received);
}
