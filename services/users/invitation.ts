import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { Invitation, InvitedRole } from "./contract";

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
