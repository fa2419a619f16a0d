import { markClientRevoked } from "../../shared/auth/revocations";
import { randomSecret, sha256 } from "../../shared/auth/secrets";
import { OAUTH_ACCESS_TOKEN_TTL_SECONDS } from "../../shared/auth/tokens";
import { ApiError } from "../../shared/errors";
import { createdBeforeWithSecret, createdId, insertOnce, type Creation } from "../../shared/creation";
import { newId } from "../../shared/ids";
import type { Identity } from "../../shared/identity";
import type { KeyValueStore } from "../../shared/kv/port";
import { listEnvelope, type ListEnvelope, type Page } from "../../shared/paging";
import { isoSeconds } from "../../shared/time";
import { CLIENT_SECRET_PREFIX, PREVIOUS_SECRET_GRACE_MS, presentApplication, type ApplicationDocument } from "./application";
import type { CreateApplicationBody, UpdateApplicationBody } from "./inputs";
import { isSubset } from "./scopes";
import type { Application, ApplicationWithSecret } from "./contract";
import type { OAuthStores } from "./oauth-stores";

/*
 * The developer portal: an organization's owners and admins register applications (the
 * operations say so). Every id is looked up within the caller's organization: another
 * organization's application is a 404.
 */

type Stores = Pick<OAuthStores, "applications" | "codes" | "consents" | "refreshTokens" | "deviceCodes">;

const NOT_FOUND = () => ApiError.notFound("OAuth application");
const newSecret = () => `${CLIENT_SECRET_PREFIX}${randomSecret(48)}`;

async function ownApplication(stores: Pick<Stores, "applications">, who: Identity, id: string): Promise<ApplicationDocument> {
  const doc = await stores.applications.find(who.organizationId, id);
  if (!doc) throw NOT_FOUND();
  return doc;
}

/**
 * Sent again with its `Idempotency-Key`, makes no second application: a public one is answered
 * again, a confidential one (whose secret was shown once) is a 409 naming it (`shared/creation.ts`).
 */
export async function createApplication(
  stores: Pick<Stores, "applications">,
  who: Identity,
  input: CreateApplicationBody,
  request: Creation = {},
): Promise<ApplicationWithSecret> {
  const secret = input.client_type === "confidential" ? newSecret() : null;
  const now = isoSeconds();
  const doc: ApplicationDocument = {
    _id: createdId("oauthApplication", request),
    organization_id: who.organizationId,
    client_id: newId("oauthClient"),
    client_type: input.client_type,
    name: input.name,
    redirect_uris: input.redirect_uris,
    homepage_url: input.homepage_url,
    scopes: input.scopes,
    status: "active",
    secret_hash: secret === null ? null : sha256(secret),
    previous_secret_hash: null,
    previous_secret_expires_at: null,
    created_by: who.userId,
    created_at: now,
    updated_at: now,
  };
  const inserted = await insertOnce(
    doc,
    (fresh) => stores.applications.insert(fresh),
    (id) => stores.applications.find(who.organizationId, id),
  );
  if (inserted.created) return { ...presentApplication(doc), client_secret: secret };
  if (inserted.doc.client_type === "confidential") throw createdBeforeWithSecret("This application", inserted.doc._id);
  return { ...presentApplication(inserted.doc), client_secret: null };
}

export async function listApplications(
  stores: Pick<Stores, "applications">,
  who: Identity,
  page: Page,
): Promise<ListEnvelope<Application>> {
  const { items, total } = await stores.applications.list(who.organizationId, page);
  return listEnvelope(items.map(presentApplication), total, page);
}

export async function getApplication(stores: Pick<Stores, "applications">, who: Identity, id: string): Promise<Application> {
  return presentApplication(await ownApplication(stores, who, id));
}

/**
 * Disabling an application, or taking scopes away from it, stops its access tokens at once
 * in every gateway; refreshing later gives tokens within what it may still ask for.
 */
export async function updateApplication(
  stores: Pick<Stores, "applications">,
  kv: KeyValueStore,
  who: Identity,
  id: string,
  changes: UpdateApplicationBody,
): Promise<Application> {
  const before = await ownApplication(stores, who, id);
  const set: Partial<ApplicationDocument> = { updated_at: isoSeconds() };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.redirect_uris !== undefined) set.redirect_uris = changes.redirect_uris;
  if (changes.homepage_url !== undefined) set.homepage_url = changes.homepage_url;
  if (changes.scopes !== undefined) set.scopes = changes.scopes;
  if (changes.status !== undefined) set.status = changes.status;
  const after = await stores.applications.update(who.organizationId, id, set);
  if (!after) throw NOT_FOUND();
  const disabled = before.status === "active" && after.status === "disabled";
  if (disabled || !isSubset(before.scopes, after.scopes)) await markClientRevoked(kv, after.client_id, OAUTH_ACCESS_TOKEN_TTL_SECONDS);
  return presentApplication(after);
}

/** Deletes the application with every grant of it; its tokens stop at once. */
export async function deleteApplication(stores: Stores, kv: KeyValueStore, who: Identity, id: string): Promise<void> {
  const doc = await ownApplication(stores, who, id);
  await markClientRevoked(kv, doc.client_id, OAUTH_ACCESS_TOKEN_TTL_SECONDS);
  if (!(await stores.applications.delete(who.organizationId, id))) throw NOT_FOUND();
  await Promise.all([
    stores.refreshTokens.deleteOfClient(doc.client_id),
    stores.consents.deleteOfClient(doc.client_id),
    stores.codes.deleteOfClient(doc.client_id),
    stores.deviceCodes.deleteOfClient(doc.client_id),
  ]);
}

/** A new secret, shown once; the previous one keeps working for 24 hours. Public applications have none (409). */
export async function rotateSecret(stores: Pick<Stores, "applications">, who: Identity, id: string): Promise<ApplicationWithSecret> {
  const doc = await ownApplication(stores, who, id);
  if (doc.client_type === "public" || doc.secret_hash === null) throw ApiError.conflict("A public application has no secret to rotate");
  const secret = newSecret();
  const after = await stores.applications.updateIfSecret(who.organizationId, id, doc.secret_hash, {
    secret_hash: sha256(secret),
    previous_secret_hash: doc.secret_hash,
    previous_secret_expires_at: Date.now() + PREVIOUS_SECRET_GRACE_MS,
    updated_at: isoSeconds(),
  });
  // Another rotation won the race: its secret is the one shown there, this one was never stored.
  if (!after) throw ApiError.conflict("The secret was rotated at the same moment; read the application and try again");
  return { ...presentApplication(after), client_secret: secret };
}
