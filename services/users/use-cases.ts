import { hashPassword } from "../../shared/auth/passwords";
import { markKeyRevoked, markUserCredentialsChanged } from "../../shared/auth/revocations";
import { randomSecret, sha256 } from "../../shared/auth/secrets";
import { ApiError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { Identity, Role } from "../../shared/identity";
import type { KeyValueStore } from "../../shared/kv/port";
import { listEnvelope, skipOf, type Page } from "../../shared/paging";
import { DuplicateKeyError, type Collection, type Filter } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import {
  presentInvitation,
  presentOrganization,
  presentUser,
  type ApiKeyDocument,
  type InvitationDocument,
  type UserDocument,
} from "../auth/documents";
import { issueTokens, type SessionSettings, type SessionStores } from "../auth/sessions";

export interface UserStores extends SessionStores {
  apiKeys: Collection<ApiKeyDocument>;
  invitations: Collection<InvitationDocument>;
}

/** Invitations are good for a week. */
const INVITATION_TTL_MS = 7 * 86_400_000;

async function findUser(stores: UserStores, who: Identity, id: string): Promise<UserDocument> {
  const user = await stores.users.findOne({ _id: id, organization_id: who.organizationId });
  if (!user) throw ApiError.notFound("User");
  return user;
}

export async function listUsers(stores: UserStores, who: Identity, role: Role | undefined, page: Page) {
  const filter: Filter = { organization_id: who.organizationId };
  if (role) filter.role = role;
  const [items, total] = await Promise.all([
    stores.users.find(filter, { sort: { created_at: 1, _id: 1 }, skip: skipOf(page), limit: page.per_page }),
    stores.users.count(filter),
  ]);
  return listEnvelope(items.map(presentUser), total, page);
}

export async function getUser(stores: UserStores, who: Identity, id: string) {
  return presentUser(await findUser(stores, who, id));
}

/** The owner's role is fixed; everyone else can be made admin or member. Old credentials stop at once. */
export async function changeRole(stores: UserStores, kv: KeyValueStore, tokenTtlSeconds: number, who: Identity, id: string, role: Exclude<Role, "owner">) {
  const user = await findUser(stores, who, id);
  if (user.role === "owner") throw ApiError.conflict("The owner's role cannot be changed");
  const updated = await stores.users.findOneAndUpdate({ _id: id, organization_id: who.organizationId }, { $set: { role, updated_at: isoSeconds() } });
  if (!updated) throw ApiError.notFound("User");
  if (user.role !== role) await markUserCredentialsChanged(kv, id, tokenTtlSeconds);
  return presentUser(updated);
}

/** Removes a user with every credential they hold; the owner stays. */
export async function removeUser(stores: UserStores, kv: KeyValueStore, tokenTtlSeconds: number, who: Identity, id: string) {
  const user = await findUser(stores, who, id);
  if (user.role === "owner") throw ApiError.conflict("The owner of an organization cannot be removed");
  const keys = await stores.apiKeys.find({ organization_id: who.organizationId, user_id: id });
  await markUserCredentialsChanged(kv, id, tokenTtlSeconds);
  await Promise.all(keys.map((key) => markKeyRevoked(kv, key._id)));
  await stores.apiKeys.deleteMany({ organization_id: who.organizationId, user_id: id });
  await stores.refreshTokens.deleteMany({ user_id: id });
  if (!(await stores.users.deleteOne({ _id: id, organization_id: who.organizationId }))) throw ApiError.notFound("User");
  return presentUser(user);
}

export async function invite(stores: UserStores, who: Identity, email: string, role: Exclude<Role, "owner">) {
  if (await stores.users.findOne({ email })) throw ApiError.conflict("An account with this email already exists", { field: "email", reason: "conflict" });
  const token = `inv_tok_${randomSecret(40)}`;
  const doc: InvitationDocument = {
    _id: newId("invitation"),
    organization_id: who.organizationId,
    email,
    role,
    token_hash: sha256(token),
    invited_by: who.userId,
    expires_at: Date.now() + INVITATION_TTL_MS,
    created_at: isoSeconds(),
  };
  await stores.invitations.insertOne(doc);
  return { invitation: presentInvitation(doc), token };
}

/** Joins the invitation's organization; the token works once. */
export async function acceptInvitation(stores: UserStores, settings: SessionSettings, input: { token: string; name: string; password: string }) {
  const invitation = await stores.invitations.findOne({ token_hash: sha256(input.token) });
  if (!invitation || invitation.expires_at <= Date.now()) {
    throw ApiError.validation([{ field: "token", reason: "invalid", message: "is not a valid invitation or has expired" }]);
  }
  const organization = await stores.organizations.findOne({ _id: invitation.organization_id });
  if (!organization) throw ApiError.validation([{ field: "token", reason: "invalid", message: "is not a valid invitation or has expired" }]);
  const now = isoSeconds();
  const user: UserDocument = {
    _id: newId("user"),
    organization_id: invitation.organization_id,
    email: invitation.email,
    name: input.name,
    role: invitation.role,
    password_hash: await hashPassword(input.password),
    created_at: now,
    updated_at: now,
  };
  try {
    // The unique email index makes a second acceptance of the same invitation fail here.
    await stores.users.insertOne(user);
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw ApiError.conflict("An account with this email already exists", { field: "email", reason: "conflict" });
    throw error;
  }
  await stores.invitations.deleteOne({ _id: invitation._id });
  const tokens = await issueTokens(stores, settings, user, organization, newId("event"));
  return { user: presentUser(user), organization: presentOrganization(organization), ...tokens };
}
