import { ApiError } from "./errors";
import type { Identity, Permission, Role } from "./identity";

/**
 * Decisions §4: a credential needs the permission, and its user the role. A key acts as
 * the user who made it, so both must hold.
 */
export function requireAccess(identity: Identity, permission: Permission, roles: readonly Role[]): void {
  if (!identity.permissions.includes(permission)) {
    throw new ApiError("forbidden", `This credential lacks the ${permission} permission`, { permission });
  }
  if (!roles.includes(identity.role)) {
    throw new ApiError("forbidden", "Your role does not allow this operation", { role: identity.role });
  }
}

export const EVERY_ROLE: readonly Role[] = ["owner", "admin", "member"];
export const MANAGERS: readonly Role[] = ["owner", "admin"];
