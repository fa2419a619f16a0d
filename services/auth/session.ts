import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

/** `_id` is the SHA-256 of the token; a family is one login's chain of rotations. */
export interface RefreshTokenDocument extends StoredDocument {
  family: string;
  user_id: string;
  organization_id: string;
  /** Epoch milliseconds. */
  expires_at: number;
  /** Set when the token has been exchanged; using it again revokes the family. */
  spent: boolean;
}

export const REFRESH_TOKENS: CollectionSpec = {
  name: "refresh_tokens",
  indexes: [{ fields: { family: 1 } }, { fields: { user_id: 1 } }, { fields: { expires_at: 1 } }],
};
