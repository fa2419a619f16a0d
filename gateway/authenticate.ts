import type { IncomingMessage } from "node:http";
import { changedPlanFrom, planOf } from "../shared/auth/plan-changes";
import { KEY_CACHE_TTL_MS, oauthMarkKeys, oauthTokenRevoked, revokedKey, userValidAfter, validAfterOf } from "../shared/auth/revocations";
import { sha256 } from "../shared/auth/secrets";
import type { AccessClaims, TokenSigner, VerifiedClaims } from "../shared/auth/tokens";
import { ApiError } from "../shared/errors";
import { ROLE_PERMISSIONS, type Identity, type Plan } from "../shared/identity";
import { andThen, readMany, type Eventually } from "../shared/kv/eventually";
import type { KeyValueStore } from "../shared/kv/port";
import { verifiedTokenCache } from "./verified-tokens";

const API_KEY_PREFIX = "tt_live_";
const MAX_CACHED_KEYS = 10_000;
/**
 * No key is longer (they are 48 characters), and the auth service refuses to look one up
 * that is: a longer or an empty value is refused here as a wrong key, not sent on.
 */
const MAX_API_KEY_LENGTH = 200;

export interface AuthenticatorDependencies {
  signer: TokenSigner;
  kv: KeyValueStore;
}

/** Asks the auth service who a key acts as; null for an unknown key. */
export type ApiKeyResolver = (secret: string) => Promise<Identity | null>;

export type Credential = { kind: "api_key"; secret: string } | { kind: "token"; token: string };

/**
 * A refused credential. `looksGuessed` is true for credentials that never were valid (an
 * unknown key, a forged or malformed token): those count against the caller's address (see
 * `countRefusedCredential`); an expired token or a revoked key does not.
 */
export class CredentialRejected extends ApiError {
  constructor(
    message: string,
    readonly looksGuessed: boolean,
  ) {
    super("unauthorized", message);
  }
}

const unauthorized = (message: string, looksGuessed = false) => new CredentialRejected(message, looksGuessed);

/** True for a well-formed JWT whose `exp` has passed: a real token gone stale, not a guess. */
function looksExpired(token: string): boolean {
  const payload = token.split(".")[1];
  if (!payload) return false;
  try {
    const exp = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown }).exp;
    return typeof exp === "number" && exp * 1000 <= Date.now();
  } catch {
    return false;
  }
}

/** `X-API-Key: <key>`, or `Authorization: Bearer <key or access token>`. */
export function credentialOf(req: IncomingMessage): Credential | null {
  const header = req.headers["x-api-key"];
  const apiKey = Array.isArray(header) ? header[0] : header;
  if (apiKey) return { kind: "api_key", secret: apiKey.trim() };
  const authorization = req.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) return null;
  const value = match[1];
  return value.startsWith(API_KEY_PREFIX) ? { kind: "api_key", secret: value } : { kind: "token", token: value };
}

interface CachedKey {
  identity: Identity;
  resolvedAtMs: number;
  /** The key's revocation mark, its user's mark and its organization's plan mark, built once. */
  markKeys: readonly string[];
  /** The store's write count (`ImmediateReads.writeCount`) when all three marks were last read absent. */
  marksAbsentAt?: number;
}

/** Whether the three marks of a key are all absent. */
const marksAbsent = (values: readonly (string | null)[]) => values[0] === null && values[1] === null && values[2] === null;

/** A plan the operator changed overrides the one a token carries or a cached key holds. */
function withPlan(identity: Identity, changedPlan: Plan | null): Identity {
  return changedPlan === null || changedPlan === identity.plan ? identity : { ...identity, plan: changedPlan };
}

/**
 * A token's identity. An OAuth application's token may do what its scopes name and its
 * user's role allows, and no more: its permissions are enforced exactly like an API key's.
 */
function identityOfClaims(claims: AccessClaims, plan: Plan): Identity {
  const allowed = ROLE_PERMISSIONS[claims.role];
  const base = { organizationId: claims.organizationId, plan, userId: claims.userId, role: claims.role };
  if (!claims.oauth) return { ...base, permissions: allowed };
  return { ...base, permissions: claims.oauth.scopes.filter((scope) => allowed.includes(scope)), oauthClientId: claims.oauth.clientId };
}

/**
 * Turns a request's credential into an identity, once per request. Keys are cached for a
 * short time per process; marks in the shared key-value store make a revocation, a role
 * change or a plan change count at once in every gateway process.
 */
