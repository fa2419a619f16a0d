import { z } from "zod";
import { PERMISSIONS, type Permission } from "../../shared/identity";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

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

export const API_KEY_PREFIX = "tt_live_";

/** A key as listed: never the key itself. */
export interface ApiKey {
  id: string;
  name: string;
  permissions: Permission[];
  prefix: string;
  last_four: string;
  user_id: string;
  created_at: string;
  last_used_at: string | null;
}

/** A key as its creation answers it: the one time the key itself is shown. */
export type CreatedApiKey = ApiKey & { key: string };

const apiKeyFields = {
  id: idSchema("apiKey"),
  name: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)).describe("What the key may do, never beyond its user's role"),
  prefix: z.string().describe("The start of every key: `tt_live_`"),
  last_four: z.string().describe("The key's last four characters, to tell keys apart"),
  user_id: idSchema("user").describe("The user the key acts as"),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
};

export const apiKeySchema = z
  .object(apiKeyFields)
  .meta({ id: "ApiKey", description: "An API key as shown after its creation: never the key itself" });
assertSameShape<SameShape<z.output<typeof apiKeySchema>, ApiKey>>();

export const createdApiKeySchema = z
  .object({
    ...apiKeyFields,
    key: z
      .string()
      .describe("The key itself, shown only in this answer: store it now")
      .meta({ examples: ["tt_live_..."] }),
  })
  .meta({ id: "CreatedApiKey" });
assertSameShape<SameShape<z.output<typeof createdApiKeySchema>, CreatedApiKey>>();

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
