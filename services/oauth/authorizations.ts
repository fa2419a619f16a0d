import { markGrantRevoked } from "../../shared/auth/revocations";
import { OAUTH_ACCESS_TOKEN_TTL_SECONDS } from "../../shared/auth/tokens";
import { ApiError } from "../../shared/errors";
import type { Identity } from "../../shared/identity";
import type { KeyValueStore } from "../../shared/kv/port";
import { listEnvelope, type ListEnvelope, type Page } from "../../shared/paging";
import type { Authorization } from "./contract";
import type { OAuthStores } from "./oauth-stores";

/** The applications a person has authorized, and taking an authorization back. */

export async function listAuthorizations(
  stores: Pick<OAuthStores, "consents" | "applications">,
  who: Identity,
  page: Page,
): Promise<ListEnvelope<Authorization>> {
  const { items: consents, total } = await stores.consents.listOfUser(who.userId, page);
  const apps = consents.length === 0 ? [] : await stores.applications.byClientIds(consents.map((consent) => consent.client_id));
  const items = consents.map((consent): Authorization => {
    const app = apps.find((candidate) => candidate.client_id === consent.client_id);
    return {
      client_id: consent.client_id,
      name: app?.name ?? "(deleted application)",
      homepage_url: app?.homepage_url ?? null,
      scopes: consent.scopes,
      authorized_at: consent.created_at,
    };
  });
  return listEnvelope(items, total, page);
}

/** Takes the authorization back: the application's tokens for the caller stop at once in every gateway. */
export async function revokeAuthorization(
  stores: Pick<OAuthStores, "consents" | "refreshTokens" | "codes" | "deviceCodes">,
  kv: KeyValueStore,
  who: Identity,
  clientId: string,
): Promise<void> {
  const deleted = await stores.consents.delete(who.userId, clientId);
  if (!deleted) throw ApiError.notFound("Authorization");
  const forget = () =>
    Promise.all([
      stores.refreshTokens.deleteOfGrant(who.userId, clientId),
      stores.codes.deleteOfGrant(who.userId, clientId),
      stores.deviceCodes.deleteOfGrant(who.userId, clientId),
    ]);
  await forget();
  await markGrantRevoked(kv, who.userId, clientId, OAUTH_ACCESS_TOKEN_TTL_SECONDS);
  // A refresh that was under way when the first pass ran may have stored a new token since.
  await forget();
}
