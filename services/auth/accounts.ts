import { verifyAgainstDecoy, verifyPassword } from "../../shared/auth/passwords";
import type { Account } from "./contract";
import type { UserDocument } from "./user";
import type { AccountStores } from "./account-stores";

type Stores = Pick<AccountStores, "users" | "organizations">;

async function accountOfUser(stores: Stores, user: UserDocument): Promise<Account | null> {
  const organization = await stores.organizations.find(user.organization_id);
  if (!organization) return null;
  return {
    userId: user._id,
    organizationId: user.organization_id,
    role: user.role,
    plan: organization.plan,
    email: user.email,
    name: user.name,
  };
}

/** The account of an email and password, or null when either is wrong (alike, in time too). */
export async function verifyCredentials(stores: Stores, email: string, password: string): Promise<Account | null> {
  const user = await stores.users.byEmail(email);
  const valid = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDecoy(password);
  return user && valid ? accountOfUser(stores, user) : null;
}

/** A user's account as it is now, or null when the user no longer exists. */
export async function accountOf(stores: Stores, userId: string): Promise<Account | null> {
  const user = await stores.users.findAnywhere(userId);
  return user ? accountOfUser(stores, user) : null;
}
