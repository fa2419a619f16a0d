/**
 * Every operation the API serves, once. Each is mounted in both styles (see
 * `styles.ts`); the gateway exposes nothing that is not listed here.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiOperation {
  method: HttpMethod;
  path: string;
  action: string;
  /** Served without a credential (sign-up, sign-in and the like). */
  public?: boolean;
}

export const API_OPERATIONS: readonly ApiOperation[] = [
  { method: "GET", path: "/version", action: "system.version", public: true },

  { method: "POST", path: "/auth/register", action: "auth.register", public: true },
  { method: "POST", path: "/auth/login", action: "auth.login", public: true },
  { method: "POST", path: "/auth/refresh", action: "auth.refresh", public: true },
  { method: "POST", path: "/auth/logout", action: "auth.logout", public: true },

  { method: "POST", path: "/auth/invitations/accept", action: "users.acceptInvitation", public: true },

  { method: "GET", path: "/users", action: "users.list" },
  { method: "POST", path: "/users/invitations", action: "users.invite" },
  { method: "GET", path: "/users/:id", action: "users.get" },
  { method: "PATCH", path: "/users/:id", action: "users.changeRole" },
  { method: "DELETE", path: "/users/:id", action: "users.remove" },

  { method: "GET", path: "/organization", action: "auth.getOrganization" },
  { method: "PATCH", path: "/organization", action: "auth.renameOrganization" },

  { method: "GET", path: "/api-keys", action: "auth.listApiKeys" },
  { method: "POST", path: "/api-keys", action: "auth.createApiKey" },
  { method: "DELETE", path: "/api-keys/:id", action: "auth.revokeApiKey" },

  { method: "GET", path: "/time-entries", action: "timeEntries.list" },
  { method: "POST", path: "/time-entries", action: "timeEntries.create" },
  { method: "GET", path: "/time-entries/current", action: "timeEntries.current" },
  { method: "POST", path: "/time-entries/start", action: "timeEntries.start" },
  { method: "POST", path: "/time-entries/stop", action: "timeEntries.stop" },
  { method: "GET", path: "/time-entries/:id", action: "timeEntries.get" },
  { method: "PUT", path: "/time-entries/:id", action: "timeEntries.update" },
  { method: "DELETE", path: "/time-entries/:id", action: "timeEntries.remove" },
  { method: "GET", path: "/projects", action: "projects.list" },
  { method: "POST", path: "/projects", action: "projects.create" },
  { method: "GET", path: "/projects/:id", action: "projects.get" },
  { method: "PATCH", path: "/projects/:id", action: "projects.update" },
  { method: "PUT", path: "/projects/:id", action: "projects.update" },
  { method: "DELETE", path: "/projects/:id", action: "projects.remove" },
  { method: "POST", path: "/projects/:id/archive", action: "projects.archive" },
  { method: "POST", path: "/projects/:id/unarchive", action: "projects.unarchive" },
  { method: "GET", path: "/projects/:id/tasks", action: "projects.listTasks" },
  { method: "POST", path: "/projects/:id/tasks", action: "projects.createTask" },
  { method: "GET", path: "/projects/:id/tasks/:task_id", action: "projects.getTask" },
  { method: "PATCH", path: "/projects/:id/tasks/:task_id", action: "projects.updateTask" },
  { method: "DELETE", path: "/projects/:id/tasks/:task_id", action: "projects.removeTask" },

  { method: "GET", path: "/webhooks", action: "webhooks.list" },
  { method: "POST", path: "/webhooks", action: "webhooks.create" },
  { method: "GET", path: "/webhooks/:id", action: "webhooks.get" },
  { method: "PATCH", path: "/webhooks/:id", action: "webhooks.update" },
  { method: "DELETE", path: "/webhooks/:id", action: "webhooks.remove" },
  { method: "POST", path: "/webhooks/:id/rotate-secret", action: "webhooks.rotateSecret" },
  { method: "POST", path: "/webhooks/:id/test", action: "webhooks.test" },
  { method: "GET", path: "/webhooks/:id/deliveries", action: "webhooks.deliveries" },
  { method: "GET", path: "/webhooks/:id/deliveries/:delivery_id", action: "webhooks.getDelivery" },
  { method: "POST", path: "/webhooks/:id/deliveries/:delivery_id/redeliver", action: "webhooks.redeliver" },
];

/** moleculer-web aliases (`"GET /projects": "projects.list"`) for one mount. */
export function aliasesOf(operations: readonly ApiOperation[]): Record<string, string> {
  return Object.fromEntries(operations.map((op) => [`${op.method} ${op.path}`, op.action]));
}

/** Actions anyone may call; every other action needs a credential. */
export const PUBLIC_ACTIONS: ReadonlySet<string> = new Set(API_OPERATIONS.filter((op) => op.public).map((op) => op.action));

/** Where a created resource can be read, by its id's prefix. */
export const COLLECTION_OF_PREFIX: Readonly<Record<string, string>> = {
  te: "time-entries",
  prj: "projects",
  proj: "projects",
  key: "api-keys",
  usr: "users",
  wh: "webhooks",
};

/**
 * Where a created resource that lives under a parent can be read: the parent's id is a
 * field of the resource (a task's `project_id`, already in the caller's style).
 */
export const NESTED_COLLECTION_OF_PREFIX: Readonly<Record<string, { parent: string; parentIdField: string; collection: string }>> = {
  task: { parent: "projects", parentIdField: "project_id", collection: "tasks" },
  whd: { parent: "webhooks", parentIdField: "webhook_id", collection: "deliveries" },
};
