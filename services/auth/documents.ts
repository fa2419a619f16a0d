import type { Permission, Plan, Role } from "../../shared/identity";
import type { Collection, CollectionSpec, DocumentStore, StoredDocument } from "../../shared/storage/port";


export interface OrganizationDocument extends StoredDocument {
  name: string;
  plan: Plan;
  created_at: string;
  updated_at: string;
}

export interface UserDocument extends StoredDocument {
  organization_id: string;
  /** Lower-cased; one account per address across the deployment. */
  email: string;
  name: string;
  role: Role;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

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

/** `token_hash` is the SHA-256 of the one-time token sent to the invitee. */
export interface InvitationDocument extends StoredDocument {
  organization_id: string;
  email: string;
  role: Exclude<Role, "owner">;
  token_hash: string;
  invited_by: string;
  /** Epoch milliseconds. */
  expires_at: number;
  created_at: string;
}

export const INVITATIONS: CollectionSpec = {
  name: "invitations",
  indexes: [{ fields: { token_hash: 1 }, unique: true }, { fields: { organization_id: 1, email: 1 } }],
};

export function presentInvitation(doc: InvitationDocument) {
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

export const ORGANIZATIONS: CollectionSpec = { name: "organizations" };
export const USERS: CollectionSpec = { name: "users", indexes: [{ fields: { email: 1 }, unique: true }, { fields: { organization_id: 1, role: 1 } }] };
export const REFRESH_TOKENS: CollectionSpec = { name: "refresh_tokens", indexes: [{ fields: { family: 1 } }, { fields: { user_id: 1 } }] };
export const API_KEYS: CollectionSpec = {
  name: "api_keys",
  indexes: [{ fields: { secret_hash: 1 }, unique: true }, { fields: { organization_id: 1, user_id: 1 } }],
};

export const API_KEY_PREFIX = "tt_live_";

export function presentOrganization(doc: OrganizationDocument) {
  return { id: doc._id, name: doc.name, plan: doc.plan, created_at: doc.created_at, updated_at: doc.updated_at };
}

export function presentUser(doc: UserDocument) {
  return { id: doc._id, organization_id: doc.organization_id, email: doc.email, name: doc.name, role: doc.role, created_at: doc.created_at, updated_at: doc.updated_at };
}

export function presentApiKey(doc: ApiKeyDocument) {
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

export interface AccountCollections {
  organizations: Collection<OrganizationDocument>;
  users: Collection<UserDocument>;
  refreshTokens: Collection<RefreshTokenDocument>;
  apiKeys: Collection<ApiKeyDocument>;
  invitations: Collection<InvitationDocument>;
}

/** Every collection of accounts, opened once for the auth and users services alike. */
export async function openAccountCollections(store: DocumentStore): Promise<AccountCollections> {
  const [organizations, users, refreshTokens, apiKeys, invitations] = await Promise.all([
    store.collection<OrganizationDocument>(ORGANIZATIONS),
    store.collection<UserDocument>(USERS),
    store.collection<RefreshTokenDocument>(REFRESH_TOKENS),
    store.collection<ApiKeyDocument>(API_KEYS),
    store.collection<InvitationDocument>(INVITATIONS),
  ]);
  return { organizations, users, refreshTokens, apiKeys, invitations };
}
