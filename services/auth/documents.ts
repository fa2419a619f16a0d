import type { Collection, DocumentStore } from "../../shared/storage/port";
import { API_KEYS, type ApiKeyDocument } from "./api-key";
import { ApiKeyStore } from "./api-key-store";
import { ORGANIZATIONS, type OrganizationDocument } from "./organization";
import { OrganizationStore } from "./organization-store";
import { RefreshTokenStore } from "./refresh-token-store";
import { REFRESH_TOKENS, type RefreshTokenDocument } from "./session";
import { USERS, type UserDocument } from "./user";
import { UserStore } from "./user-store";

/** The collections of account data. Only the auth service (and the operator's tools) open them. */
export interface AccountCollections {
  organizations: Collection<OrganizationDocument>;
  users: Collection<UserDocument>;
  refreshTokens: Collection<RefreshTokenDocument>;
  apiKeys: Collection<ApiKeyDocument>;
}

/** Every collection of account data, opened once. */
export async function openAccountCollections(store: DocumentStore): Promise<AccountCollections> {
  const [organizations, users, refreshTokens, apiKeys] = await Promise.all([
    store.collection<OrganizationDocument>(ORGANIZATIONS),
    store.collection<UserDocument>(USERS),
    store.collection<RefreshTokenDocument>(REFRESH_TOKENS),
    store.collection<ApiKeyDocument>(API_KEYS),
  ]);
  return { organizations, users, refreshTokens, apiKeys };
}

/** What the auth service's use cases (and the operator's tools) reach account data through. */
export interface AccountStores {
  organizations: OrganizationStore;
  users: UserStore;
  refreshTokens: RefreshTokenStore;
  apiKeys: ApiKeyStore;
}

/** The store of each collection of account data. */
export async function openAccountStores(store: DocumentStore): Promise<AccountStores> {
  const { organizations, users, refreshTokens, apiKeys } = await openAccountCollections(store);
  return {
    organizations: new OrganizationStore(organizations),
    users: new UserStore(users),
    refreshTokens: new RefreshTokenStore(refreshTokens),
    apiKeys: new ApiKeyStore(apiKeys),
  };
}
