import type { Collection, DocumentStore } from "../../shared/storage/port";
import { API_KEYS, type ApiKeyDocument } from "./api-key";
import { ORGANIZATIONS, type OrganizationDocument } from "./organization";
import { PASSWORD_RESETS, type PasswordResetDocument } from "./password-reset";
import { REFRESH_TOKENS, type RefreshTokenDocument } from "./session";
import { USERS, type UserDocument } from "./user";

/** The collections of account data. Only the auth service (and the operator's tools) open them. */
export interface AccountCollections {
  organizations: Collection<OrganizationDocument>;
  users: Collection<UserDocument>;
  refreshTokens: Collection<RefreshTokenDocument>;
  apiKeys: Collection<ApiKeyDocument>;
  passwordResets: Collection<PasswordResetDocument>;
}

/** Every collection of account data, opened once. */
export async function openAccountCollections(store: DocumentStore): Promise<AccountCollections> {
  const [organizations, users, refreshTokens, apiKeys, passwordResets] = await Promise.all([
    store.collection<OrganizationDocument>(ORGANIZATIONS),
    store.collection<UserDocument>(USERS),
    store.collection<RefreshTokenDocument>(REFRESH_TOKENS),
    store.collection<ApiKeyDocument>(API_KEYS),
    store.collection<PasswordResetDocument>(PASSWORD_RESETS),
  ]);
  return { organizations, users, refreshTokens, apiKeys, passwordResets };
}
