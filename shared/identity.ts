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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface Identity {
  organizationId: string;
  userId: string;
  role: Role;
  permissions: readonly Permission[];
}

/**
 * Until accounts exist, every request acts in this one organization as its owner.
 * The authentication step of the gateway is the single place that produces identities.
 */
export const DEVELOPMENT_IDENTITY: Identity = Object.freeze({
  organizationId: "org_0000000000000000000000",
  userId: "usr_0000000000000000000000",
  role: "owner",
  permissions: PERMISSIONS,
});
