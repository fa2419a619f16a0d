import { isPublic, type Access } from "../shared/access";
import { methodsOf, type HttpMethod, type Operation, type OperationTable } from "../shared/operations";
import { authOperations } from "../services/auth/operations";
import { projectOperations } from "../services/projects/operations";
import { reportOperations } from "../services/reports/operations";
import { systemOperations } from "../services/system/operations";
import { timeEntryOperations } from "../services/time-entries/operations";
import { userOperations } from "../services/users/operations";
import { webhookOperations } from "../services/webhooks/operations";
import { importOperations } from "../services/imports/operations";
import { screenshotOperations } from "../services/screenshots/operations";
import { oauthEndpoints, oauthOperations } from "../services/oauth/operations";
import { eventOperations } from "../services/events/operations";
import type { DocumentedEndpoint, Upload } from "../shared/operations";

/**
 * Every operation the API serves, read from the services' own tables: the gateway
 * declares none of its own. Each is mounted in both styles (see `styles.ts`).
 */
const TABLES: readonly OperationTable[] = [
  systemOperations,
  authOperations,
  userOperations,
  timeEntryOperations,
  projectOperations,
  reportOperations,
  importOperations,
  screenshotOperations,
  webhookOperations,
  eventOperations,
  oauthOperations,
];

/** What the gateway serves itself outside the operations (the OAuth protocol), for the documents. */
export const DOCUMENTED_ENDPOINTS: readonly DocumentedEndpoint[] = oauthEndpoints;

export interface Route {
  method: HttpMethod;
  path: string;
  /** `service.action`, as moleculer names it. */
  action: string;
  operation: Operation;
}

/** Path segments that are parameters (`:id`) come after fixed ones, so `/users/invitations` is not read as `/users/:id`. */
function specificity(path: string): string {
  return path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "1" : "0"))
    .join("");
}

function routesOf(tables: readonly OperationTable[]): Route[] {
  const routes = tables.flatMap((table) =>
    Object.entries(table.operations).flatMap(([name, operation]) =>
      methodsOf(operation).map((method) => ({ method, path: operation.path, action: `${table.service}.${name}`, operation })),
    ),
  );
  return routes.sort((a, b) => specificity(a.path).localeCompare(specificity(b.path)));
}

export const ROUTES: readonly Route[] = routesOf(TABLES);

/** The services whose operations the gateway routes: those it needs answering to serve every route. */
export const ROUTED_SERVICES: readonly string[] = [...new Set(TABLES.map((table) => table.service))];

const BY_ACTION: ReadonlyMap<string, Operation> = new Map(ROUTES.map((route) => [route.action, route.operation]));

/** The operation behind an action the gateway routes to, if it routes to it. */
export function operationOf(action: string): Operation | undefined {
  return BY_ACTION.get(action);
}

/** Who may call an action; an action the gateway does not route takes a credential like any other. */
export function accessOf(action: string): Access | undefined {
  return BY_ACTION.get(action)?.access;
}

/** A method a fixed path does not serve, which a parameterised path would otherwise take. */
export interface ShadowedMethod {
  method: HttpMethod;
  path: string;
  /** What the fixed path does serve: its `Allow`. */
  allowed: readonly HttpMethod[];
}

function templateMatches(template: string, path: string): boolean {
  const wanted = template.split("/");
  const given = path.split("/");
  return wanted.length === given.length && wanted.every((segment, at) => segment.startsWith(":") || segment === given[at]);
}

/**
 * `PUT /time-entries/current` would reach `PUT /time-entries/:id` with the id `current`.
 * A fixed path is a resource of its own, as the documents show it: the methods it does
 * not serve are a 405 there, not a lookup of an id.
 */
export function shadowedMethodsOf(routes: readonly Route[]): ShadowedMethod[] {
  const fixed = new Map<string, HttpMethod[]>();
  for (const route of routes) if (!route.path.includes(":")) fixed.set(route.path, [...(fixed.get(route.path) ?? []), route.method]);
  return [...fixed].flatMap(([path, allowed]) =>
    routes
      .filter((route) => route.path.includes(":") && !allowed.includes(route.method) && templateMatches(route.path, path))
      .map((route) => ({ method: route.method, path, allowed })),
  );
}

/**
 * moleculer-web aliases (`"GET /projects": "projects.list"`), for every mount alike, in
 * the order they must be matched: a fixed path's own answers, including its 405s, before
 * any parameterised path.
 */
export function aliasesOf<Handler, Middleware>(
  routes: readonly Route[],
  methodNotAllowed: (allowed: readonly HttpMethod[]) => Handler,
  receiveUpload: (upload: Upload) => Middleware,
): Record<string, string | Handler | (string | Middleware)[]> {
  return Object.fromEntries([
    ...shadowedMethodsOf(routes).map((shadow) => [`${shadow.method} ${shadow.path}`, methodNotAllowed(shadow.allowed)] as const),
    // An upload's form is read after the caller is admitted, then the action is called.
    ...routes.map(
      (route) =>
        [
          `${route.method} ${route.path}`,
          route.operation.upload ? [receiveUpload(route.operation.upload), route.action] : route.action,
        ] as const,
    ),
  ]);
}

/** Whether an action's answer is a stream the gateway writes itself (`gateway/live/`). */
export function isStreamAction(action: string): boolean {
  const operation = BY_ACTION.get(action);
  return operation !== undefined && "stream" in operation.success;
}

/** Whether a request (its path under the mount) is for an operation that takes a form with a file. */
export function isUploadRequest(method: string | undefined, path: string): boolean {
  const bare = path.split("?")[0] ?? "";
  return ROUTES.some((route) => route.operation.upload !== undefined && route.method === method && templateMatches(route.path, bare));
}

export function isPublicAction(action: string): boolean {
  const access = accessOf(action);
  return access !== undefined && isPublic(access);
}

/**
 * Where a created resource can be read again: the operation's `location` template
 * (`/projects/{data.project_id}/tasks/{data.id}`) filled from the body the caller sees,
 * under the base it was created in.
 */
export function locationOf(operation: Operation, baseUrl: string, shown: unknown): string | undefined {
  if (!("location" in operation.success) || !operation.success.location) return undefined;
  let complete = true;
  const path = operation.success.location.replace(/\{([\w.]+)\}/g, (_match, field: string) => {
    const value = field
      .split(".")
      .reduce<unknown>((at, key) => (at !== null && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined), shown);
    if (typeof value !== "string") complete = false;
    return encodeURIComponent(String(value));
  });
  return complete ? `${baseUrl}${path}` : undefined;
}

/** Each route as a pattern over the path under a mount (`/projects/:id` matches `/projects/prj_...`). */
const ROUTE_PATTERNS: readonly { method: string; pattern: RegExp }[] = ROUTES.map((route) => ({
  method: route.method,
  pattern: new RegExp(
    `^${route.path
      .split("/")
      .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/")}/?$`,
  ),
}));

/** Whether an operation serves `method` at `path`, a path under a style's mount. */
export function servesOperation(method: string, path: string): boolean {
  return ROUTE_PATTERNS.some((route) => route.method === method && route.pattern.test(path));
}
