import { verifyAgainstDecoy, hashPassword, verifyPassword } from "../../shared/auth/passwords";
import { randomSecret, sha256 } from "../../shared/auth/secrets";
import type { TokenSigner } from "../../shared/auth/tokens";
import { ApiError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import { DuplicateKeyError, type Collection } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import { presentOrganization, presentUser, type OrganizationDocument, type RefreshTokenDocument, type UserDocument } from "./documents";
import type { RegisterBody } from "./inputs";

export interface SessionStores {
  organizations: Collection<OrganizationDocument>;
  users: Collection<UserDocument>;
  refreshTokens: Collection<RefreshTokenDocument>;
}

export interface SessionSettings {
  signer: TokenSigner;
  refreshTokenTtlDays: number;
}

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
}

const WRONG_CREDENTIALS = () => new ApiError("unauthorized", "The email or the password is wrong");
const INVALID_REFRESH = () => new ApiError("unauthorized", "The refresh token is not valid");

export async function issueTokens(stores: SessionStores, settings: SessionSettings, user: UserDocument, organization: OrganizationDocument, family: string): Promise<TokenResponse> {
  const refreshToken = `rt_${randomSecret(48)}`;
  await stores.refreshTokens.insertOne({
    _id: sha256(refreshToken),
    family,
    user_id: user._id,
    organization_id: user.organization_id,
    expires_at: Date.now() + settings.refreshTokenTtlDays * 86_400_000,
    spent: false,
  });
  return {
    access_token: settings.signer.sign({ userId: user._id, organizationId: user.organization_id, plan: organization.plan, role: user.role }),
    token_type: "Bearer",
    expires_in: settings.signer.ttlSeconds,
    refresh_token: refreshToken,
  };
}

/** A new organization on the free plan, with the caller as its owner. */
export async function register(stores: SessionStores, settings: SessionSettings, input: RegisterBody) {
  const now = isoSeconds();
  const organization: OrganizationDocument = { _id: newId("organization"), name: input.organization_name, plan: "free", created_at: now, updated_at: now };
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
  await stores.organizations.insertOne(organization);
  try {
    await stores.users.insertOne(user);
  } catch (error) {
    // No transactions across documents: undo the organization by hand.
    await stores.organizations.deleteOne({ _id: organization._id });
    if (error instanceof DuplicateKeyError) throw ApiError.conflict("An account with this email already exists", { field: "email", reason: "conflict" });
    throw error;
  }
  const tokens = await issueTokens(stores, settings, user, organization, newId("event"));
  return { user: presentUser(user), organization: presentOrganization(organization), ...tokens };
}

export async function login(stores: SessionStores, settings: SessionSettings, email: string, password: string) {
  const user = await stores.users.findOne({ email });
  const valid = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDecoy(password);
  if (!user || !valid) throw WRONG_CREDENTIALS();
  const organization = await stores.organizations.findOne({ _id: user.organization_id });
  if (!organization) throw WRONG_CREDENTIALS();
  const tokens = await issueTokens(stores, settings, user, organization, newId("event"));
  return { user: presentUser(user), organization: presentOrganization(organization), ...tokens };
}

/**
 * Exchanges a refresh token for a new pair. A token is good once: presenting a spent
 * one means it leaked, so its whole family (every token of that login) is revoked.
 */
export async function refresh(stores: SessionStores, settings: SessionSettings, refreshToken: string): Promise<TokenResponse> {
  const id = sha256(refreshToken);
  const claimed = await stores.refreshTokens.findOneAndUpdate({ _id: id, spent: false }, { $set: { spent: true } }, { returnDocument: "before" });
  if (!claimed) {
    const spent = await stores.refreshTokens.findOne({ _id: id });
    if (spent) await stores.refreshTokens.deleteMany({ family: spent.family });
    throw INVALID_REFRESH();
  }
  if (claimed.expires_at <= Date.now()) throw INVALID_REFRESH();
  const user = await stores.users.findOne({ _id: claimed.user_id, organization_id: claimed.organization_id });
  const organization = await stores.organizations.findOne({ _id: claimed.organization_id });
  if (!user || !organization) throw INVALID_REFRESH();
  return issueTokens(stores, settings, user, organization, claimed.family);
}

/** Ends the login the refresh token belongs to. Unknown tokens are ignored: the outcome is the same. */
export async function logout(stores: SessionStores, refreshToken: string): Promise<void> {
  const token = await stores.refreshTokens.findOne({ _id: sha256(refreshToken) });
  if (token) await stores.refreshTokens.deleteMany({ family: token.family });
}
