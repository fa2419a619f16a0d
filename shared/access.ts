import type { Context, Middleware, Service } from "moleculer";
import type { RequestMeta } from "./context";
import { ApiError } from "./errors";
import type { Identity, Permission, Role } from "./identity";

/** Who may call an operation that takes a credential (docs/api.md#roles-and-tenancy). */
export interface CredentialAccess {
  /** What the credential must hold; a key holds at most its user's role's permissions. */
  permission?: Permission;
  roles: readonly Role[];
  /** Only a signed-in user's own access token: API keys and OAuth applications' tokens cannot manage credentials. */
  sessionOnly?: boolean;
}

/** An operation served without a credential (sign-up, sign-in, the version). */
export interface PublicAccess {
  public: true;
  /**
   * Counted per client address. `password`: a sign-in with the body's `email` and a
   * password, whose attempts are also counted per account and held back after too many wrong
   * passwords; `token`: takes a token (refresh, invitation), and a refused one counts against
   * the address apart from passwords. The numbers: docs/api.md ("Failed sign-ins and
   * refused credentials").
   */
  perAddress?: "limited" | "password" | "token";
}

export type Access = CredentialAccess | PublicAccess;

declare module "moleculer" {
  interface ActionSchema {
    /** Who may call this action; the access middleware enforces it before the handler runs. */
    access?: Access;
  }
}

export const EVERY_ROLE: readonly Role[] = ["owner", "admin", "member"];
export const MANAGERS: readonly Role[] = ["owner", "admin"];

/** Open to anyone, not counted (the version). */
export const PUBLIC: PublicAccess = { public: true };
/** Open to anyone, counted per client address (sign-up, sign-out). */
export const PUBLIC_LIMITED: PublicAccess = { public: true, perAddress: "limited" };
/** Open to anyone, counted per address: a sign-in with an email and a password, its wrong passwords counted per account too. */
export const PUBLIC_SIGN_IN: PublicAccess = { public: true, perAddress: "password" };
/** Open to anyone, counted per address, and a refused token counts against the address. */
export const PUBLIC_WITH_TOKEN: PublicAccess = { public: true, perAddress: "token" };

export function isPublic(access: Access): access is PublicAccess {
  return "public" in access;
}

/** Owners and admins manage their organization; members manage only their own things. */
export function isManager(who: Pick<Identity, "role">): boolean {
  return MANAGERS.includes(who.role);
}

/** Throws the 403 (or 401 without a credential) that `access` calls for. */
export function requireAccess(identity: Identity | undefined, access: CredentialAccess): Identity {
  if (!identity) throw new ApiError("unauthorized", "A credential is required");
  if (access.sessionOnly && (identity.apiKeyId || identity.oauthClientId)) {
    throw new ApiError("forbidden", "This is managed with a signed-in user's access token, not with an API key or an application's token");
  }
  if (access.permission && !identity.permissions.includes(access.permission)) {
    throw new ApiError("forbidden", `This credential lacks the ${access.permission} permission`, { permission: access.permission });
  }
  if (!access.roles.includes(identity.role)) {
    throw new ApiError("forbidden", "Your role does not allow this operation", { role: identity.role });
  }
  return identity;
}

/** Contexts whose caller the middleware has admitted: routed handlers refuse any other. */
const admitted = new WeakSet<Context>();

/** The identity the access middleware admitted for this call; fails when it did not run. */
export function admittedIdentity(ctx: Context<unknown, RequestMeta>): Identity {
  const identity = ctx.meta.identity;
  if (!admitted.has(ctx) || !identity) throw new Error("access was not checked: register AccessMiddleware on the broker");
  return identity;
}

/**
 * The one place access is enforced: before an action with declared access runs, and so
 * before its input is validated (a caller without the permission learns nothing of the
 * input's schema).
 */
export const AccessMiddleware: Middleware = {
  name: "Access",
  localAction(next, action) {
    const access = action.access;
    if (!access || isPublic(access)) return next;
    return function (this: Service, ctx: Context<unknown, RequestMeta>) {
      try {
        requireAccess(ctx.meta.identity, access);
      } catch (error) {
        // Callers await a promise: a refusal must reject it, not throw past it.
        return Promise.reject(error);
      }
      admitted.add(ctx);
      return next.call(this, ctx);
    };
  },
};
