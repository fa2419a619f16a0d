import { isManager } from "../../shared/access";
import { announceChange } from "../../shared/announce";
import { ApiError } from "../../shared/errors";
import type { Identity, Role } from "../../shared/identity";
import type { ListEnvelope, Page } from "../../shared/paging";
import type { User } from "../auth/client";
import type { ChangeUserBody } from "./inputs";
import type { Accounts, MemberRates, PeopleEvents } from "./ports";

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

/**
 * Users with their own rate in force today, where the caller may see it: owners and admins
 * everyone's, a member their own when the organization sets `members_see_own_amounts`
 * (docs/api.md, "Money: rates, amounts and budgets").
 */
async function withRates(accounts: Accounts, rates: MemberRates, who: Identity, users: readonly User[]): Promise<User[]> {
  let shown: string[];
  if (isManager(who)) {
    shown = users.map((user) => user.id);
  } else {
    if (!users.some((user) => user.id === who.userId)) return [...users];
    const settings = await accounts.moneySettings({ organizationId: who.organizationId });
    if (!settings?.members_see_own_amounts) return [...users];
    shown = [who.userId];
  }
  if (shown.length === 0) return [...users];
  const today = await rates.today(who.organizationId, shown);
  return users.map((user) => (shown.includes(user.id) ? { ...user, hourly_rate: today[user.id] ?? null } : user));
}

export async function listUsers(
  accounts: Accounts,
  rates: MemberRates,
  who: Identity,
  role: Role | undefined,
  page: Page,
): Promise<ListEnvelope<User>> {
  const listed = await accounts.listUsers({ organizationId: who.organizationId, role, page: page.page, per_page: page.per_page });
  return { ...listed, data: await withRates(accounts, rates, who, listed.data) };
}

async function shownUser(accounts: Accounts, rates: MemberRates, who: Identity, user: User): Promise<User> {
  const [shown] = await withRates(accounts, rates, who, [user]);
  return shown as User;
}

export async function getUser(accounts: Accounts, rates: MemberRates, who: Identity, id: string): Promise<User> {
  return shownUser(accounts, rates, who, await findUser(accounts, who, id));
}

/**
 * A user's role and own rate. The owner's role is fixed; everyone else can be made admin
 * or member, and old credentials stop at once. The rate is set from the beginning, replacing
 * the member's rate history, and like every rate takes `projects:write`.
 */
export async function updateUser(
  accounts: Accounts,
  rates: MemberRates,
  who: Identity,
  id: string,
  changes: ChangeUserBody,
): Promise<User> {
  let user = await findUser(accounts, who, id);
  if (changes.hourly_rate !== undefined && !who.permissions.includes("projects:write")) {
    throw new ApiError("forbidden", "This credential lacks the projects:write permission that rates take", {
      permission: "projects:write",
      field: "hourly_rate",
    });
  }
  if (changes.role !== undefined && user.role === "owner") throw ApiError.conflict("The owner's role cannot be changed");
  if (changes.hourly_rate !== undefined) await rates.set(who.organizationId, id, changes.hourly_rate);
  if (changes.role !== undefined) {
    const updated = await accounts.setRole({ organizationId: who.organizationId, userId: id, role: changes.role });
    if (!updated) throw ApiError.notFound("User");
    user = updated;
  }
  return shownUser(accounts, rates, who, user);
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
