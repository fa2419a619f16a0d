import type { Permission } from "../../shared/identity";
import type { Collection, CollectionSpec, DocumentStore, StoredDocument } from "../../shared/storage/port";
import { APPLICATIONS, type ApplicationDocument } from "./application";

/** An authorization code: `_id` is its SHA-256. Good once, for 10 minutes. */
export interface CodeDocument extends StoredDocument {
  client_id: string;
  user_id: string;
  organization_id: string;
  /** Where the code was sent. */
  redirect_uri: string;
  /**
   * True when the authorization request left `redirect_uri` out (one was registered): the
   * token request may then leave it out too. Absent on codes stored before this was kept,
   * which all named it.
   */
  redirect_uri_omitted?: boolean;
  scopes: Permission[];
  /** The PKCE S256 challenge, or null when the request had none. */
  code_challenge: string | null;
  /** Epoch milliseconds. */
  expires_at: number;
  /** Set when exchanged; a second exchange revokes what the first issued. */
  used: boolean;
  /** The token family the exchange starts: revoked as a whole on replay. */
  family: string;
}

/** What a user granted an application; `_id` is `<user id>:<client id>` (`consentIdOf`). */
export interface ConsentDocument extends StoredDocument {
  user_id: string;
  client_id: string;
  scopes: Permission[];
  created_at: string;
  /** ISO 8601: when scopes were last granted, or last used (a code from remembered consent, tokens issued under it). */
  updated_at: string;
}

export const consentIdOf = (userId: string, clientId: string) => `${userId}:${clientId}`;

/** An OAuth refresh token: `_id` is its SHA-256; one family per code or device approval. */
export interface OAuthRefreshTokenDocument extends StoredDocument {
  family: string;
  client_id: string;
  user_id: string;
  scopes: Permission[];
  /** Epoch milliseconds. */
  expires_at: number;
  spent: boolean;
}

export type DeviceCodeStatus = "pending" | "approved" | "denied" | "used";

/** A device authorization (RFC 8628): `_id` is the SHA-256 of the device code. */
export interface DeviceCodeDocument extends StoredDocument {
  /** What the person types, without its dash: unique among stored codes (an expired one gives its code up when a new one draws it). */
  user_code: string;
  client_id: string;
  scopes: Permission[];
  status: DeviceCodeStatus;
  /** Set on approval. */
  user_id: string | null;
  /** Epoch milliseconds. */
  expires_at: number;
  /** Seconds a client must wait between polls; grows by 5 on each `slow_down`. */
  interval: number;
  /** Epoch milliseconds of the last poll, or 0. */
  last_polled_at: number;
  family: string;
}

// The `expires_at` and `updated_at` indexes serve the sweep (sweep.ts).
export const CODES: CollectionSpec = {
  name: "oauth_codes",
  indexes: [{ fields: { user_id: 1, client_id: 1 } }, { fields: { expires_at: 1 } }],
};
export const CONSENTS: CollectionSpec = {
  name: "oauth_consents",
  indexes: [{ fields: { user_id: 1, created_at: 1 } }, { fields: { client_id: 1 } }, { fields: { updated_at: 1 } }],
};
export const REFRESH_TOKENS: CollectionSpec = {
  name: "oauth_refresh_tokens",
  indexes: [
    { fields: { family: 1 } },
    { fields: { user_id: 1, client_id: 1 } },
    { fields: { client_id: 1 } },
    { fields: { expires_at: 1 } },
  ],
};
export const DEVICE_CODES: CollectionSpec = {
  name: "oauth_device_codes",
  indexes: [{ fields: { user_code: 1 }, unique: true }, { fields: { expires_at: 1 } }],
};

/** The collections the oauth service owns, opened once. */
export interface OAuthCollections {
  applications: Collection<ApplicationDocument>;
  codes: Collection<CodeDocument>;
  consents: Collection<ConsentDocument>;
  refreshTokens: Collection<OAuthRefreshTokenDocument>;
  deviceCodes: Collection<DeviceCodeDocument>;
}

export async function openOAuthCollections(store: DocumentStore): Promise<OAuthCollections> {
  const [applications, codes, consents, refreshTokens, deviceCodes] = await Promise.all([
    store.collection<ApplicationDocument>(APPLICATIONS),
    store.collection<CodeDocument>(CODES),
    store.collection<ConsentDocument>(CONSENTS),
    store.collection<OAuthRefreshTokenDocument>(REFRESH_TOKENS),
    store.collection<DeviceCodeDocument>(DEVICE_CODES),
  ]);
  return { applications, codes, consents, refreshTokens, deviceCodes };
}
