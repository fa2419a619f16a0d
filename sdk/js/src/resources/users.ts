import type { APIPromise } from "../api-promise.js";
import type { RequestOptions } from "../core.js";
import type { PagePromise } from "../pagination.js";
import { path, Resource } from "../resource.js";
import type { BodyOf, CreatedInvitation, Invitation, QueryOf, Session, User } from "../types.js";

export type UserListParams = QueryOf<"users.list">;
export type UserChangeRoleParams = BodyOf<"users.changeRole">;
export type InvitationListParams = QueryOf<"users.listInvitations">;
export type InvitationCreateParams = BodyOf<"users.invite">;
export type InvitationAcceptParams = BodyOf<"users.acceptInvitation">;

/** The people of the organization. */
export class Users extends Resource {
  /** Oldest first. */
  list(params?: UserListParams, options?: RequestOptions): PagePromise<User> {
    return this.page<User>("/users", params, options);
  }

  /** One person of the organization. */
  get(id: string, options?: RequestOptions): APIPromise<User> {
    return this.call("GET", path("users", id), {}, options);
  }

  /** Owners and admins; the owner's role is fixed (`ConflictError`). */
  changeRole(id: string, params: UserChangeRoleParams, options?: RequestOptions): APIPromise<User> {
    return this.call("PATCH", path("users", id), { body: params }, options);
  }

  /** Removes a member and revokes their credentials; the owner cannot be removed. */
  remove(id: string, options?: RequestOptions): APIPromise<void> {
    return this.callForNothing("DELETE", path("users", id), options);
  }
}

/** Invitations into the organization, and accepting one. */
export class Invitations extends Resource {
  /** Pending invitations, newest first (owners and admins). */
  list(params?: InvitationListParams, options?: RequestOptions): PagePromise<Invitation> {
    return this.page<Invitation>("/users/invitations", params, options);
  }

  /** The answer carries the one-time `token` the invitee joins with. */
  create(params: InvitationCreateParams, options?: RequestOptions): APIPromise<CreatedInvitation> {
    return this.call("POST", "/users/invitations", { body: params }, options);
  }

  /** One invitation (without its token). */
  get(id: string, options?: RequestOptions): APIPromise<Invitation> {
    return this.call("GET", path("users", "invitations", id), {}, options);
  }

  /** Withdraws an invitation: its token no longer works. */
  revoke(id: string, options?: RequestOptions): APIPromise<void> {
    return this.callForNothing("DELETE", path("users", "invitations", id), options);
  }

  /** Joins with an invitation's token (no credential needed): the new account and a session. */
  accept(params: InvitationAcceptParams, options?: RequestOptions): APIPromise<Session> {
    return this.callUnwrapped("POST", "/auth/invitations/accept", params, options);
  }
}
