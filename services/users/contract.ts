/**
 * What the users service shows the world: an invitation as its answers show it. The people
 * it manages are shown as the auth service's contract shapes them. Imports only `shared/`
 * and packages.
 */
import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";

/** The roles an invitation can offer: an organization has one owner, its founder. */
export type InvitedRole = "admin" | "member";

/** An invitation as read back: never its token. */
export interface Invitation {
  id: string;
  organization_id: string;
  email: string;
  role: InvitedRole;
  invited_by: string;
  expires_at: string;
  created_at: string;
}

/** An invitation as its creation answers it: the one time the token is shown. */
export type CreatedInvitation = Invitation & { token: string };

const invitationFields = {
  id: idSchema("invitation"),
  organization_id: idSchema("organization"),
  email: z.string(),
  role: z.enum(["admin", "member"]),
  invited_by: idSchema("user"),
  expires_at: timestamp,
  created_at: timestamp,
};

export const invitationSchema = z
  .object(invitationFields)
  .meta({ id: "Invitation", description: "A pending invitation as read back: never its token" });
assertSameShape<SameShape<z.output<typeof invitationSchema>, Invitation>>();

export const createdInvitationSchema = z
  .object({ ...invitationFields, token: z.string().describe("Shown only here: the invitee sends it to `POST /auth/invitations/accept`") })
  .meta({ id: "CreatedInvitation" });
assertSameShape<SameShape<z.output<typeof createdInvitationSchema>, CreatedInvitation>>();
