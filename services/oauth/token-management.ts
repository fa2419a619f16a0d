import { oauthMarkKeys, oauthTokenRevoked, userValidAfter, validAfterOf } from "../../shared/auth/revocations";
import { sha256 } from "../../shared/auth/secrets";
import { TOKEN_AUDIENCE } from "../../shared/auth/tokens";
import type { ApplicationDocument } from "./application";
import { authenticateClient } from "./client-authentication";
import { REFRESH_TOKEN_PREFIX, revokeFamily, type GrantSettings } from "./grants";
import { field, refuse } from "./protocol";
import type { BasicCredentials, FormFields, ProtocolResult, Introspection } from "./contract";
import type { OAuthStores } from "./oauth-stores";

/** Revocation (RFC 7009) and introspection (RFC 7662) of the tokens an application holds. */

const INACTIVE: Introspection = { active: false };

type Chain = { family: string };

/**
 * Whose the token is: this application's chain, `"another"` when it is a valid token issued
 * to someone else (another application, or a person's own sign-in), null when it is no
 * token Stint knows. A refresh token is found by its hash, an access token by its signature.
 */
async function ownerOf(
  stores: Pick<OAuthStores, "refreshTokens">,
  settings: GrantSettings,
  app: ApplicationDocument,
  token: string,
): Promise<Chain | "another" | null> {
  if (token.startsWith(REFRESH_TOKEN_PREFIX)) {
    const doc = await stores.refreshTokens.byHash(sha256(token));
    if (!doc) return null;
    return doc.client_id === app.client_id ? { family: doc.family } : "another";
  }
  const claims = settings.signer.verify(token);
  if (!claims) return null;
  return claims.oauth?.clientId === app.client_id ? { family: claims.oauth.family } : "another";
}

/**
 * Ends the token's whole chain: its refresh tokens and every access token of it. An unknown
 * or expired token is fine (RFC 7009 §2.2); another client's is refused with
 * `unauthorized_client` and left alone (RFC 7009 §2.1).
 */
export async function revoke(
  stores: OAuthStores,
  settings: GrantSettings,
  form: FormFields,
  basic: BasicCredentials,
): Promise<ProtocolResult<null>> {
  const client = await authenticateClient(stores.applications, form, basic);
  if (!client.ok) return client;
  const token = field(form, "token");
  if (token === undefined) return refuse("invalid_request", "token is required");
  const owner = await ownerOf(stores, settings, client.body, token);
  if (owner === "another") return refuse("unauthorized_client", "The token was not issued to this client");
  if (owner) await revokeFamily(stores, settings.kv, owner.family);
  return { ok: true, body: null };
}

export async function introspect(
  stores: OAuthStores,
  settings: GrantSettings,
  form: FormFields,
  basic: BasicCredentials,
  issuer: string,
): Promise<ProtocolResult<Introspection>> {
  const client = await authenticateClient(stores.applications, form, basic);
  if (!client.ok) return client;
  const app = client.body;
  if (app.client_type !== "confidential") return refuse("invalid_client", "Introspection is for confidential clients");
  const token = field(form, "token");
  if (token === undefined) return refuse("invalid_request", "token is required");
  if (token.startsWith(REFRESH_TOKEN_PREFIX)) {
    const doc = await stores.refreshTokens.find(sha256(token), app.client_id);
    if (!doc || doc.spent || doc.expires_at <= settings.clock()) return { ok: true, body: INACTIVE };
    return {
      ok: true,
      body: {
        active: true,
        scope: doc.scopes.join(" "),
        client_id: app.client_id,
        sub: doc.user_id,
        token_type: "refresh_token",
        exp: Math.floor(doc.expires_at / 1000),
        iss: issuer,
      },
    };
  }
  const claims = settings.signer.verify(token);
  if (!claims?.oauth || claims.oauth.clientId !== app.client_id) return { ok: true, body: INACTIVE };
  const values = await settings.kv.getMany([userValidAfter(claims.userId), ...oauthMarkKeys(claims.userId, claims.oauth)]);
  if (claims.issuedAtMs <= validAfterOf(values[0] ?? null) || oauthTokenRevoked(values.slice(1), claims.issuedAtMs))
    return { ok: true, body: INACTIVE };
  return {
    ok: true,
    body: {
      active: true,
      scope: claims.oauth.scopes.join(" "),
      client_id: app.client_id,
      sub: claims.userId,
      token_type: "Bearer",
      exp: claims.expiresAtSeconds,
      iat: Math.floor(claims.issuedAtMs / 1000),
      iss: issuer,
      aud: TOKEN_AUDIENCE,
    },
  };
}
