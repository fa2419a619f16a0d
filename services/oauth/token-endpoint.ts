import { createHash } from "node:crypto";
import { sha256 } from "../../shared/auth/secrets";
import type { Account } from "../auth/client";
import type { ApplicationDocument } from "./application";
import { authenticateClient } from "./client-authentication";
import { issueTokens, revokeFamily, type GrantSettings } from "./grants";
import { field, refuse } from "./protocol";
import { isSubset, parseScope } from "./scopes";
import { pollDeviceCode } from "./device-flow";
import { DEVICE_CODE_GRANT, type TokenResponse, type BasicCredentials, type FormFields, type ProtocolResult } from "./contract";
import type { OAuthStores } from "./oauth-stores";

/** Who a grant's user is now: null once they are gone. */
export type AccountLookup = (userId: string) => Promise<Account | null>;

const GONE = () => refuse("invalid_grant", "The user of this grant no longer has an account");

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

function s256(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/** Exchanges an authorization code (RFC 6749 §4.1.3, RFC 7636 §4.6). */
async function exchangeCode(
  stores: OAuthStores,
  settings: GrantSettings,
  accountOf: AccountLookup,
  app: ApplicationDocument,
  form: FormFields,
): Promise<ProtocolResult<TokenResponse>> {
  const code = field(form, "code");
  const redirectUri = field(form, "redirect_uri");
  const verifier = field(form, "code_verifier");
  if (code === undefined) return refuse("invalid_request", "code is required");
  if (redirectUri === undefined) return refuse("invalid_request", "redirect_uri is required: the one of the authorization request");
  const id = sha256(code);
  // Claimed atomically: of two concurrent exchanges, one wins and the other is a replay.
  const claimed = await stores.codes.use(id, app.client_id);
  if (!claimed) {
    const spent = await stores.codes.find(id, app.client_id);
    if (spent?.used) {
      await revokeFamily(stores, settings.kv, spent.family);
      return refuse("invalid_grant", "The authorization code was already used; the tokens issued for it are revoked");
    }
    return refuse("invalid_grant", "The authorization code is not valid");
  }
  if (claimed.expires_at <= settings.clock()) return refuse("invalid_grant", "The authorization code has expired");
  if (claimed.redirect_uri !== redirectUri) return refuse("invalid_grant", "redirect_uri differs from the authorization request's");
  if (claimed.code_challenge !== null) {
    if (verifier === undefined) return refuse("invalid_grant", "code_verifier is required: the authorization request had a code_challenge");
    if (!VERIFIER.test(verifier) || s256(verifier) !== claimed.code_challenge)
      return refuse("invalid_grant", "code_verifier does not match the code_challenge");
  } else if (verifier !== undefined) {
    // RFC 9700 §4.8.2: a verifier without a challenge is a downgrade attempt.
    return refuse("invalid_grant", "code_verifier was sent, but the authorization request had no code_challenge");
  }
  const account = await accountOf(claimed.user_id);
  if (!account) return GONE();
  return {
    ok: true,
    body: await issueTokens(stores, settings, {
      app,
      account,
      family: claimed.family,
      grantScopes: claimed.scopes,
      accessScopes: claimed.scopes,
    }),
  };
}

/** Rotates a refresh token (RFC 6749 §6); a spent one presented again revokes its chain. */
async function refresh(
  stores: OAuthStores,
  settings: GrantSettings,
  accountOf: AccountLookup,
  app: ApplicationDocument,
  form: FormFields,
): Promise<ProtocolResult<TokenResponse>> {
  const token = field(form, "refresh_token");
  if (token === undefined) return refuse("invalid_request", "refresh_token is required");
  const id = sha256(token);
  const claimed = await stores.refreshTokens.spend(id, app.client_id);
  if (!claimed) {
    const spent = await stores.refreshTokens.find(id, app.client_id);
    if (spent?.spent) {
      await revokeFamily(stores, settings.kv, spent.family);
      return refuse("invalid_grant", "The refresh token was already used; every token of this grant is revoked");
    }
    return refuse("invalid_grant", "The refresh token is not valid");
  }
  if (claimed.expires_at <= settings.clock()) return refuse("invalid_grant", "The refresh token has expired");
  const asked = parseScope(field(form, "scope"), claimed.scopes);
  if (asked === null || !isSubset(asked, claimed.scopes))
    return refuse("invalid_scope", "A refresh may only narrow the scopes of the grant");
  const account = await accountOf(claimed.user_id);
  if (!account) return GONE();
  return {
    ok: true,
    body: await issueTokens(stores, settings, { app, account, family: claimed.family, grantScopes: claimed.scopes, accessScopes: asked }),
  };
}

/** The token endpoint (RFC 6749 §3.2): the client authenticates, then its grant is exchanged. */
export async function token(
  stores: OAuthStores,
  settings: GrantSettings,
  accountOf: AccountLookup,
  form: FormFields,
  basic: BasicCredentials,
): Promise<ProtocolResult<TokenResponse>> {
  const client = await authenticateClient(stores.applications, form, basic);
  if (!client.ok) return client;
  const app = client.body;
  switch (field(form, "grant_type")) {
    case "authorization_code":
      return exchangeCode(stores, settings, accountOf, app, form);
    case "refresh_token":
      return refresh(stores, settings, accountOf, app, form);
    case DEVICE_CODE_GRANT:
      return pollDeviceCode(stores, settings, accountOf, app, form);
    case undefined:
      return refuse("invalid_request", "grant_type is required");
    default:
      return refuse("unsupported_grant_type", "Supported: authorization_code, refresh_token, urn:ietf:params:oauth:grant-type:device_code");
  }
}
