import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

/**
 * A password reset asked for by email. The token sent is `pwr_<_id>_<secret>`: the id finds
 * the document, and only the SHA-256 of the secret is kept, compared in constant time.
 */
export interface PasswordResetDocument extends StoredDocument {
  user_id: string;
  organization_id: string;
  secret_hash: string;
  /** Epoch milliseconds. */
  created_at: number;
  /** Epoch milliseconds: the link works until then (30 minutes after it was asked for). */
  expires_at: number;
  /** Epoch milliseconds when the link was used; `null` until then. It works once. */
  used_at: number | null;
}

export const PASSWORD_RESETS: CollectionSpec = {
  name: "password_resets",
  indexes: [{ fields: { user_id: 1, created_at: -1 } }, { fields: { expires_at: 1 } }],
};
