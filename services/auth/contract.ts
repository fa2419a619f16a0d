/**
 * What the auth service shows the world: the shapes of accounts, organizations, sessions
 * and API keys in its answers, and the constants their rules are stated in. Imports only
 * `shared/` and packages, so the gateway and other services' faces can load it without
 * loading the service.
 */
import { z } from "zod";
import { PERMISSIONS, PLANS, ROLES, type Permission, type Plan, type Role } from "../../shared/identity";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";

/** The longest retention that can be set: ten years. */
export const MAX_RETENTION_DAYS = 3650;
/** The capture agent's interval unless the organization sets one (docs/api.md#organization). */
export const DEFAULT_SCREENSHOT_INTERVAL_MINUTES = 10;
/** The longest interval: one screenshot an hour. */
export const MAX_SCREENSHOT_INTERVAL_MINUTES = 60;

export const API_KEY_PREFIX = "tt_live_";

/** A user as every answer shows them, here and in the users service. */
export interface User {
  id: string;
  organization_id: string;
  /** Lower-cased; one account per address across the deployment. */
  email: string;
  name: string;
  role: Role;
  /**
   * The user's own rate (the `member` level) in force today: shown by the users operations,
   * to owners and admins for everyone and to a member for themselves when the organization
   * lets members see their amounts; absent otherwise, and in sessions.
   */
  hourly_rate?: number | null;
  created_at: string;
  updated_at: string;
}

export const userSchema = z
  .object({
    id: idSchema("user"),
    organization_id: idSchema("organization"),
    email: z
      .string()
      .describe("Lower-cased; one account per address")
      .meta({ examples: ["ada@example.com"] }),
    name: z.string(),
    role: z.enum(ROLES),
    hourly_rate: z
      .number()
      .min(0)
      .nullable()
      .optional()
      .describe(
        "The user's own rate (`member` level) in force today, in the organization's currency; on the users operations, to owners and admins, and to members for themselves when `members_see_own_amounts` is set",
      ),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "User", description: "A person in an organization" });
assertSameShape<SameShape<z.output<typeof userSchema>, User>>();

/** An organization as every answer shows it. */
export interface Organization {
  id: string;
  name: string;
  plan: Plan;
  screenshot_retention_days: number | null;
  /** ISO 4217: what every rate and amount of the organization is in. */
  currency: string;
  /** The organization's rate in force today; shown to owners and admins, on `GET` and `PATCH /organization` only. */
  default_hourly_rate?: number | null;
  /** Whether members see the rates and amounts of their own time. */
  members_see_own_amounts: boolean;
  /** Minutes between the capture agent's screenshots; 0 turns capture off for everyone. */
  screenshot_interval_minutes: number;
  /** Whether the capture agent blurs screenshots before it uploads them. */
  screenshot_blur: boolean;
  created_at: string;
  updated_at: string;
}

/** What reports and budgets need of an organization to show money. */
export interface MoneySettings {
  currency: string;
  members_see_own_amounts: boolean;
}

export const organizationSchema = z
  .object({
    id: idSchema("organization"),
    name: z.string(),
    plan: z.enum(PLANS).describe("Sets the Style B rate limit; changed by the operator"),
    screenshot_retention_days: z
      .int()
      .min(1)
      .max(MAX_RETENTION_DAYS)
      .nullable()
      .describe(
        "Screenshots taken longer ago than this many days are deleted, with their images; `null` (the default) keeps them until someone deletes them",
      ),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .describe("ISO 4217 code of every rate and amount (default `USD`)")
      .meta({ examples: ["EUR"] }),
    default_hourly_rate: z
      .number()
      .min(0)
      .nullable()
      .optional()
      .describe("The organization's default rate in force today; present for owners and admins on `GET` and `PATCH /organization`"),
    members_see_own_amounts: z.boolean().describe("Members see the rates and amounts of their own time (default `false`)"),
    screenshot_interval_minutes: z
      .int()
      .min(0)
      .max(MAX_SCREENSHOT_INTERVAL_MINUTES)
      .describe(
        "The capture agent (`stint capture`) takes one screenshot at a random moment in every interval of this many minutes while a person's timer runs (default 10); `0` turns capture off for everyone",
      ),
    screenshot_blur: z.boolean().describe("The capture agent blurs every screenshot before uploading it (default `false`)"),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Organization" });
assertSameShape<SameShape<z.output<typeof organizationSchema>, Organization>>();

/** A new access token and refresh token. */
export interface Tokens {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
}

/** A signed-in account: who, where, and the tokens to act as them. */
export type Session = { user: User; organization: Organization } & Tokens;

const tokenFields = {
  access_token: z.string().describe("Send as `Authorization: Bearer <access_token>`"),
  token_type: z.literal("Bearer"),
  expires_in: z.int().min(1).max(Number.MAX_SAFE_INTEGER).describe("Seconds until the access token expires"),
  refresh_token: z.string().describe("Good for one `POST /auth/refresh`; each refresh returns a new one"),
};

export const tokensSchema = z.object(tokenFields).meta({ id: "Tokens" });
assertSameShape<SameShape<z.output<typeof tokensSchema>, Tokens>>();

export const sessionSchema = z
  .object({ user: userSchema, organization: organizationSchema, ...tokenFields })
  .meta({ id: "Session", description: "A signed-in account: who, where, and the tokens to act as them" });
assertSameShape<SameShape<z.output<typeof sessionSchema>, Session>>();

/** A key as listed: never the key itself. */
export interface ApiKey {
  id: string;
  name: string;
  permissions: Permission[];
  prefix: string;
  last_four: string;
  user_id: string;
  created_at: string;
  last_used_at: string | null;
}

/** A key as its creation answers it: the one time the key itself is shown. */
export type CreatedApiKey = ApiKey & { key: string };

const apiKeyFields = {
  id: idSchema("apiKey"),
  name: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)).describe("What the key may do, never beyond its user's role"),
  prefix: z.string().describe("The start of every key: `tt_live_`"),
  last_four: z.string().describe("The key's last four characters, to tell keys apart"),
  user_id: idSchema("user").describe("The user the key acts as"),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
};

export const apiKeySchema = z
  .object(apiKeyFields)
  .meta({ id: "ApiKey", description: "An API key as shown after its creation: never the key itself" });
assertSameShape<SameShape<z.output<typeof apiKeySchema>, ApiKey>>();

export const createdApiKeySchema = z
  .object({
    ...apiKeyFields,
    key: z
      .string()
      .describe("The key itself, shown only in this answer: store it now")
      .meta({ examples: ["tt_live_..."] }),
  })
  .meta({ id: "CreatedApiKey" });
assertSameShape<SameShape<z.output<typeof createdApiKeySchema>, CreatedApiKey>>();

/**
 * Who a user is, for services that sign people in on their own pages (OAuth) or issue
 * tokens for them: never the password hash.
 */
export interface Account {
  userId: string;
  organizationId: string;
  role: Role;
  plan: Plan;
  email: string;
  name: string;
}
