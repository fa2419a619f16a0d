import { randomInt } from "node:crypto";
import { randomSecret, sha256 } from "../../shared/auth/secrets";
import { newId } from "../../shared/ids";
import { DuplicateKeyError } from "../../shared/storage/port";
import type { Account } from "../auth/client";
import type { ApplicationDocument } from "./application";
import { authenticateClient } from "./client-authentication";
import type { Clock } from "./clock";
import type { DeviceCodeDocument } from "./documents";
import { issueTokens, type GrantSettings } from "./grants";
import { field, refuse } from "./protocol";
import { isSubset, parseScope } from "./scopes";
import type { TokenResponse, BasicCredentials, FormFields, ProtocolResult, DeviceAuthorization } from "./contract";
import type { OAuthStores } from "./oauth-stores";

/** The device authorization grant (RFC 8628): for command-line tools and desktop trackers. */

export const DEVICE_CODE_TTL_SECONDS = 600;
export const DEVICE_POLL_INTERVAL_SECONDS = 5;
/** Consonants only (RFC 8628 §6.1): no vowels to spell words, nothing to confuse with digits. */
const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
const USER_CODE_LENGTH = 8;

function newUserCode(): string {
  return Array.from({ length: USER_CODE_LENGTH }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]).join("");
}

/** `BCDFGHJK` as shown: `BCDF-GHJK`. */
export const displayUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What a person typed, as stored: upper case, without dashes or spaces; null when it cannot be a code. */
export function normalizeUserCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  return code.length === USER_CODE_LENGTH && [...code].every((c) => USER_CODE_ALPHABET.includes(c)) ? code : null;
}

/** RFC 8628 §3.1-3.2: a new device code and user code for the client. */
export async function startDeviceAuthorization(
  stores: Pick<OAuthStores, "applications" | "deviceCodes">,
  form: FormFields,
  basic: BasicCredentials,
  verificationUri: string,
  clock: Clock,
): Promise<ProtocolResult<DeviceAuthorization>> {
  const client = await authenticateClient(stores.applications, form, basic);
  if (!client.ok) return client;
  const app = client.body;
  const scopes = parseScope(field(form, "scope"), app.scopes);
  if (scopes === null || scopes.length === 0 || !isSubset(scopes, app.scopes))
    return refuse("invalid_scope", "scope names a scope the application is not registered for");
  const now = clock();
  const deviceCode = randomSecret(48);
  for (let attempt = 0; ; attempt++) {
    const userCode = newUserCode();
    const doc: DeviceCodeDocument = {
      _id: sha256(deviceCode),
      user_code: userCode,
      client_id: app.client_id,
      scopes,
      status: "pending",
      user_id: null,
      expires_at: now + DEVICE_CODE_TTL_SECONDS * 1000,
      interval: DEVICE_POLL_INTERVAL_SECONDS,
      last_polled_at: 0,
      family: newId("event"),
    };
    try {
      await stores.deviceCodes.insert(doc);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError) || attempt >= 5) throw error;
      // The user code is taken. An expired holder gives it up; the other expired codes stay
      // until the sweep, so that their clients still hear `expired_token` when they poll.
      await stores.deviceCodes.releaseExpired(userCode, now);
      continue;
    }
    return {
      ok: true,
      body: {
        device_code: deviceCode,
        user_code: displayUserCode(userCode),
        verification_uri: verificationUri,
        verification_uri_complete: `${verificationUri}?user_code=${displayUserCode(userCode)}`,
        expires_in: DEVICE_CODE_TTL_SECONDS,
        interval: DEVICE_POLL_INTERVAL_SECONDS,
      },
    };
  }
}

/** RFC 8628 §3.4-3.5: the client polls until the person approves, denies, or the code expires. */
export async function pollDeviceCode(
  stores: OAuthStores,
  settings: GrantSettings,
  accountOf: (userId: string) => Promise<Account | null>,
  app: ApplicationDocument,
  form: FormFields,
): Promise<ProtocolResult<TokenResponse>> {
  const deviceCode = field(form, "device_code");
  if (deviceCode === undefined) return refuse("invalid_request", "device_code is required");
  const id = sha256(deviceCode);
  const doc = await stores.deviceCodes.find(id, app.client_id);
  if (!doc) return refuse("invalid_grant", "The device code is not valid");
  const now = settings.clock();
  if (doc.expires_at <= now) return refuse("expired_token", "The device code has expired; start again");
  if (doc.status === "denied") return refuse("access_denied", "The person declined");
  if (doc.status === "used") return refuse("invalid_grant", "The device code was already exchanged");
  if (doc.status === "pending") {
    const tooSoon = now - doc.last_polled_at < doc.interval * 1000;
    await stores.deviceCodes.notePoll(id, now, tooSoon);
    if (tooSoon) return refuse("slow_down", `Poll at most every ${doc.interval + 5} seconds`);
    return refuse("authorization_pending", "Waiting for the person to approve");
  }
  const claimed = await stores.deviceCodes.use(id);
  if (!claimed?.user_id) return refuse("invalid_grant", "The device code was already exchanged");
  const account = await accountOf(claimed.user_id);
  if (!account) return refuse("invalid_grant", "The user of this grant no longer has an account");
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

/** A live, pending device authorization by its user code, with its application; null otherwise. */
export async function pendingDeviceCode(
  stores: Pick<OAuthStores, "applications" | "deviceCodes">,
  userCode: string,
  clock: Clock,
): Promise<{ doc: DeviceCodeDocument; app: ApplicationDocument } | null> {
  const doc = await stores.deviceCodes.pendingByUserCode(userCode);
  if (!doc || doc.expires_at <= clock()) return null;
  const app = await stores.applications.activeByClientId(doc.client_id);
  return app ? { doc, app } : null;
}

/** The person's answer on the verification page. Only a pending, live code changes. */
export async function decideDeviceCode(
  stores: Pick<OAuthStores, "deviceCodes">,
  userCode: string,
  userId: string,
  approve: boolean,
  clock: Clock,
): Promise<boolean> {
  const decided = await stores.deviceCodes.decide(userCode, userId, approve, clock());
  return decided !== null;
}