export function createAuthenticator(deps: AuthenticatorDependencies) {
  const cache = new Map<string, CachedKey>();
  const tokens = verifiedTokenCache(deps.signer);

  function identityOfKey(secret: string, resolveApiKey: ApiKeyResolver): Eventually<Identity> {
    if (secret.length === 0 || secret.length > MAX_API_KEY_LENGTH) throw unauthorized("The API key is not valid", true);
    const hash = sha256(secret);
    const entry = cache.get(hash);
    if (!entry || Date.now() - entry.resolvedAtMs > KEY_CACHE_TTL_MS) return identityOfUnknownKey(hash, secret, resolveApiKey);
    const writeCount = deps.kv.immediate?.writeCount;
    // In one process's memory a mark appears only through the store's own `set`: none has
    // been made since all three were absent, so they still are. Their look-ups, in a map
    // that also holds every caller's counters, mostly missed the CPU's caches.
    if (writeCount !== undefined && entry.marksAbsentAt === writeCount) return entry.identity;
    return andThen(readMany(deps.kv, entry.markKeys), (values) => {
      const identity = judgeKey(hash, secret, resolveApiKey, entry, values);
      if (writeCount !== undefined && marksAbsent(values)) entry.marksAbsentAt = writeCount;
      return identity;
    });
  }

  /** A key this gateway has not resolved lately: the auth service is asked. */
  async function identityOfUnknownKey(hash: string, secret: string, resolveApiKey: ApiKeyResolver): Promise<Identity> {
    const entry = await resolve(hash, secret, resolveApiKey);
    return judgeKey(hash, secret, resolveApiKey, entry, await readMany(deps.kv, entry.markKeys));
  }

  /** A key's identity from the values of its marks. */
  function judgeKey(
    hash: string,
    secret: string,
    resolveApiKey: ApiKeyResolver,
    entry: CachedKey,
    values: readonly (string | null)[],
  ): Eventually<Identity> {
    if ((values[0] ?? null) !== null) {
      cache.delete(hash);
      throw unauthorized("This API key has been revoked");
    }
    const changedPlan = changedPlanFrom(values[2] ?? null);
    if (validAfterOf(values[1] ?? null) > entry.resolvedAtMs)
      return resolve(hash, secret, resolveApiKey).then((fresh) => withPlan(fresh.identity, changedPlan));
    return withPlan(entry.identity, changedPlan);
  }

  async function resolve(hash: string, secret: string, resolveApiKey: ApiKeyResolver): Promise<CachedKey> {
    const identity = await resolveApiKey(secret);
    if (!identity) {
      cache.delete(hash);
      throw unauthorized("The API key is not valid", true);
    }
    const markKeys = [revokedKey(identity.apiKeyId ?? ""), userValidAfter(identity.userId), planOf(identity.organizationId)];
    const entry = { identity, resolvedAtMs: Date.now(), markKeys };
    if (cache.size >= MAX_CACHED_KEYS) cache.delete(cache.keys().next().value as string);
    cache.set(hash, entry);
    return entry;
  }

  function identityOfToken(token: string): Eventually<Identity> {
    const claims = tokens.verify(token);
    if (!claims) throw unauthorized("The access token is not valid or has expired", !looksExpired(token));
    const grantKeys = claims.oauth ? oauthMarkKeys(claims.userId, claims.oauth) : [];
    return andThen(readMany(deps.kv, [userValidAfter(claims.userId), planOf(claims.organizationId), ...grantKeys]), (values) =>
      judgeToken(claims, values),
    );
  }

  /** A token's identity from the values of its marks. */
  function judgeToken(claims: VerifiedClaims, values: readonly (string | null)[]): Identity {
    if (claims.issuedAtMs <= validAfterOf(values[0] ?? null)) {
      throw unauthorized("The access token is no longer valid; sign in again");
    }
    if (claims.oauth && oauthTokenRevoked(values.slice(2), claims.issuedAtMs)) {
      throw unauthorized("The access token has been revoked");
    }
    const changedPlan = changedPlanFrom(values[1] ?? null);
    return identityOfClaims(claims, changedPlan ?? claims.plan);
  }

  /**
   * The caller's identity, or the 401. On a store in memory a credential this gateway knows
   * is judged at once: the identity is returned, or the refusal thrown, without a promise;
   * anything else answers with a promise (and may also throw at once: a credential that
   * cannot be valid is refused without asking anyone).
   */
  function identify(req: IncomingMessage, resolveApiKey: ApiKeyResolver): Eventually<Identity> {
    const credential = credentialOf(req);
    if (!credential) throw unauthorized("Authentication required: send an API key in X-API-Key, or a token in Authorization: Bearer");
    return credential.kind === "api_key" ? identityOfKey(credential.secret, resolveApiKey) : identityOfToken(credential.token);
  }

  return {
    identify,

    /** `identify`, always as a promise. */
    async authenticate(req: IncomingMessage, resolveApiKey: ApiKeyResolver): Promise<Identity> {
      return identify(req, resolveApiKey);
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
