import { z } from "zod";
import type { presentInvitation } from "../../../services/auth/documents";
import { acceptInvitationInput, changeRoleInput, inviteInput, listUsersInput, userByIdInput } from "../../../services/users/inputs";
import type { OperationDocs } from "../operation";
import { assertSameShape, idSchema, list, single, timestamp, type SameShape } from "./common";
import { session, user } from "./accounts";

const invitation = z
  .object({
    id: idSchema("invitation"),
    organization_id: idSchema("organization"),
    email: z.string(),
    role: z.enum(["admin", "member"]),
    invited_by: idSchema("user"),
    expires_at: timestamp,
    created_at: timestamp,
    token: z.string().describe("Shown only here: the invitee sends it to `POST /auth/invitations/accept`"),
  })
  .meta({ id: "Invitation" });
assertSameShape<SameShape<z.output<typeof invitation>, ReturnType<typeof presentInvitation> & { token: string }>>();

const userId = { id: "The user's id (`usr_...`)" };

export const userOperations: OperationDocs = {
  "users.list": {
    summary: "List the organization's users",
    tag: "Users",
    input: listUsersInput,
    success: { status: 200, description: "A page of users, oldest first", body: list(user) },
    parameters: { role: "Only users with this role" },
  },
  "users.invite": {
    summary: "Invite someone to the organization",
    description: "Owners and admins only. The answer carries a one-time `token` that the invitee uses to join; it is valid for 7 days.",
    tag: "Users",
    input: inviteInput,
    success: { status: 201, description: "The invitation, with its token", body: single(invitation) },
    errors: [409],
  },
  "users.get": {
    summary: "Read one user",
    tag: "Users",
    input: userByIdInput,
    success: { status: 200, description: "The user", body: single(user) },
    parameters: userId,
  },
  "users.changeRole": {
    summary: "Change a user's role",
    description: "Owners and admins only. The owner's role is fixed (409). The user's existing access tokens stop working at once.",
    tag: "Users",
    input: changeRoleInput,
    success: { status: 200, description: "The user with the new role", body: single(user) },
    errors: [409],
    parameters: userId,
  },
  "users.remove": {
    summary: "Remove a user from the organization",
    description: "Owners and admins only. Revokes every credential the user holds. The owner cannot be removed (409).",
    tag: "Users",
    input: userByIdInput,
    success: { status: 204, description: "Removed" },
    errors: [409],
    parameters: userId,
  },
  "users.acceptInvitation": {
    summary: "Accept an invitation and sign in",
    description: "Creates the invitee's account in the inviting organization. An unknown or expired token is a 400 naming `token`.",
    tag: "Authentication",
    input: acceptInvitationInput,
    success: { status: 201, description: "The new account, its organization and a session", body: session },
    errors: [409],
  },
};
