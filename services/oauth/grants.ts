import { markFamilyRevoked } from "../../shared/auth/revocations";
import { randomSecret, sha256 } from "../../shared/auth/secrets";
import { OAUTH_ACCESS_TOKEN_TTL_SECONDS, type TokenSigner } from "../../shared/auth/tokens";
import type { Permission } from "../../shared/identity";
import type { KeyValueStore } from "../../shared/kv/port";
import type { Account } from "../auth/client";
import type { ApplicationDocument } from "./application";
import type { Clock } from "./clock";
import { isoSeconds } from "../../shared/time";
import { withinRole } from "./scopes";
import type { TokenResponse } from "./contract";
import type { OAuthStores } from "./oauth-stores";

/** What the oauth service needs to issue and revoke tokens. */
export interface GrantSettings {
  signer: TokenSigner;
  kv: KeyValueStore;
  refreshTokenTtlDays: number;
  clock: Clock;
}

export const REFRESH_TOKEN_PREFIX = "ort_";

/** What a new access token may carry: what was granted, within the application's scopes now and the user's role now. */
export function effectiveScopes(granted: readonly Permission[], app: ApplicationDocument, account: Account): Permission[] {
  return withinRole(
    granted.filter((scope) => app.scopes.includes(scope)),
    account.role,
  );
}

/**
 * An access token and a refresh token for a user and an application. The refresh token
 * keeps the scopes of the grant (`grantScopes`); the access token carries `accessScopes`.
 */
export async function issueTokens(
  stores: Pick<OAuthStores, "refreshTokens" | "consents">,
  settings: GrantSettings,
  grant: {
    app: ApplicationDocument;
    account: Account;
    family: string;
    grantScopes: readonly Permission[];
    accessScopes: readonly Permission[];
  },
): Promise<TokenResponse> {
  const { app, account, family } = grant;
  const scopes = effectiveScopes(grant.accessScopes, app, account);
  const refreshToken = `${REFRESH_TOKEN_PREFIX}${randomSecret(48)}`;
  const now = settings.clock();
  // The grant is in use: its consent is not stale (see sweep.ts), and stays in the person's list.
  await stores.consents.touch(account.userId, app.client_id, isoSeconds(new Date(now)));
  await stores.refreshTokens.insert({
    _id: sha256(refreshToken),
    family,
    client_id: app.client_id,
    user_id: account.userId,
    scopes: [...grant.grantScopes],
    expires_at: now + settings.refreshTokenTtlDays * 86_400_000,
    spent: false,
  });
  const accessToken = settings.signer.sign(
    {
      userId: account.userId,
      organizationId: account.organizationId,
      plan: account.plan,
      role: account.role,
      oauth: { clientId: app.client_id, scopes, family },
    },
    { ttlSeconds: OAUTH_ACCESS_TOKEN_TTL_SECONDS },
  );
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: OAUTH_ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    scope: scopes.join(" "),
  };
}

/** Ends a chain of tokens at once: its refresh tokens are deleted, its access tokens refused by every gateway. */
export async function revokeFamily(stores: Pick<OAuthStores, "refreshTokens">, kv: KeyValueStore, family: string): Promise<void> {
  await markFamilyRevoked(kv, family, OAUTH_ACCESS_TOKEN_TTL_SECONDS);
  await stores.refreshTokens.deleteFamily(family);
}
