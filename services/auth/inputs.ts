import { z } from "zod";
import { PERMISSIONS } from "../../shared/identity";
import { pagingQuery } from "../../shared/paging";
import { CURRENCIES, isCurrency } from "../../shared/billing/money";
import { emailAddress, hourlyRate, nothing as none, someChanges, trimmedText } from "../../shared/inputs";
import { idOf, noBody } from "../../shared/validation";
import { MAX_RETENTION_DAYS, MAX_SCREENSHOT_INTERVAL_MINUTES } from "./contract";

const password = z.string().min(10, "must be at least 10 characters").max(200, "must be at most 200 characters");
const name = trimmedText(200);

export const registerInput = z.object({
  params: none,
  query: none,
  body: z.object({ email: emailAddress, password, name, organization_name: name }).strict(),
});

export const loginInput = z.object({
  params: none,
  query: none,
  body: z
    .object({ email: emailAddress, password: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters") })
    .strict(),
});

export const refreshInput = z.object({
  params: none,
  query: none,
  body: z.object({ refresh_token: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters") }).strict(),
});

export const createApiKeyInput = z.object({
  params: none,
  query: none,
  body: z
    .object({
      name,
      permissions: z
        .array(z.enum(PERMISSIONS, "is not a known permission"))
        .min(1, "must name at least one permission")
        .max(PERMISSIONS.length),
    })
    .strict(),
});

export const listApiKeysInput = z.object({ params: none, query: z.object({ ...pagingQuery }).strict(), body: noBody });
export const apiKeyByIdInput = z.object({ params: z.object({ id: idOf("apiKey") }).strict(), query: none, body: noBody });
/** An ISO 4217 code the platform knows (`Intl.supportedValuesOf("currency")`), in capitals. */
const currency = z
  .string()
  .refine(isCurrency, { message: "must be an ISO 4217 currency code, like EUR", params: { reason: "invalid" } })
  .meta({ enum: [...CURRENCIES], examples: ["EUR"] });

export const updateOrganizationInput = z.object({
  params: none,
  query: none,
  body: someChanges(
    z
      .object({
        name: name.optional(),
        screenshot_retention_days: z.int().min(1).max(MAX_RETENTION_DAYS).nullable().optional(),
        currency: currency.optional(),
        default_hourly_rate: hourlyRate.nullable().optional(),
        members_see_own_amounts: z.boolean().optional(),
        screenshot_interval_minutes: z.int().min(0).max(MAX_SCREENSHOT_INTERVAL_MINUTES).optional(),
        screenshot_blur: z.boolean().optional(),
      })
      .strict(),
  ),
});
export type UpdateOrganizationBody = z.output<typeof updateOrganizationInput>["body"];

export type RegisterBody = z.output<typeof registerInput>["body"];
export type CreateApiKeyBody = z.output<typeof createApiKeyInput>["body"];
