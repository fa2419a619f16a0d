import type { DocumentStore } from "../../shared/storage/port";
import { ApiKeyStore } from "./api-key-store";
import { openAccountCollections } from "./documents";
import { OrganizationStore } from "./organization-store";
import { PasswordResetStore } from "./password-reset-store";
import { RefreshTokenStore } from "./refresh-token-store";
import { UserStore } from "./user-store";

/** What the auth service's use cases (and the operator's tools) reach account data through. */
export interface AccountStores {
  organizations: OrganizationStore;
  users: UserStore;
  refreshTokens: RefreshTokenStore;
  apiKeys: ApiKeyStore;
  passwordResets: PasswordResetStore;
}

/** The store of each collection of account data. */
export async function openAccountStores(store: DocumentStore): Promise<AccountStores> {
  const { organizations, users, refreshTokens, apiKeys, passwordResets } = await openAccountCollections(store);
  return {
    organizations: new OrganizationStore(organizations),
    users: new UserStore(users),
    refreshTokens: new RefreshTokenStore(refreshTokens),
    apiKeys: new ApiKeyStore(apiKeys),
    passwordResets: new PasswordResetStore(passwordResets),
  };
}
