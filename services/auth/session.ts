import { z } from "zod";
import { assertSameShape, type SameShape } from "../../shared/schemas";
import type { Collection, CollectionSpec, StoredDocument } from "../../shared/storage/port";
import { organizationSchema, type Organization } from "./organization";
import { userSchema, type User } from "./user";

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

/**
 * Prunes refresh tokens, spent or not, `keepAfterExpiryMs` after they expired. A spent token is
 * kept until then because presenting it again revokes its family; once expired it is refused
 * whatever it was. One `deleteMany` by age: any number of replicas may run it at once.
 */
export async function pruneRefreshTokens(
  refreshTokens: Collection<RefreshTokenDocument>,
  now: number,
  keepAfterExpiryMs: number,
): Promise<{ refreshTokens: number }> {
  return { refreshTokens: await refreshTokens.deleteMany({ expires_at: { $lt: now - keepAfterExpiryMs } }) };
}

/** A new access token and refresh token. */
export interface Tokens {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
}

/** A signed-in account: who, where, and the tokens to act as them. */
export type Session = { user: User; organization: Organization } & Tokens;

const tokenFields = {
  access_token: z.string().describe("Send as `Authorization: Bearer <access_token>`"),
  token_type: z.literal("Bearer"),
  expires_in: z.int().min(1).max(Number.MAX_SAFE_INTEGER).describe("Seconds until the access token expires"),
  refresh_token: z.string().describe("Good for one `POST /auth/refresh`; each refresh returns a new one"),
};

export const tokensSchema = z.object(tokenFields).meta({ id: "Tokens" });
assertSameShape<SameShape<z.output<typeof tokensSchema>, Tokens>>();

export const sessionSchema = z
  .object({ user: userSchema, organization: organizationSchema, ...tokenFields })
  .meta({ id: "Session", description: "A signed-in account: who, where, and the tokens to act as them" });
assertSameShape<SameShape<z.output<typeof sessionSchema>, Session>>();
