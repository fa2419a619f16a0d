import { markKeyRevoked, markUserCredentialsChanged } from "../../shared/auth/revocations";
import type { KeyValueStore } from "../../shared/kv/port";
import { listEnvelope, skipOf, type ListEnvelope, type Page } from "../../shared/paging";
import type { Filter } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import type { AccountCollections } from "./documents";
import type { AssignableRole, UserFilter, UserName, UsersByHandle } from "./client";
import type { User } from "./contract";
import { presentUser } from "./user";

/*
 * The account side of managing people, for the users service. The rules (who may change
 * whom, the owner's protection) are the users service's; these calls only keep the
 * accounts and every credential in step.
 */

/** Revokes what a user's credentials allow at once: access tokens issued before now stop. */
export interface CredentialRevocation {
  kv: KeyValueStore;
  /** How long an access token issued now would live: the marks last that long. */
  tokenTtlSeconds: number;
}

export async function listUsers(collections: Pick<AccountCollections, "users">, query: UserFilter & Page): Promise<ListEnvelope<User>> {
  const filter: Filter = { organization_id: query.organizationId };
  if (query.role) filter.role = query.role;
  const [items, total] = await Promise.all([
    collections.users.find(filter, { sort: { created_at: 1, _id: 1 }, skip: skipOf(query), limit: query.per_page }),
    collections.users.count(filter),
  ]);
  return listEnvelope(items.map(presentUser), total, query);
}

export async function getUser(
  collections: Pick<AccountCollections, "users">,
  organizationId: string,
  userId: string,
): Promise<User | null> {
  const user = await collections.users.findOne({ _id: userId, organization_id: organizationId });
  return user && presentUser(user);
}

export async function isMember(collections: Pick<AccountCollections, "users">, organizationId: string, userId: string): Promise<boolean> {
  return (await collections.users.findOne({ _id: userId, organization_id: organizationId })) !== null;
}

/** Names and emails of the organization's users among `userIds`. */
export async function namesOf(
  collections: Pick<AccountCollections, "users">,
  organizationId: string,
  userIds: readonly string[],
): Promise<Record<string, UserName>> {
  if (userIds.length === 0) return {};
  const users = await collections.users.find({ organization_id: organizationId, _id: { $in: [...userIds] } });
  return Object.fromEntries(users.map((user) => [user._id, { name: user.name, email: user.email }]));
}

/** How imports compare a person's name: lower-cased, inner spaces collapsed. */
export function nameHandle(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLocaleLowerCase("en-US");
}

/** The organization's users among the emails and full names an import names. */
export async function resolveUsers(
  collections: Pick<AccountCollections, "users">,
  organizationId: string,
  emails: readonly string[],
  names: readonly string[],
): Promise<UsersByHandle> {
  const found: UsersByHandle = { emails: {}, names: {} };
  if (emails.length > 0) {
    for (const user of await collections.users.find({ organization_id: organizationId, email: { $in: [...emails] } }))
      found.emails[user.email] = user._id;
  }
  if (names.length > 0) {
    const wanted = new Set(names.map(nameHandle));
    // Names have no index: an organization's people are few enough to read at once.
    for (const user of await collections.users.find({ organization_id: organizationId })) {
      const handle = nameHandle(user.name);
      if (wanted.has(handle)) found.names[handle] = handle in found.names ? null : user._id;
    }
  }
  return found;
}

export async function emailTaken(collections: Pick<AccountCollections, "users">, email: string): Promise<boolean> {
  return (await collections.users.findOne({ email })) !== null;
}

/** A new role; when it differs, the user's existing access tokens stop at once. */
export async function setRole(
  collections: Pick<AccountCollections, "users">,
  revocation: CredentialRevocation,
  organizationId: string,
  userId: string,
  role: AssignableRole,
): Promise<User | null> {
  const updatedAt = isoSeconds();
  const before = await collections.users.findOneAndUpdate(
    { _id: userId, organization_id: organizationId },
    { $set: { role, updated_at: updatedAt } },
    { returnDocument: "before" },
  );
  if (!before) return null;
  if (before.role !== role) await markUserCredentialsChanged(revocation.kv, userId, revocation.tokenTtlSeconds);
  return presentUser({ ...before, role, updated_at: updatedAt });
}

/** Deletes a user with every credential they hold: API keys, refresh tokens and live access tokens. */
export async function removeUser(
  collections: Pick<AccountCollections, "users" | "apiKeys" | "refreshTokens">,
  revocation: CredentialRevocation,
  organizationId: string,
  userId: string,
): Promise<User | null> {
  const user = await collections.users.findOne({ _id: userId, organization_id: organizationId });
  if (!user) return null;
  const keys = await collections.apiKeys.find({ organization_id: organizationId, user_id: userId });
  await markUserCredentialsChanged(revocation.kv, userId, revocation.tokenTtlSeconds);
  await Promise.all(keys.map((key) => markKeyRevoked(revocation.kv, key._id)));
  await collections.apiKeys.deleteMany({ organization_id: organizationId, user_id: userId });
  await collections.refreshTokens.deleteMany({ user_id: userId });
  if (!(await collections.users.deleteOne({ _id: userId, organization_id: organizationId }))) return null;
  return presentUser(user);
}
