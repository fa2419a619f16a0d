import { hashPassword, verifyAgainstDecoy, verifyPassword } from "../../shared/auth/passwords";
import { randomSecret, sha256 } from "../../shared/auth/secrets";
import type { TokenSigner } from "../../shared/auth/tokens";
import { ApiError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import { isoSeconds } from "../../shared/time";
import type { RegisterBody } from "./inputs";
import { presentOrganization, type OrganizationDocument } from "./organization";
import type { Session, Tokens } from "./contract";
import { presentUser, type UserDocument } from "./user";
import type { AccountStores } from "./account-stores";

export type SessionStores = Pick<AccountStores, "organizations" | "users" | "refreshTokens">;

export interface SessionSettings {
  signer: TokenSigner;
  refreshTokenTtlDays: number;
}

const WRONG_CREDENTIALS = () => new ApiError("unauthorized", "The email or the password is wrong");
const INVALID_REFRESH = () => new ApiError("unauthorized", "The refresh token is not valid");

export async function issueTokens(
  stores: SessionStores,
  settings: SessionSettings,
  user: UserDocument,
  organization: OrganizationDocument,
  family: string,
): Promise<Tokens> {
  const refreshToken = `rt_${randomSecret(48)}`;
  await stores.refreshTokens.insert({
    _id: sha256(refreshToken),
    family,
    user_id: user._id,
    organization_id: user.organization_id,
    expires_at: Date.now() + settings.refreshTokenTtlDays * 86_400_000,
    spent: false,
  });
  return {
    access_token: settings.signer.sign({
      userId: user._id,
      organizationId: user.organization_id,
      plan: organization.plan,
      role: user.role,
    }),
    token_type: "Bearer",
    expires_in: settings.signer.ttlSeconds,
    refresh_token: refreshToken,
  };
}

/** A new login: its own family of refresh tokens. */
async function startSession(
  stores: SessionStores,
  settings: SessionSettings,
  user: UserDocument,
  organization: OrganizationDocument,
): Promise<Session> {
  const tokens = await issueTokens(stores, settings, user, organization, newId("event"));
  return { user: presentUser(user), organization: presentOrganization(organization), ...tokens };
}

/** A new organization on the free plan, with the caller as its owner. */
export async function register(stores: SessionStores, settings: SessionSettings, input: RegisterBody): Promise<Session> {
  const now = isoSeconds();
  const organization: OrganizationDocument = {
    _id: newId("organization"),
    name: input.organization_name,
    plan: "free",
    created_at: now,
    updated_at: now,
  };
  const user: UserDocument = {
    _id: newId("user"),
    organization_id: organization._id,
    email: input.email,
    name: input.name,
    role: "owner",
    password_hash: await hashPassword(input.password),
    created_at: now,
    updated_at: now,
  };
  await stores.organizations.insert(organization);
  try {
    await stores.users.insert(user);
  } catch (error) {
    // No transactions across documents: undo the organization by hand.
    await stores.organizations.remove(organization._id);
    throw error;
  }
  return startSession(stores, settings, user, organization);
}

export interface NewMember {
  organizationId: string;
  email: string;
  name: string;
  role: "admin" | "member";
  password: string;
}

/**
 * An account in an existing organization, signed in (the users service calls this when an
 * invitation is accepted). `null` when the organization no longer exists; a taken email is a 409.
 */
export async function createMember(stores: SessionStores, settings: SessionSettings, member: NewMember): Promise<Session | null> {
  const organization = await stores.organizations.find(member.organizationId);
  if (!organization) return null;
  const now = isoSeconds();
  const user: UserDocument = {
    _id: newId("user"),
    organization_id: organization._id,
    email: member.email,
    name: member.name,
    role: member.role,
    password_hash: await hashPassword(member.password),
    created_at: now,
    updated_at: now,
  };
  // The unique email index makes a second account for the address fail here.
  await stores.users.insert(user);
  return startSession(stores, settings, user, organization);
}

export async function login(stores: SessionStores, settings: SessionSettings, email: string, password: string): Promise<Session> {
  const user = await stores.users.byEmail(email);
  const valid = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDecoy(password);
  if (!user || !valid) throw WRONG_CREDENTIALS();
  const organization = await stores.organizations.find(user.organization_id);
  if (!organization) throw WRONG_CREDENTIALS();
  return startSession(stores, settings, user, organization);
}

/**
 * Exchanges a refresh token for a new pair. A token is good once: presenting a spent
 * one means it leaked, so its whole family (every token of that login) is revoked.
 */
export async function refresh(stores: SessionStores, settings: SessionSettings, refreshToken: string): Promise<Tokens> {
  const id = sha256(refreshToken);
  const claimed = await stores.refreshTokens.spend(id);
  if (!claimed) {
    const spent = await stores.refreshTokens.find(id);
    if (spent) await stores.refreshTokens.deleteFamily(spent.family);
    throw INVALID_REFRESH();
  }
  if (claimed.expires_at <= Date.now()) throw INVALID_REFRESH();
  const user = await stores.users.find(claimed.organization_id, claimed.user_id);
  const organization = await stores.organizations.find(claimed.organization_id);
  if (!user || !organization) throw INVALID_REFRESH();
  return issueTokens(stores, settings, user, organization, claimed.family);
}

/** Ends the login the refresh token belongs to. Unknown tokens are ignored: the outcome is the same. */
export async function logout(stores: Pick<SessionStores, "refreshTokens">, refreshToken: string): Promise<void> {
  const token = await stores.refreshTokens.find(sha256(refreshToken));
  if (token) await stores.refreshTokens.deleteFamily(token.family);
}
