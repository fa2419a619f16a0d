import { isManager } from "../../shared/access";
import { markKeyRevoked } from "../../shared/auth/revocations";
import { randomSecret, sha256 } from "../../shared/auth/secrets";
import { ApiError } from "../../shared/errors";
import { createdBeforeWithSecret, createdId, insertOnce, type Creation } from "../../shared/creation";
import { ROLE_PERMISSIONS, type Identity, type Permission } from "../../shared/identity";
import type { KeyValueStore } from "../../shared/kv/port";
import { listEnvelope, type ListEnvelope, type Page } from "../../shared/paging";
import { isoSeconds } from "../../shared/time";
import { presentApiKey, type ApiKeyDocument } from "./api-key";
import type { ApiKeyStore, KeyOwner } from "./api-key-store";
import { API_KEY_PREFIX, type ApiKey, type CreatedApiKey } from "./contract";
import type { CreateApiKeyBody } from "./inputs";
import type { AccountStores } from "./account-stores";

/*
 * Keys are managed by people, with a login: the operations declare `sessionOnly`, so a
 * key never reaches these functions.
 */

/** Owners and admins see every key of the organization; members their own. */
function visibleKeys(who: Identity): KeyOwner {
  return isManager(who) ? { organizationId: who.organizationId } : { organizationId: who.organizationId, userId: who.userId };
}

/** Sent again with its `Idempotency-Key`, makes no second key: a 409 names the first (`shared/creation.ts`). */
export async function createApiKey(
  keys: ApiKeyStore,
  who: Identity,
  input: CreateApiKeyBody,
  request: Creation = {},
): Promise<CreatedApiKey> {
  const allowed = ROLE_PERMISSIONS[who.role];
  const beyond = input.permissions.find((permission) => !allowed.includes(permission));
  if (beyond) throw new ApiError("forbidden", `Your role cannot grant the ${beyond} permission`, { permission: beyond });
  const key = `${API_KEY_PREFIX}${randomSecret(40)}`;
  const doc: ApiKeyDocument = {
    _id: createdId("apiKey", request),
    organization_id: who.organizationId,
    user_id: who.userId,
    name: input.name,
    permissions: [...new Set(input.permissions)],
    secret_hash: sha256(key),
    last_four: key.slice(-4),
    created_at: isoSeconds(),
    last_used_at: null,
  };
  const inserted = await insertOnce(
    doc,
    (fresh) => keys.insert(fresh),
    (id) => keys.find(who.organizationId, id),
  );
  if (!inserted.created) throw createdBeforeWithSecret("This API key", inserted.doc._id);
  return { ...presentApiKey(doc), key };
}

export async function listApiKeys(keys: ApiKeyStore, who: Identity, page: Page): Promise<ListEnvelope<ApiKey>> {
  const { items, total } = await keys.list(visibleKeys(who), page);
  return listEnvelope(items.map(presentApiKey), total, page);
}

export async function revokeApiKey(keys: ApiKeyStore, kv: KeyValueStore, who: Identity, id: string): Promise<void> {
  const deleted = await keys.delete(visibleKeys(who), id);
  if (!deleted) throw ApiError.notFound("API key");
  await markKeyRevoked(kv, id);
}

/** What a gateway needs to act on a key: who it acts as and with what, or null when unknown. */
export async function resolveApiKey(
  stores: Pick<AccountStores, "apiKeys" | "users" | "organizations">,
  secret: string,
): Promise<Identity | null> {
  const { apiKeys, users, organizations } = stores;
  const key = await apiKeys.bySecretHash(sha256(secret));
  if (!key) return null;
  const [user, organization] = await Promise.all([users.find(key.organization_id, key.user_id), organizations.find(key.organization_id)]);
  if (!user || !organization) return null;
  const allowed = ROLE_PERMISSIONS[user.role];
  const permissions: Permission[] = key.permissions.filter((permission) => allowed.includes(permission));
  await apiKeys.markUsed(key._id, isoSeconds());
  return {
    organizationId: key.organization_id,
    plan: organization.plan,
    userId: user._id,
    role: user.role,
    permissions,
    apiKeyId: key._id,
  };
}
