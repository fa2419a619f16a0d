import { z } from "zod";
import { defineClient, internalAction } from "../../shared/client";
import type { Identity } from "../../shared/identity";
import type { ListEnvelope } from "../../shared/paging";
import { idOf } from "../../shared/validation";
import type { Account, MoneySettings, Session, Tokens, User } from "./contract";
import { nothing } from "../../shared/inputs";

/**
 * Who owns account data: the AUTH service. Organizations, users (email, name, role,
 * password hash), refresh tokens and API keys live in its collections and nowhere else; no
 * password hash, key hash or refresh token ever leaves it. The users service owns
 * invitations and the rules of managing people (who may change whose role, the owner's
 * protection, how long an invitation lasts) and reaches accounts only through the calls
 * below, as does every other service. The answers are the presented forms the API shows.
 */

const organizationId = idOf("organization");
const userId = idOf("user");
const inOrganization = z.object({ organizationId, userId }).strict();

/** The roles an account can be given after sign-up: an organization has one owner, its founder. */
const assignableRole = z.enum(["admin", "member"]);
export type AssignableRole = z.output<typeof assignableRole>;

const userFilter = z
  .object({
    organizationId,
    role: z.enum(["owner", "admin", "member"]).optional(),
    page: z.int().min(1),
    per_page: z.int().min(1).max(200),
  })
  .strict();
export type UserFilter = Pick<z.output<typeof userFilter>, "organizationId" | "role">;

const newMember = z
  .object({
    organizationId,
    email: z.string().min(1).max(254).toLowerCase(),
    name: z.string().min(1).max(200),
    role: assignableRole,
    password: z.string().min(10).max(200),
  })
  .strict();

/** At most this many users per question; callers with more ask in turns. */
export const MAX_USERS_PER_CALL = 1000;

/** How reports name a user. */
export interface UserName {
  name: string;
  email: string;
}

/**
 * Users of an organization named in an import: by (lower-cased) email, and by full name
 * (lower-cased, spaces collapsed) for files that carry no email; a name two users share
 * maps to `null`. Emails and names the organization does not have are left out.
 */
export interface UsersByHandle {
  emails: Record<string, string>;
  names: Record<string, string | null>;
}

export const authClient = defineClient("auth", {
  /** For gateways: who an API key acts as, or `null` for an unknown key. */
  resolveApiKey: internalAction(z.object({ secret: z.string().min(1).max(200) }).strict()).returning<Identity | null>(),
  /** Whether a user belongs to an organization. */
  isMember: internalAction(inOrganization).returning<boolean>(),
  /** A page of an organization's users, oldest first, optionally of one role. */
  listUsers: internalAction(userFilter).returning<ListEnvelope<User>>(),
  /** Names and emails by user id, of the organization's users among `userIds`; others' ids find nothing. */
  namesOf: internalAction(z.object({ organizationId, userIds: z.array(userId).max(MAX_USERS_PER_CALL) }).strict()).returning<
    Record<string, UserName>
  >(),
  resolveUsers: internalAction(
    z
      .object({
        organizationId,
        emails: z.array(z.string().min(1).max(254).toLowerCase()).max(MAX_USERS_PER_CALL),
        names: z.array(z.string().min(1).max(401)).max(MAX_USERS_PER_CALL),
      })
      .strict(),
  ).returning<UsersByHandle>(),
  /** One user of the organization, or `null`. */
  getUser: internalAction(inOrganization).returning<User | null>(),
  /** Gives a user another role; their existing access tokens stop at once. `null` for an unknown user. */
  setRole: internalAction(inOrganization.extend({ role: assignableRole })).returning<User | null>(),
  /** Deletes a user and revokes every credential they hold at once. The removed user, or `null`. */
  removeUser: internalAction(inOrganization).returning<User | null>(),
  /** Whether an account with this (lower-cased) email exists anywhere in the deployment. */
  emailTaken: internalAction(z.object({ email: z.string().min(1).max(254).toLowerCase() }).strict()).returning<boolean>(),
  /**
   * A new account in an existing organization, signed in. A taken email is the 409 that
   * sign-up gives; `null` when the organization no longer exists.
   */
  createMember: internalAction(newMember).returning<Session | null>(),
  /**
   * For sign-in forms served outside this service (the OAuth pages): the account of an email
   * and password, or `null` when either is wrong. Never the hash.
   */
  verifyPassword: internalAction(
    z.object({ email: z.string().min(1).max(254).toLowerCase(), password: z.string().min(1).max(200) }).strict(),
  ).returning<Account | null>(),
  /**
   * For the web application's session cookie, kept by the gateway: the rotation of
   * `POST /auth/refresh`, with its rules (a token works once; a spent one ends its sign-in).
   * An unknown, spent or expired token is that operation's 401.
   */
  refreshSession: internalAction(z.object({ refreshToken: z.string().min(1).max(200) }).strict()).returning<Tokens>(),
  /** What `POST /auth/logout` does: ends the sign-in the token belongs to; an unknown token changes nothing. */
  endSession: internalAction(z.object({ refreshToken: z.string().min(1).max(200) }).strict()).returning<null>(),
  /** A user's account as it is now (role, plan), or `null` once the user is gone. */
  accountOf: internalAction(z.object({ userId }).strict()).returning<Account | null>(),
  /** Organizations that keep screenshots for a limited number of days: what the screenshots sweep deletes. */
  screenshotRetentions: internalAction(nothing).returning<{ organizationId: string; days: number }[]>(),
  /**
   * For reports and budgets: the organization's `currency` and whether members see the
   * amounts of their own time; `null` when it does not exist.
   */
  moneySettings: internalAction(z.object({ organizationId }).strict()).returning<MoneySettings | null>(),
});

/** The response schemas and types of accounts, for the operations of other services that show them. */
export {
  organizationSchema,
  sessionSchema,
  tokensSchema,
  userSchema,
  type Account,
  type MoneySettings,
  type Organization,
  type Session,
  type Tokens,
  type User,
} from "./contract";
