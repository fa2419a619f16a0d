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

/*
 * A request refused for any reason but a replay changes nothing: the code or refresh token
 * is read and every check made before it is claimed, so a client that sent a wrong
 * `scope`, `redirect_uri` or `code_verifier` can send the corrected request with the same
 * one. Claiming is atomic: of two requests that both passed the checks, one wins and the
 * other is a replay, as a second use is.
 */

const CODE_REPLAYED = "The authorization code was already used; the tokens issued for it are revoked";
const REFRESH_REPLAYED = "The refresh token was already used; every token of this grant is revoked";

/** A code or refresh token used again: every token of its chain is revoked (RFC 6749 §4.1.2 and RFC 6749 §10.4). */
async function replayed(stores: OAuthStores, settings: GrantSettings, family: string, description: string) {
  await revokeFamily(stores, settings.kv, family);
  return refuse("invalid_grant", description);
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
  const id = sha256(code);
  const found = await stores.codes.find(id, app.client_id);
  if (!found) return refuse("invalid_grant", "The authorization code is not valid");
  if (found.used) return replayed(stores, settings, found.family, CODE_REPLAYED);
  if (found.expires_at <= settings.clock()) return refuse("invalid_grant", "The authorization code has expired");
  // RFC 6749 §4.1.3: required, and the same, when the authorization request named it; when it
  // did not (one URI registered), it may be left out, or name the URI the code was sent to.
  if (redirectUri === undefined && !found.redirect_uri_omitted)
    return refuse("invalid_request", "redirect_uri is required: the one of the authorization request");
  if (redirectUri !== undefined && redirectUri !== found.redirect_uri)
    return refuse("invalid_grant", "redirect_uri differs from the authorization request's");
  if (found.code_challenge !== null) {
    if (verifier === undefined) return refuse("invalid_grant", "code_verifier is required: the authorization request had a code_challenge");
    if (!VERIFIER.test(verifier) || s256(verifier) !== found.code_challenge)
      return refuse("invalid_grant", "code_verifier does not match the code_challenge");
  } else if (verifier !== undefined) {
    // RFC 9700 §4.8.2: a verifier without a challenge is a downgrade attempt.
    return refuse("invalid_grant", "code_verifier was sent, but the authorization request had no code_challenge");
  }
  const account = await accountOf(found.user_id);
  if (!account) return GONE();
  if (!(await stores.codes.use(id, app.client_id))) return replayed(stores, settings, found.family, CODE_REPLAYED);
  return {
    ok: true,
    body: await issueTokens(stores, settings, {
      app,
      account,
      family: found.family,
      grantScopes: found.scopes,
      accessScopes: found.scopes,
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
  const found = await stores.refreshTokens.find(id, app.client_id);
  if (!found) return refuse("invalid_grant", "The refresh token is not valid");
  if (found.spent) return replayed(stores, settings, found.family, REFRESH_REPLAYED);
  if (found.expires_at <= settings.clock()) return refuse("invalid_grant", "The refresh token has expired");
  const asked = parseScope(field(form, "scope"), found.scopes);
  if (asked === null || !isSubset(asked, found.scopes)) return refuse("invalid_scope", "A refresh may only narrow the scopes of the grant");
  const account = await accountOf(found.user_id);
  if (!account) return GONE();
  if (!(await stores.refreshTokens.spend(id, app.client_id))) return replayed(stores, settings, found.family, REFRESH_REPLAYED);
  return {
    ok: true,
    body: await issueTokens(stores, settings, { app, account, family: found.family, grantScopes: found.scopes, accessScopes: asked }),
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
