import type { IncomingMessage } from "node:http";
import { changedPlanOf } from "../shared/auth/plan-changes";
import { isKeyRevoked, KEY_CACHE_TTL_MS, userCredentialsValidAfter } from "../shared/auth/revocations";
import { sha256 } from "../shared/auth/secrets";
import type { TokenSigner } from "../shared/auth/tokens";
import { ApiError } from "../shared/errors";
import { ROLE_PERMISSIONS, type Identity, type Plan } from "../shared/identity";
import type { KeyValueStore } from "../shared/kv/port";

const API_KEY_PREFIX = "tt_live_";
const MAX_CACHED_KEYS = 10_000;

export interface AuthenticatorDependencies {
  signer: TokenSigner;
  kv: KeyValueStore;
}

/** Asks the auth service who a key acts as; null for an unknown key. */
export type ApiKeyResolver = (secret: string) => Promise<Identity | null>;

export type Credential = { kind: "api_key"; secret: string } | { kind: "token"; token: string };

/**
 * A refused credential. `looksGuessed` is true for credentials that never were valid (an
 * unknown key, a forged or malformed token): those count toward the failed-authentication
 * throttle of the caller's address; an expired token or a revoked key does not.
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
}

/** A plan the operator changed overrides the one a token carries or a cached key holds. */
function withPlan(identity: Identity, changedPlan: Plan | null): Identity {
  return changedPlan === null || changedPlan === identity.plan ? identity : { ...identity, plan: changedPlan };
}

/**
 * Turns a request's credential into an identity, once per request. Keys are cached for a
 * short time per process; marks in the shared key-value store make a revocation, a role
 * change or a plan change count at once in every gateway process.
 */
export function createAuthenticator(deps: AuthenticatorDependencies) {
  const cache = new Map<string, CachedKey>();

  async function identityOfKey(secret: string, resolveApiKey: ApiKeyResolver): Promise<Identity> {
    const hash = sha256(secret);
    let entry = cache.get(hash);
    if (!entry || Date.now() - entry.resolvedAtMs > KEY_CACHE_TTL_MS) {
      entry = await resolve(hash, secret, resolveApiKey);
    }
    const [revoked, validAfter, changedPlan] = await Promise.all([
      isKeyRevoked(deps.kv, entry.identity.apiKeyId ?? ""),
      userCredentialsValidAfter(deps.kv, entry.identity.userId),
      changedPlanOf(deps.kv, entry.identity.organizationId),
    ]);
    if (revoked) {
      cache.delete(hash);
      throw unauthorized("This API key has been revoked");
    }
    if (validAfter > entry.resolvedAtMs) entry = await resolve(hash, secret, resolveApiKey);
    return withPlan(entry.identity, changedPlan);
  }

  async function resolve(hash: string, secret: string, resolveApiKey: ApiKeyResolver): Promise<CachedKey> {
    const identity = await resolveApiKey(secret);
    if (!identity) {
      cache.delete(hash);
      throw unauthorized("The API key is not valid", true);
    }
    const entry = { identity, resolvedAtMs: Date.now() };
    if (cache.size >= MAX_CACHED_KEYS) cache.delete(cache.keys().next().value as string);
    cache.set(hash, entry);
    return entry;
  }

  async function identityOfToken(token: string): Promise<Identity> {
    const claims = deps.signer.verify(token);
    if (!claims) throw unauthorized("The access token is not valid or has expired", !looksExpired(token));
    const [validAfter, changedPlan] = await Promise.all([userCredentialsValidAfter(deps.kv, claims.userId), changedPlanOf(deps.kv, claims.organizationId)]);
    if (claims.issuedAtMs <= validAfter) {
      throw unauthorized("The access token is no longer valid; sign in again");
    }
    return { organizationId: claims.organizationId, plan: changedPlan ?? claims.plan, userId: claims.userId, role: claims.role, permissions: ROLE_PERMISSIONS[claims.role] };
  }

  return {
    async authenticate(req: IncomingMessage, resolveApiKey: ApiKeyResolver): Promise<Identity> {
      const credential = credentialOf(req);
      if (!credential) throw unauthorized("Authentication required: send an API key in X-API-Key, or a token in Authorization: Bearer");
      return credential.kind === "api_key" ? identityOfKey(credential.secret, resolveApiKey) : identityOfToken(credential.token);
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
