import { EVERY_ROLE, MANAGERS, PUBLIC_LIMITED, PUBLIC_SIGN_IN, PUBLIC_WITH_TOKEN, type CredentialAccess } from "../../shared/access";
import { noInput } from "../../shared/inputs";
import { defineOperations } from "../../shared/operations";
import { list, single } from "../../shared/schemas";
import { apiKeySchema, createdApiKeySchema, organizationSchema, sessionSchema, tokensSchema } from "./contract";
import {
  apiKeyByIdInput,
  createApiKeyInput,
  listApiKeysInput,
  loginInput,
  refreshInput,
  registerInput,
  updateOrganizationInput,
} from "./inputs";

/** API keys are managed by people with a login: a key cannot mint, see or revoke keys. */
const MANAGE_KEYS: CredentialAccess = { roles: EVERY_ROLE, sessionOnly: true };

const signedIn = "The account, its organization and a new session";
const keysNeedALogin = "API keys are managed with a signed-in user's access token; an API key gets a 403.";
const AUTHENTICATION = "Authentication";
const API_KEYS = "API keys";

/** Sign-up, sign-in and sessions (public, counted per address), the organization, and API keys. */
export const authOperations = defineOperations("auth", {
  register: {
    method: "POST",
    path: "/auth/register",
    summary: "Create an organization and its owner",
    description: "New organizations start on the `free` plan. An email that already has an account is a 409.",
    tag: AUTHENTICATION,
    resource: "Account",
    input: registerInput,
    access: PUBLIC_LIMITED,
    success: { status: 201, description: signedIn, body: sessionSchema, location: "/users/{user.id}" },
    errors: [409],
  },
  login: {
    method: "POST",
    path: "/auth/login",
    summary: "Sign in with email and password",
    description:
      "A wrong email or password is a 401. After 10 wrong passwords for an account from one address in a quarter hour (30 from all addresses, or 100 for any accounts from one address), sign-in is a 429 until the quarter hour ends, the password unchecked; `Retry-After` says when.",
    tag: AUTHENTICATION,
    resource: "Account",
    input: loginInput,
    access: PUBLIC_SIGN_IN,
    success: { status: 200, description: signedIn, body: sessionSchema },
    errors: [401],
  },
  refresh: {
    method: "POST",
    path: "/auth/refresh",
    summary: "Exchange a refresh token for new tokens",
    description:
      "A refresh token works once. Presenting a spent one revokes every token of that sign-in. A valid one is never held back; after 30 that are not valid from one address in a minute, further ones are a 429 instead of a 401.",
    tag: AUTHENTICATION,
    resource: "Session",
    input: refreshInput,
    access: PUBLIC_WITH_TOKEN,
    success: { status: 200, description: "A new access token and refresh token", body: tokensSchema },
    errors: [401],
  },
  logout: {
    method: "POST",
    path: "/auth/logout",
    summary: "End the sign-in a refresh token belongs to",
    description: "Unknown tokens are accepted too: the outcome is the same.",
    tag: AUTHENTICATION,
    resource: "Session",
    input: refreshInput,
    access: PUBLIC_LIMITED,
    success: { status: 204, description: "Signed out" },
  },
  getOrganization: {
    method: "GET",
    path: "/organization",
    summary: "Read the caller's organization",
    tag: "Organization",
    resource: "Organization",
    input: noInput,
    access: { permission: "users:read", roles: EVERY_ROLE },
    success: {
      status: 200,
      description: "The organization, with its plan; owners and admins see its `default_hourly_rate`",
      body: single(organizationSchema),
    },
  },
  updateOrganization: {
    method: "PATCH",
    path: "/organization",
    summary: "Rename the organization, or change its screenshot or money settings",
    description:
      "The owner renames it; the owner and admins set `screenshot_retention_days` (`null` keeps screenshots until deleted), `screenshot_interval_minutes` (0-60, 0 turns the capture agent off), `screenshot_blur`, `currency`, `members_see_own_amounts` and, with `projects:write`, `default_hourly_rate` (set from the beginning, replacing its history). An admin sending `name` gets a 403; an unknown currency is a 400 naming `currency`.",
    tag: "Organization",
    resource: "Organization",
    input: updateOrganizationInput,
    access: { permission: "users:write", roles: MANAGERS },
    success: { status: 200, description: "The organization as changed", body: single(organizationSchema) },
  },
  listApiKeys: {
    method: "GET",
    path: "/api-keys",
    summary: "List API keys",
    description: `Owners and admins see every key of the organization, members their own. ${keysNeedALogin}`,
    tag: API_KEYS,
    resource: "API key",
    input: listApiKeysInput,
    access: MANAGE_KEYS,
    success: { status: 200, description: "A page of keys, newest first", body: list(apiKeySchema) },
  },
  createApiKey: {
    method: "POST",
    path: "/api-keys",
    summary: "Create an API key",
    description: `The answer is the only time the key is shown. ${keysNeedALogin}`,
    tag: API_KEYS,
    resource: "API key",
    input: createApiKeyInput,
    access: MANAGE_KEYS,
    success: {
      status: 201,
      description: "The new key, with the key itself",
      body: single(createdApiKeySchema),
      location: "/api-keys/{data.id}",
    },
  },
  revokeApiKey: {
    method: "DELETE",
    path: "/api-keys/:id",
    summary: "Revoke an API key",
    description: `Takes effect at once, on every gateway. ${keysNeedALogin}`,
    tag: API_KEYS,
    resource: "API key",
    input: apiKeyByIdInput,
    access: MANAGE_KEYS,
    success: { status: 204, description: "Revoked" },
    parameters: { id: "The key's id (`key_...`)" },
  },
});
