import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";
import type { Collection, CollectionSpec, StoredDocument } from "../../shared/storage/port";

/** The roles an invitation can offer: an organization has one owner, its founder. */
export type InvitedRole = "admin" | "member";

/** `token_hash` is the SHA-256 of the one-time token sent to the invitee. */
export interface InvitationDocument extends StoredDocument {
  organization_id: string;
  email: string;
  role: InvitedRole;
  token_hash: string;
  invited_by: string;
  /** Epoch milliseconds. */
  expires_at: number;
  created_at: string;
}

export const INVITATIONS: CollectionSpec = {
  name: "invitations",
  indexes: [{ fields: { token_hash: 1 }, unique: true }, { fields: { organization_id: 1, email: 1 } }, { fields: { expires_at: 1 } }],
};

/**
 * Prunes invitations `keepAfterExpiryMs` after they expired: an expired one can no longer be
 * accepted nor listed, so nothing reads it. One `deleteMany` by age, safe on every replica.
 */
export async function pruneInvitations(
  invitations: Collection<InvitationDocument>,
  now: number,
  keepAfterExpiryMs: number,
): Promise<{ invitations: number }> {
  return { invitations: await invitations.deleteMany({ expires_at: { $lt: now - keepAfterExpiryMs } }) };
}

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

export function presentInvitation(doc: InvitationDocument): Invitation {
  return {
    id: doc._id,
    organization_id: doc.organization_id,
    email: doc.email,
    role: doc.role,
    invited_by: doc.invited_by,
    expires_at: new Date(doc.expires_at).toISOString().replace(/\.\d{3}Z$/, "Z"),
    created_at: doc.created_at,
  };
}
