import { z } from "zod";
import type { presentOrganization, presentUser } from "../../../services/auth/documents";
import type { register, TokenResponse } from "../../../services/auth/sessions";
import { PLANS, ROLES } from "../../../shared/identity";
import { assertSameShape, idSchema, timestamp, type SameShape } from "./common";

/** Users, organizations and sessions: shown by the auth and the users operations alike. */

export const user = z
  .object({
    id: idSchema("user"),
    organization_id: idSchema("organization"),
    email: z.string().describe("Lower-cased; one account per address").meta({ examples: ["ada@example.com"] }),
    name: z.string(),
    role: z.enum(ROLES),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "User", description: "A person in an organization" });
assertSameShape<SameShape<z.output<typeof user>, ReturnType<typeof presentUser>>>();

export const organization = z
  .object({
    id: idSchema("organization"),
    name: z.string(),
    plan: z.enum(PLANS).describe("Sets the Style B rate limit; changed by the operator"),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Organization" });
assertSameShape<SameShape<z.output<typeof organization>, ReturnType<typeof presentOrganization>>>();

const tokenFields = {
  access_token: z.string().describe("Send as `Authorization: Bearer <access_token>`"),
  token_type: z.literal("Bearer"),
  expires_in: z.int().min(1).max(Number.MAX_SAFE_INTEGER).describe("Seconds until the access token expires"),
  refresh_token: z.string().describe("Good for one `POST /auth/refresh`; each refresh returns a new one"),
};

export const tokens = z.object(tokenFields).meta({ id: "Tokens" });
assertSameShape<SameShape<z.output<typeof tokens>, TokenResponse>>();

export const session = z
  .object({ user, organization, ...tokenFields })
  .meta({ id: "Session", description: "A signed-in account: who, where, and the tokens to act as them" });
assertSameShape<SameShape<z.output<typeof session>, Awaited<ReturnType<typeof register>>>>();
