import { isManager } from "../../shared/access";
import { markKeyRevoked } from "../../shared/auth/revocations";
import { randomSecret, sha256 } from "../../shared/auth/secrets";
import { ApiError } from "../../shared/errors";
import { createdBeforeWithSecret, createdId, insertOnce, type Creation } from "../../shared/creation";
import { ROLE_PERMISSIONS, type Identity, type Permission } from "../../shared/identity";
import type { KeyValueStore } from "../../shared/kv/port";
import { listEnvelope, skipOf, type ListEnvelope, type Page } from "../../shared/paging";
import type { Collection, Filter } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import { presentApiKey, type ApiKeyDocument } from "./api-key";
import { API_KEY_PREFIX, type ApiKey, type CreatedApiKey } from "./contract";
import type { AccountCollections } from "./documents";
import type { CreateApiKeyBody } from "./inputs";

/*
 * Keys are managed by people, with a login: the operations declare `sessionOnly`, so a
 * key never reaches these functions.
 */

/** Owners and admins see every key of the organization; members their own. */
function visibleKeys(who: Identity): Filter {
  return isManager(who) ? { organization_id: who.organizationId } : { organization_id: who.organizationId, user_id: who.userId };
}

/** Sent again with its `Idempotency-Key`, makes no second key: a 409 names the first (`shared/creation.ts`). */
export async function createApiKey(
  keys: Collection<ApiKeyDocument>,
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
    (fresh) => keys.insertOne(fresh),
    (id) => keys.findOne({ _id: id, organization_id: who.organizationId }),
  );
  if (!inserted.created) throw createdBeforeWithSecret("This API key", inserted.doc._id);
  return { ...presentApiKey(doc), key };
}

export async function listApiKeys(keys: Collection<ApiKeyDocument>, who: Identity, page: Page): Promise<ListEnvelope<ApiKey>> {
  const filter = visibleKeys(who);
  const [items, total] = await Promise.all([
    keys.find(filter, { sort: { created_at: -1, _id: 1 }, skip: skipOf(page), limit: page.per_page }),
    keys.count(filter),
  ]);
  return listEnvelope(items.map(presentApiKey), total, page);
}

export async function revokeApiKey(keys: Collection<ApiKeyDocument>, kv: KeyValueStore, who: Identity, id: string): Promise<void> {
  const deleted = await keys.deleteOne({ ...visibleKeys(who), _id: id });
  if (!deleted) throw ApiError.notFound("API key");
  await markKeyRevoked(kv, id);
}

/** What a gateway needs to act on a key: who it acts as and with what, or null when unknown. */
export async function resolveApiKey(
  collections: Pick<AccountCollections, "apiKeys" | "users" | "organizations">,
  secret: string,
): Promise<Identity | null> {
  const { apiKeys, users, organizations } = collections;
  const key = await apiKeys.findOne({ secret_hash: sha256(secret) });
  if (!key) return null;
  const [user, organization] = await Promise.all([
    users.findOne({ _id: key.user_id, organization_id: key.organization_id }),
    organizations.findOne({ _id: key.organization_id }),
  ]);
  if (!user || !organization) return null;
  const allowed = ROLE_PERMISSIONS[user.role];
  const permissions: Permission[] = key.permissions.filter((permission) => allowed.includes(permission));
  await apiKeys.findOneAndUpdate({ _id: key._id }, { $set: { last_used_at: isoSeconds() } });
  return {
    organizationId: key.organization_id,
    plan: organization.plan,
    userId: user._id,
    role: user.role,
    permissions,
    apiKeyId: key._id,
  };
}
