import { EVERY_ROLE, MANAGERS, PUBLIC_WITH_TOKEN, type CredentialAccess } from "../../shared/access";
import { defineOperations } from "../../shared/operations";
import { list, single } from "../../shared/schemas";
import { sessionSchema, userSchema } from "../auth/client";
import {
  acceptInvitationInput,
  changeRoleInput,
  invitationByIdInput,
  inviteInput,
  listInvitationsInput,
  listUsersInput,
  userByIdInput,
} from "./inputs";
import { createdInvitationSchema, invitationSchema } from "./contract";

/** Everyone sees the people of their organization; owners and admins manage them (docs/api.md#users-and-invitations). */
const READ_USERS: CredentialAccess = { permission: "users:read", roles: EVERY_ROLE };
const MANAGE_USERS: CredentialAccess = { permission: "users:write", roles: MANAGERS };
/** Pending invitations name people who have not joined: only those who invite see them. */
const READ_INVITATIONS: CredentialAccess = { permission: "users:read", roles: MANAGERS };

const userId = { id: "The user's id (`usr_...`)" };
const invitationId = { id: "The invitation's id (`inv_...`)" };
const USERS = "Users";

/**
 * The people of an organization and the invitations that bring them in. The static
 * `/users/invitations` paths come before `/users/:id`, which would otherwise take them.
 */
export const userOperations = defineOperations("users", {
  list: {
    method: "GET",
    path: "/users",
    summary: "List the organization's users",
    tag: USERS,
    resource: "User",
    input: listUsersInput,
    access: READ_USERS,
    success: { status: 200, description: "A page of users, oldest first", body: list(userSchema) },
    parameters: { role: "Only users with this role" },
  },
  listInvitations: {
    method: "GET",
    path: "/users/invitations",
    summary: "List pending invitations",
    description:
      "Owners and admins only. The invitations that can still be accepted (not yet accepted, revoked or expired), newest first; never their tokens.",
    tag: USERS,
    resource: "Invitation",
    input: listInvitationsInput,
    access: READ_INVITATIONS,
    success: { status: 200, description: "A page of pending invitations, newest first", body: list(invitationSchema) },
  },
  invite: {
    method: "POST",
    path: "/users/invitations",
    summary: "Invite someone to the organization",
    description: "Owners and admins only. The answer carries a one-time `token` that the invitee uses to join; it is valid for 7 days.",
    tag: USERS,
    resource: "Invitation",
    input: inviteInput,
    access: MANAGE_USERS,
    success: {
      status: 201,
      description: "The invitation, with its token",
      body: single(createdInvitationSchema),
      location: "/users/invitations/{data.id}",
    },
    errors: [409],
  },
  getInvitation: {
    method: "GET",
    path: "/users/invitations/:id",
    summary: "Read one pending invitation",
    description: "Owners and admins only. Never shows the token. An accepted, revoked or expired invitation is a 404.",
    tag: USERS,
    resource: "Invitation",
    input: invitationByIdInput,
    access: READ_INVITATIONS,
    success: { status: 200, description: "The invitation", body: single(invitationSchema) },
    parameters: invitationId,
  },
  revokeInvitation: {
    method: "DELETE",
    path: "/users/invitations/:id",
    summary: "Revoke a pending invitation",
    description: "Owners and admins only. Its token stops working at once. An accepted or expired invitation is a 404.",
    tag: USERS,
    resource: "Invitation",
    input: invitationByIdInput,
    access: MANAGE_USERS,
    success: { status: 204, description: "Revoked" },
    parameters: invitationId,
  },
  get: {
    method: "GET",
    path: "/users/:id",
    summary: "Read one user",
    tag: USERS,
    resource: "User",
    input: userByIdInput,
    access: READ_USERS,
    success: { status: 200, description: "The user", body: single(userSchema) },
    parameters: userId,
  },
  changeRole: {
    method: "PATCH",
    path: "/users/:id",
    summary: "Change a user's role or own hourly rate",
    description:
      "Owners and admins only. The owner's role is fixed (409); a new role makes the user's existing access tokens stop working at once. `hourly_rate` is the user's own rate (`member` level), set from the beginning and replacing its history; like every rate it takes `projects:write`.",
    tag: USERS,
    resource: "User",
    input: changeRoleInput,
    access: MANAGE_USERS,
    success: { status: 200, description: "The user as changed", body: single(userSchema) },
    errors: [409],
    parameters: userId,
  },
  remove: {
    method: "DELETE",
    path: "/users/:id",
    summary: "Remove a user from the organization",
    description: "Owners and admins only. Revokes every credential the user holds. The owner cannot be removed (409).",
    tag: USERS,
    resource: "User",
    input: userByIdInput,
    access: MANAGE_USERS,
    success: { status: 204, description: "Removed" },
    errors: [409],
    parameters: userId,
  },
  acceptInvitation: {
    method: "POST",
    path: "/auth/invitations/accept",
    summary: "Accept an invitation and sign in",
    description: "Creates the invitee's account in the inviting organization. An unknown or expired token is a 400 naming `token`.",
    tag: "Authentication",
    resource: "Invitation",
    input: acceptInvitationInput,
    access: PUBLIC_WITH_TOKEN,
    success: {
      status: 201,
      description: "The new account, its organization and a session",
      body: sessionSchema,
      location: "/users/{user.id}",
    },
    errors: [409],
  },
});
