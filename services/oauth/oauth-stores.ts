import type { DocumentStore } from "../../shared/storage/port";
import { ApplicationStore } from "./application-store";
import { openOAuthCollections } from "./documents";
import { CodeStore, ConsentStore, DeviceCodeStore, OAuthRefreshTokenStore } from "./grant-stores";

/** What the oauth service's use cases reach its collections through. */
export interface OAuthStores {
  applications: ApplicationStore;
  codes: CodeStore;
  consents: ConsentStore;
  refreshTokens: OAuthRefreshTokenStore;
  deviceCodes: DeviceCodeStore;
}

export async function openOAuthStores(store: DocumentStore): Promise<OAuthStores> {
  const { applications, codes, consents, refreshTokens, deviceCodes } = await openOAuthCollections(store);
  return {
    applications: new ApplicationStore(applications),
    codes: new CodeStore(codes),
    consents: new ConsentStore(consents),
    refreshTokens: new OAuthRefreshTokenStore(refreshTokens),
    deviceCodes: new DeviceCodeStore(deviceCodes),
  };
}
