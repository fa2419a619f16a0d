import { markKeyRevoked, markUserCredentialsChanged } from "../../shared/auth/revocations";
import type { KeyValueStore } from "../../shared/kv/port";
import { listEnvelope, type ListEnvelope, type Page } from "../../shared/paging";
import { isoSeconds } from "../../shared/time";
import type { AssignableRole, UserFilter, UserName, UsersByHandle } from "./client";
import type { User } from "./contract";
import { presentUser } from "./user";
import type { AccountStores } from "./account-stores";

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

export async function listUsers(stores: Pick<AccountStores, "users">, query: UserFilter & Page): Promise<ListEnvelope<User>> {
  const { items, total } = await stores.users.list(query.organizationId, query.role, query);
  return listEnvelope(items.map(presentUser), total, query);
}

export async function getUser(stores: Pick<AccountStores, "users">, organizationId: string, userId: string): Promise<User | null> {
  const user = await stores.users.find(organizationId, userId);
  return user && presentUser(user);
}

export async function isMember(stores: Pick<AccountStores, "users">, organizationId: string, userId: string): Promise<boolean> {
  return (await stores.users.find(organizationId, userId)) !== null;
}

/** Names and emails of the organization's users among `userIds`. */
export async function namesOf(
  stores: Pick<AccountStores, "users">,
  organizationId: string,
  userIds: readonly string[],
): Promise<Record<string, UserName>> {
  if (userIds.length === 0) return {};
  const users = await stores.users.among(organizationId, userIds);
  return Object.fromEntries(users.map((user) => [user._id, { name: user.name, email: user.email }]));
}

/** How imports compare a person's name: lower-cased, inner spaces collapsed. */
export function nameHandle(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLocaleLowerCase("en-US");
}

/** The organization's users among the emails and full names an import names. */
export async function resolveUsers(
  stores: Pick<AccountStores, "users">,
  organizationId: string,
  emails: readonly string[],
  names: readonly string[],
): Promise<UsersByHandle> {
  const found: UsersByHandle = { emails: {}, names: {} };
  if (emails.length > 0) {
    for (const user of await stores.users.withEmails(organizationId, emails)) found.emails[user.email] = user._id;
  }
  if (names.length > 0) {
    const wanted = new Set(names.map(nameHandle));
    // Names have no index: an organization's people are few enough to read at once.
    for (const user of await stores.users.all(organizationId)) {
      const handle = nameHandle(user.name);
      if (wanted.has(handle)) found.names[handle] = handle in found.names ? null : user._id;
    }
  }
  return found;
}

export async function emailTaken(stores: Pick<AccountStores, "users">, email: string): Promise<boolean> {
  return (await stores.users.byEmail(email)) !== null;
}

/** A new role; when it differs, the user's existing access tokens stop at once. */
export async function setRole(
  stores: Pick<AccountStores, "users">,
  revocation: CredentialRevocation,
  organizationId: string,
  userId: string,
  role: AssignableRole,
): Promise<User | null> {
  const updatedAt = isoSeconds();
  const before = await stores.users.changeRole(organizationId, userId, role, updatedAt);
  if (!before) return null;
  if (before.role !== role) await markUserCredentialsChanged(revocation.kv, userId, revocation.tokenTtlSeconds);
  return presentUser({ ...before, role, updated_at: updatedAt });
}

/** Deletes a user with every credential they hold: API keys, refresh tokens and live access tokens. */
export async function removeUser(
  stores: Pick<AccountStores, "users" | "apiKeys" | "refreshTokens">,
  revocation: CredentialRevocation,
  organizationId: string,
  userId: string,
): Promise<User | null> {
  const user = await stores.users.find(organizationId, userId);
  if (!user) return null;
  const owner = { organizationId, userId };
  const keys = await stores.apiKeys.ofOwner(owner);
  await markUserCredentialsChanged(revocation.kv, userId, revocation.tokenTtlSeconds);
  await Promise.all(keys.map((key) => markKeyRevoked(revocation.kv, key._id)));
  await stores.apiKeys.deleteOfOwner(owner);
  await stores.refreshTokens.deleteOfUser(userId);
  if (!(await stores.users.delete(organizationId, userId))) return null;
  return presentUser(user);
}
