import { isPermission, ROLE_PERMISSIONS, type Permission, type Role } from "../../shared/identity";
import type { ScopeInWords } from "./contract";

/** Each scope in words, for the consent page and the device approval page. */
export const SCOPE_WORDS: Readonly<Record<Permission, string>> = {
  "time_entries:read": "See your time entries",
  "time_entries:write": "Record, change and delete your time entries, and start and stop your timer",
  "projects:read": "See your organization's projects and tasks",
  "projects:write": "Create, change and delete projects and tasks",
  "users:read": "See the people of your organization",
  "users:write": "Invite, change and remove people of your organization",
  "reports:read": "See reports of recorded time",
  "screenshots:read": "See screenshots",
  "screenshots:write": "Upload and delete screenshots",
  "webhooks:read": "See your organization's webhooks and their deliveries",
  "webhooks:write": "Create, change and delete webhooks",
  "events:read": "Be told at once of changes to what you may see (live updates)",
};

export function inWords(scopes: readonly Permission[]): ScopeInWords[] {
  return scopes.map((scope) => ({ scope, words: SCOPE_WORDS[scope] }));
}

/**
 * A `scope` parameter (space-separated, RFC 6749 §3.3): the scopes it names, each once, or
 * null when it names one that is not a permission. Absent or empty: the application's own.
 */
export function parseScope(raw: string | undefined, registered: readonly Permission[]): Permission[] | null {
  if (raw === undefined || raw.trim() === "") return [...registered];
  const names = raw.split(" ").filter(Boolean);
  if (!names.every(isPermission)) return null;
  return [...new Set(names as Permission[])];
}

/** What a token of this role may carry of the scopes asked for. */
export function withinRole(scopes: readonly Permission[], role: Role): Permission[] {
  const allowed = ROLE_PERMISSIONS[role];
  return scopes.filter((scope) => allowed.includes(scope));
}

export const isSubset = (inner: readonly Permission[], outer: readonly Permission[]) => inner.every((scope) => outer.includes(scope));
