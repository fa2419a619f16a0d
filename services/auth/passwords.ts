import { timingSafeEqual } from "node:crypto";
import { markUserCredentialsChanged } from "../../shared/auth/revocations";
import { hashPassword, verifyPassword } from "../../shared/auth/passwords";
import { randomSecret, sha256 } from "../../shared/auth/secrets";
import { ApiError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import { isoSeconds } from "../../shared/time";
import type { ClientCalls } from "../../shared/client";
import type { mailClient } from "../mail/client";
import type { AccountStores } from "./account-stores";
import type { Tokens } from "./contract";
import type { CredentialRevocation } from "./members";
import type { PasswordResetDocument } from "./password-reset";
import { issueTokens, type SessionSettings } from "./sessions";

/*
 * Passwords after sign-up: set anew through a link sent by email (docs/api.md, "Passwords"),
 * or changed by their holder. Either way every sign-in of the account ends.
 */

/** A reset link works for 30 minutes, once. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
/** Links one account may be sent in that time: more asks are answered alike and send nothing. */
const RESETS_PER_ACCOUNT = 3;

type Stores = Pick<AccountStores, "users" | "organizations" | "refreshTokens" | "passwordResets">;

/** What setting a password needs besides the stores. */
export interface PasswordSettings {
  revocation: CredentialRevocation;
  /** The time reset links expire by (tests move it on). */
  now(): number;
}

/** The mail service, as the auth service asks it for a message. */
export type Mailer = ClientCalls<typeof mailClient.actions>;

const INVALID_RESET = () =>
  ApiError.validation([{ field: "token", reason: "invalid", message: "is not a valid password reset link, or was used or has expired" }]);
const WRONG_PASSWORD = () =>
  ApiError.validation([{ field: "current_password", reason: "invalid", message: "is not your current password" }]);

const TOKEN = /^pwr_([0-9A-Za-z]{22})_([0-9A-Za-z]{43})$/;

function secretMatches(secret: string, reset: PasswordResetDocument): boolean {
  const given = Buffer.from(sha256(secret), "hex");
  const kept = Buffer.from(reset.secret_hash, "hex");
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/**
 * Makes a reset link for the account of `email` and has it sent, unless there is no such
 * account or it was sent too many links lately. The caller answers alike either way (and
 * before this is done), so the answer tells no one whether an address has an account.
 */
export async function sendPasswordReset(stores: Stores, settings: PasswordSettings, mailer: Mailer, email: string): Promise<void> {
  const user = await stores.users.byEmail(email);
  if (!user) return;
  const now = settings.now();
  if ((await stores.passwordResets.askedSince(user._id, now - PASSWORD_RESET_TTL_MS)) >= RESETS_PER_ACCOUNT) return;
  const id = randomSecret(22);
  const secret = randomSecret(43);
  const reset: PasswordResetDocument = {
    _id: id,
    user_id: user._id,
    organization_id: user.organization_id,
    secret_hash: sha256(secret),
    created_at: now,
    expires_at: now + PASSWORD_RESET_TTL_MS,
    used_at: null,
  };
  await stores.passwordResets.insert(reset);
  await mailer.send({
    kind: "password_reset",
    organizationId: user.organization_id,
    resetId: id,
    to: user.email,
    name: user.name,
    role: user.role,
    token: `pwr_${id}_${secret}`,
    expiresAt: reset.expires_at,
  });
}

/** Ends every sign-in of the user: refresh tokens deleted, access tokens issued until now refused. */
async function endSignIns(stores: Stores, revocation: CredentialRevocation, userId: string): Promise<void> {
  await markUserCredentialsChanged(revocation.kv, userId, revocation.tokenTtlSeconds);
  await stores.refreshTokens.deleteOfUser(userId);
}

/** Sets the password of the link's account; the link works once, for 30 minutes. */
export async function resetPassword(stores: Stores, settings: PasswordSettings, token: string, password: string): Promise<void> {
  const [, id, secret] = TOKEN.exec(token) ?? [];
  if (id === undefined || secret === undefined) throw INVALID_RESET();
  const reset = await stores.passwordResets.find(id);
  if (!reset || !secretMatches(secret, reset)) throw INVALID_RESET();
  const now = settings.now();
  if (reset.expires_at <= now || !(await stores.passwordResets.use(id, now))) throw INVALID_RESET();
  const changed = await stores.users.setPasswordHash(reset.organization_id, reset.user_id, await hashPassword(password), isoSeconds());
  if (!changed) throw INVALID_RESET();
  await stores.passwordResets.deleteOfUser(reset.user_id);
  await endSignIns(stores, settings.revocation, reset.user_id);
}

/**
 * Changes the caller's password, given the current one. Every sign-in ends, this one too,
 * and the answer is a new one's tokens (issued after the others stopped working).
 */
export async function changePassword(
  stores: Stores,
  settings: PasswordSettings,
  sessions: SessionSettings,
  who: { organizationId: string; userId: string },
  currentPassword: string,
  newPassword: string,
): Promise<Tokens> {
  const user = await stores.users.find(who.organizationId, who.userId);
  if (!user) throw new ApiError("unauthorized", "The account no longer exists");
  if (!(await verifyPassword(currentPassword, user.password_hash))) throw WRONG_PASSWORD();
  const organization = await stores.organizations.find(user.organization_id);
  if (!organization) throw new ApiError("unauthorized", "The account no longer exists");
  await stores.users.setPasswordHash(user.organization_id, user._id, await hashPassword(newPassword), isoSeconds());
  await stores.passwordResets.deleteOfUser(user._id);
  await endSignIns(stores, settings.revocation, user._id);
  await afterThisMillisecond();
  return issueTokens(stores, sessions, user, organization, newId("event"));
}

/** Tokens are refused when issued at or before the mark's millisecond: the new ones come after it. */
async function afterThisMillisecond(): Promise<void> {
  const marked = Date.now();
  while (Date.now() <= marked) await new Promise((resolve) => setTimeout(resolve, 1));
}
