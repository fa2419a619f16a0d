import type { Permission } from "../../shared/identity";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import { API_KEY_PREFIX, type ApiKey } from "./contract";

/** An API key as stored: only the hash of the key and its last four characters are kept. */
export interface ApiKeyDocument extends StoredDocument {
  organization_id: string;
  user_id: string;
  name: string;
  permissions: Permission[];
  /** SHA-256 of the whole key. */
  secret_hash: string;
  last_four: string;
  created_at: string;
  last_used_at: string | null;
}

export const API_KEYS: CollectionSpec = {
  name: "api_keys",
  indexes: [{ fields: { secret_hash: 1 }, unique: true }, { fields: { organization_id: 1, user_id: 1 } }],
};

export function presentApiKey(doc: ApiKeyDocument): ApiKey {
  return {
    id: doc._id,
    name: doc.name,
    permissions: doc.permissions,
    prefix: API_KEY_PREFIX,
    last_four: doc.last_four,
    user_id: doc.user_id,
    created_at: doc.created_at,
    last_used_at: doc.last_used_at,
  };
}
