import type { KeyValueStore } from "../kv/port";

/**
 * Marks in the shared key-value store that every gateway process reads on every request,
 * so that a revocation takes effect at once everywhere, whatever a gateway has cached.
 */

/** How long a gateway may keep an API key it resolved before asking the auth service again. */
export const KEY_CACHE_TTL_MS = 30_000;
/** A revoked key's mark outlives every cache entry of it; after that the key is gone from the store. */
const REVOKED_KEY_MARK_TTL_MS = 10 * KEY_CACHE_TTL_MS;

/** The key of a revoked API key's mark: present (any value) while the key is revoked. */
export const revokedKey = (keyId: string) => `auth:revoked-key:${keyId}`;
/** The key of a user's mark: epoch milliseconds before which their credentials are void. */
export const userValidAfter = (userId: string) => `auth:user-valid-after:${userId}`;

export async function markKeyRevoked(kv: KeyValueStore, keyId: string): Promise<void> {
  await kv.set(revokedKey(keyId), "1", { ttlMs: REVOKED_KEY_MARK_TTL_MS });
}

export async function isKeyRevoked(kv: KeyValueStore, keyId: string): Promise<boolean> {
  return (await kv.get(revokedKey(keyId))) !== null;
}

/**
 * Credentials of this user issued before now stop working: after a role change or a
 * removal. Kept as long as an access token or a cached key can live.
 */
export async function markUserCredentialsChanged(kv: KeyValueStore, userId: string, accessTokenTtlSeconds: number): Promise<void> {
  await kv.set(userValidAfter(userId), String(Date.now()), { ttlMs: accessTokenTtlSeconds * 1000 + KEY_CACHE_TTL_MS + 60_000 });
}

/** Epoch milliseconds before which this user's credentials are void, or 0. */
export async function userCredentialsValidAfter(kv: KeyValueStore, userId: string): Promise<number> {
  return validAfterOf(await kv.get(userValidAfter(userId)));
}

/** What the value of a `userValidAfter` mark says (read it together with other marks). */
export function validAfterOf(value: string | null): number {
  return value === null ? 0 : Number(value);
}

/*
 * OAuth grants. An application's access tokens carry their client id and the family (one
 * authorization code or device approval, and every refresh of it) they belong to; three
 * marks stop them at once: a user's revocation of the application, a family revoked after
 * a replayed code or refresh token, and the application's own disabling or deletion.
 */

/** The key of a (user, application) grant's mark: epoch milliseconds before which its tokens are void. */
export const grantValidAfter = (userId: string, clientId: string) => `oauth:grant-valid-after:${userId}:${clientId}`;
/** The key of a revoked token family's mark: present while it is revoked. */
export const revokedFamily = (family: string) => `oauth:revoked-family:${family}`;
/** The key of an application's mark: epoch milliseconds before which its tokens are void. */
export const clientValidAfter = (clientId: string) => `oauth:client-valid-after:${clientId}`;

/** Marks outlive the longest access token that may still carry what they revoke. */
const markTtlMs = (accessTokenTtlSeconds: number) => accessTokenTtlSeconds * 1000 + 60_000;

export async function markGrantRevoked(kv: KeyValueStore, userId: string, clientId: string, accessTokenTtlSeconds: number): Promise<void> {
  await kv.set(grantValidAfter(userId, clientId), String(Date.now()), { ttlMs: markTtlMs(accessTokenTtlSeconds) });
}

export async function markFamilyRevoked(kv: KeyValueStore, family: string, accessTokenTtlSeconds: number): Promise<void> {
  await kv.set(revokedFamily(family), "1", { ttlMs: markTtlMs(accessTokenTtlSeconds) });
}

export async function markClientRevoked(kv: KeyValueStore, clientId: string, accessTokenTtlSeconds: number): Promise<void> {
  await kv.set(clientValidAfter(clientId), String(Date.now()), { ttlMs: markTtlMs(accessTokenTtlSeconds) });
}

/** The mark keys of an OAuth access token, in the order `oauthTokenRevoked` reads their values. */
export function oauthMarkKeys(userId: string, grant: { clientId: string; family: string }): string[] {
  return [grantValidAfter(userId, grant.clientId), revokedFamily(grant.family), clientValidAfter(grant.clientId)];
}

/** Whether the values of `oauthMarkKeys` void a token issued at `issuedAtMs`. */
export function oauthTokenRevoked(values: readonly (string | null)[], issuedAtMs: number): boolean {
  const [grant = null, family = null, client = null] = values;
  return family !== null || issuedAtMs <= validAfterOf(grant) || issuedAtMs <= validAfterOf(client);
}
