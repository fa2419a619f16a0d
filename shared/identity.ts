/**
 * Who is calling. The gateway authenticates once and passes this small identity to
 * every service in `ctx.meta.identity`; services check the organization on every id.
 */
export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  "time_entries:read",
  "time_entries:write",
  "projects:read",
  "projects:write",
  "users:read",
  "users:write",
  "reports:read",
  "screenshots:read",
  "screenshots:write",
  "webhooks:read",
  "webhooks:write",
  "events:read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** An organization's plan; it sets its Style B rate limit. */
export const PLANS = ["free", "standard", "pro", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export interface Identity {
  organizationId: string;
  plan: Plan;
  userId: string;
  role: Role;
  permissions: readonly Permission[];
  /** Set when the caller used an API key rather than an access token. */
  apiKeyId?: string;
  /** Set when the caller used an access token issued to an OAuth application: its client id. */
  oauthClientId?: string;
}

/** What each role may do at most; a key holds at most its user's role's permissions. */
const MEMBER_PERMISSIONS: readonly Permission[] = [
  "time_entries:read",
  "time_entries:write",
  "projects:read",
  "users:read",
  "reports:read",
  "screenshots:read",
  "screenshots:write",
  "events:read",
];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  member: MEMBER_PERMISSIONS,
};

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
