import { announceChange } from "../../shared/announce";
import { ApiError } from "../../shared/errors";
import type { Identity, Role } from "../../shared/identity";
import type { ListEnvelope, Page } from "../../shared/paging";
import type { User } from "../auth/client";
import type { Accounts, PeopleEvents } from "./ports";

/*
 * The rules of managing people. Who may call each operation is declared in the table
 * (everyone reads, owners and admins manage); here: the owner's role is fixed and the owner
 * stays. The accounts themselves are the auth service's.
 */

async function findUser(accounts: Accounts, who: Identity, id: string): Promise<User> {
  const user = await accounts.getUser({ organizationId: who.organizationId, userId: id });
  if (!user) throw ApiError.notFound("User");
  return user;
}

export function listUsers(accounts: Accounts, who: Identity, role: Role | undefined, page: Page): Promise<ListEnvelope<User>> {
  return accounts.listUsers({ organizationId: who.organizationId, role, page: page.page, per_page: page.per_page });
}

export function getUser(accounts: Accounts, who: Identity, id: string): Promise<User> {
  return findUser(accounts, who, id);
}

/** The owner's role is fixed; everyone else can be made admin or member. Old credentials stop at once. */
export async function changeRole(accounts: Accounts, who: Identity, id: string, role: "admin" | "member"): Promise<User> {
  const user = await findUser(accounts, who, id);
  if (user.role === "owner") throw ApiError.conflict("The owner's role cannot be changed");
  const updated = await accounts.setRole({ organizationId: who.organizationId, userId: id, role });
  if (!updated) throw ApiError.notFound("User");
  return updated;
}

/** Removes a user with every credential they hold; the owner stays. */
export async function removeUser(accounts: Accounts, events: PeopleEvents, who: Identity, id: string): Promise<void> {
  const user = await findUser(accounts, who, id);
  if (user.role === "owner") throw ApiError.conflict("The owner of an organization cannot be removed");
  await announceChange(events.removed, user, async () => {
    const removed = await accounts.removeUser({ organizationId: who.organizationId, userId: id });
    if (!removed) throw ApiError.notFound("User");
    return removed;
  });
}
